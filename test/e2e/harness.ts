/**
 * Shared helpers for the end-to-end tests: a static server for test/fixtures/pages, the built extension loaded
 * into headless Chromium (fresh profile per launch), and "click the toolbar action, wait for the reader tab".
 */
import { execFileSync } from 'node:child_process';
import { CHROMIUM_ARGS } from '../../scripts/lib/browser';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type CDPSession, type Page, type Worker } from 'playwright-core';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const PAGES_DIR = join(ROOT, 'test/fixtures/pages');
/** The unpacked extension; PITH_EXT_DIR overrides it (and skips the build) to test another build. */
export const EXT_DIR = process.env.PITH_EXT_DIR ? resolve(process.env.PITH_EXT_DIR) : join(ROOT, '.output/chrome-mv3');
export const CHROMIUM = process.env.PITH_CHROMIUM ?? '/usr/bin/chromium';

/** A valid 1×1 PNG (grey pixel), served for every /images/*.png request. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
};

export interface StaticServer {
  server: Server;
  origin: string; // http://127.0.0.1:<port>
  url(path: string): string;
  close(): Promise<void>;
}

/** Serves pages a test writes itself (file name → HTML) from a temporary folder, removed again on close(). */
export async function servePages(pages: Record<string, string>): Promise<StaticServer> {
  const dir = mkdtempSync(join(tmpdir(), 'pith-pages-'));
  for (const [name, html] of Object.entries(pages)) writeFileSync(join(dir, name), html);
  const served = await startServer(dir);
  return {
    ...served,
    close: async () => {
      await served.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Serves test/fixtures/pages on 127.0.0.1 at a random free port; /images/*.png always answers a 1×1 PNG. */
export async function startServer(pagesDir = PAGES_DIR): Promise<StaticServer> {
  const dir = resolve(pagesDir);
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (/^\/images\/[^/]+\.png$/.test(path)) {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': PNG_1X1.length, 'cache-control': 'no-store' });
      res.end(PNG_1X1);
      return;
    }
    const file = normalize(join(dir, path === '/' ? 'index.html' : path));
    if (!file.startsWith(dir + sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
    res.end(readFileSync(file));
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => ok());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    server,
    origin,
    url: (p) => `${origin}/${p.replace(/^\//, '')}`,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections?.();
        server.close(() => ok());
      }),
  };
}

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/**
 * Runs `npx wxt build` when .output/chrome-mv3/manifest.json is missing or older than the sources
 * (src/, entrypoints/, ext/, public/, wxt.config.ts, package.json). Set PITH_SKIP_BUILD=1 to use whatever is built;
 * PITH_EXT_DIR=<dir> to load another unpacked build.
 */
export function ensureBuilt(): void {
  if (process.env.PITH_SKIP_BUILD || process.env.PITH_EXT_DIR) return;
  const manifest = join(EXT_DIR, 'manifest.json');
  const stale = () => {
    const built = existsSync(manifest) ? statSync(manifest).mtimeMs : 0;
    const sources = Math.max(
      ...['src', 'entrypoints', 'ext', 'public', 'wxt.config.ts', 'package.json'].map((p) => newestMtime(join(ROOT, p))),
    );
    return !built || built < sources;
  };
  if (!stale()) return;
  // e2e files run in parallel processes: one builds, the others wait for it and then find the build fresh.
  const lock = join(tmpdir(), 'pith-e2e-build.lock');
  const deadline = Date.now() + 240_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      const age = existsSync(lock) ? Date.now() - statSync(lock).mtimeMs : 0;
      if (age > 240_000) rmSync(lock, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`timed out waiting for another e2e build (${lock})`);
      else execFileSync('sleep', ['1']);
    }
  }
  try {
    if (!stale()) return;
    execFileSync('npx', ['wxt', 'build'], { cwd: ROOT, stdio: 'pipe', timeout: 180_000 });
  } catch (err) {
    const e = err as { stdout?: Buffer; stderr?: Buffer; message: string };
    // Strip colours and spinner frames; keep the lines that say what broke.
    const out = `${e.stdout?.toString() ?? ''}\n${e.stderr?.toString() ?? ''}`
      .replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '')
      .split('\n')
      .filter((l) => l.trim() && !/^\s+at /.test(l) && !/⠋|⠙|⠹|⠸|⠼|⠴|⠦|⠧|⠇|⠏/.test(l))
      .slice(0, 40)
      .join('\n');
    throw new Error(`npx wxt build failed (${e.message.split('\n')[0]}):\n${out}`);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
  if (!existsSync(manifest)) throw new Error(`npx wxt build did not produce ${manifest}`);
}

/**
 * Copies the built extension to a temp dir so that a rebuild by someone else while the tests run (WXT empties
 * .output/chrome-mv3 first) cannot pull files from under the browser. The manifest's `key` keeps the id the same.
 * Retries while a build is in progress (manifest missing or rewritten during the copy).
 */
function copyBuiltExtension(): string {
  const manifest = join(EXT_DIR, 'manifest.json');
  const deadline = Date.now() + 90_000;
  for (;;) {
    const before = existsSync(manifest) ? statSync(manifest).mtimeMs : 0;
    if (before) {
      const dir = mkdtempSync(join(tmpdir(), 'pith-ext-'));
      try {
        cpSync(EXT_DIR, dir, { recursive: true });
        const after = existsSync(manifest) ? statSync(manifest).mtimeMs : 0;
        const worker = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'))?.background?.service_worker;
        if (after === before && (!worker || existsSync(join(dir, worker)))) return dir;
      } catch {
        // copied mid-build: retry
      }
      rmSync(dir, { recursive: true, force: true });
    }
    if (Date.now() > deadline) throw new Error(`no complete build in ${EXT_DIR} (is a build failing or still running?)`);
    execFileSync('sleep', ['1']);
  }
}

/** The store build asks for no host; the tests' copy of it may read the local test server without a click. */
export const TEST_HOST_PERMISSIONS = ['http://127.0.0.1/*', 'http://localhost/*'];

export function grantTestHosts(manifest: Record<string, unknown>): void {
  const hosts = (manifest.host_permissions as string[] | undefined) ?? [];
  manifest.host_permissions = [...new Set([...hosts, ...TEST_HOST_PERMISSIONS])];
}

export interface Launched {
  context: BrowserContext;
  /** The extension's service worker (refreshed by liveWorker() when Chromium restarts it). */
  sw: Worker;
  extensionId: string;
  profileDir: string;
  /** The copy of the build the browser loaded (deleted by close()). */
  extDir: string;
  close(): Promise<void>;
}

export interface LaunchOptions {
  /** Use this profile and keep it on close() (to restart the browser with the same profile); default: a fresh one. */
  profileDir?: string;
  /** More Chromium flags, e.g. `--host-resolver-rules=MAP reader.test 127.0.0.1`. */
  args?: string[];
  /** Edits the loaded copy's manifest.json, e.g. to drop host_permissions (the build in .output is left alone). */
  manifest?: (manifest: Record<string, unknown>) => void;
  /**
   * Playwright flags to leave out, e.g. `--disable-renderer-backgrounding`: Playwright keeps hidden tabs at full
   * priority and their timers unthrottled, which a user's browser does not (`npm run bench:reader-speed -- --backgrounding`).
   */
  ignoreDefaultArgs?: string[];
}

/** Launches headless Chromium with the built extension, by default in a fresh temporary profile (deleted by close()). */
export async function launchWithExtension(options: LaunchOptions = {}): Promise<Launched> {
  ensureBuilt();
  const extDir = copyBuiltExtension();
  {
    const path = join(extDir, 'manifest.json');
    const manifest = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    grantTestHosts(manifest);
    options.manifest?.(manifest);
    writeFileSync(path, JSON.stringify(manifest, null, 2));
  }
  const ownProfile = options.profileDir === undefined;
  const profileDir = options.profileDir ?? mkdtempSync(join(tmpdir(), 'pith-e2e-'));
  const cleanup = () => {
    if (ownProfile) rmSync(profileDir, { recursive: true, force: true });
    rmSync(extDir, { recursive: true, force: true });
    process.off('exit', cleanup);
  };
  // Also when the test process is interrupted or killed by the runner's timeout (the browser dies with its pipe).
  process.once('exit', cleanup);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    if (process.listenerCount(signal) === 0) process.once(signal, () => process.exit(signal === 'SIGINT' ? 130 : 143));
  }
  let context: BrowserContext | undefined;
  try {
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath: CHROMIUM,
      headless: true,
      acceptDownloads: true,
      viewport: { width: 1280, height: 900 },
      ...(options.ignoreDefaultArgs ? { ignoreDefaultArgs: options.ignoreDefaultArgs } : {}),
      args: [
        ...CHROMIUM_ARGS,
        ...(options.args ?? []),
        `--disable-extensions-except=${extDir}`,
        `--load-extension=${extDir}`,
      ],
    });
    const sw =
      context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://')) ??
      (await context.waitForEvent('serviceworker', {
        predicate: (w) => w.url().startsWith('chrome-extension://'),
        timeout: 15_000,
      }));
    const extensionId = new URL(sw.url()).host;
    const ctx = context;
    return {
      context: ctx,
      sw,
      extensionId,
      profileDir,
      extDir,
      close: async () => {
        await ctx.close().catch(() => {});
        cleanup();
      },
    };
  } catch (err) {
    await context?.close().catch(() => {});
    cleanup();
    throw err;
  }
}

interface TabInfo {
  id?: number;
  url?: string;
  index?: number;
  windowId?: number;
  active?: boolean;
}

/** Rejects instead of hanging when the browser side never answers. */
function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The extension's current service worker. MV3 workers get stopped (idle, or by the browser); Playwright may keep a
 * handle to the stopped worker whose evaluate() then never answers. A stale handle is replaced by the running one.
 */
export async function liveWorker(launched: Launched): Promise<Worker> {
  const prefix = `chrome-extension://${launched.extensionId}/`;
  const sw = launched.context.serviceWorkers().find((w) => w.url().startsWith(prefix)) ?? (await wakeWorker(launched));
  launched.sw = sw;
  return sw;
}

/** Starts the extension's worker again with a runtime message from one of its pages, and returns its handle. */
async function wakeWorker(launched: Launched, stale?: Worker): Promise<Worker> {
  const prefix = `chrome-extension://${launched.extensionId}/`;
  const isNew = (w: Worker) => w !== stale && w.url().startsWith(prefix);
  const waiting = launched.context.waitForEvent('serviceworker', { predicate: isNew, timeout: 10_000 });
  waiting.catch(() => {}); // not awaited when the worker is already back by the time we look
  const page = await launched.context.newPage();
  try {
    await page.goto(`${prefix}reader.html`).catch(() => {});
    await page
      .evaluate(() => (globalThis as any).chrome?.runtime?.sendMessage({ type: 'pith-e2e-wake' }).catch(() => {}))
      .catch(() => {});
    // Chromium restarts the same worker target, so Playwright often keeps (and revives) the old handle.
    const sw =
      launched.context.serviceWorkers().find(isNew) ??
      launched.context.serviceWorkers().find((w) => w.url().startsWith(prefix)) ??
      (await waiting);
    launched.sw = sw;
    return sw;
  } finally {
    await page.close().catch(() => {});
  }
}

/** sw.evaluate with a deadline; a worker that does not answer is woken (new handle) and asked once more. */
export async function swEvaluate<R, A>(launched: Launched, fn: (arg: A) => R | Promise<R>, arg: A, what: string): Promise<R> {
  const sw = await liveWorker(launched);
  try {
    return await within(5_000, what, sw.evaluate(fn as any, arg as any) as Promise<R>);
  } catch (err) {
    if (!/no answer within|Target .*closed|has been closed/i.test((err as Error).message)) throw err;
    const fresh = await wakeWorker(launched, sw);
    return within(10_000, `${what} (after restarting the service worker)`, fresh.evaluate(fn as any, arg as any) as Promise<R>);
  }
}

async function listTabs(launched: Launched): Promise<TabInfo[]> {
  return swEvaluate(
    launched,
    async () => {
      // The project has no global `chrome` type (WXT ≥0.20); the service worker has the real object.
      const chrome = (globalThis as any).chrome;
      const tabs: any[] = await chrome.tabs.query({});
      return tabs.map((t) => ({ id: t.id, url: t.url ?? t.pendingUrl, index: t.index, windowId: t.windowId, active: t.active }));
    },
    undefined,
    'service worker chrome.tabs.query',
  );
}

/** Resolves once `page` has been laid out and painted (an animation frame, then a task): what a user would click. */
export function pagePainted(page: Page): Promise<unknown> {
  return page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
}

/** The `elementtiming` identifier FirstView gives the title and the article's first blocks. */
export const TEXT_PAINT_ID = 'pith-first-text';

/**
 * When the reader's first text was painted, in ms since the epoch: the earliest Element Timing render time of the
 * elements marked `elementtiming="pith-first-text"` (a time the browser reported, never 0), or null when the browser
 * reported none within 2 s.
 */
export function firstTextPaint(reader: Page): Promise<number | null> {
  return reader.evaluate(
    (identifier) =>
      new Promise<number | null>((resolve) => {
        new PerformanceObserver((list) => {
          const times = (list.getEntries() as (PerformanceEntry & { identifier: string; renderTime: number })[])
            .filter((e) => e.identifier === identifier && e.renderTime > 0)
            .map((e) => performance.timeOrigin + e.renderTime);
          if (times.length > 0) resolve(Math.min(...times));
        }).observe({ type: 'element', buffered: true });
        setTimeout(() => resolve(null), 2_000);
      }),
    TEXT_PAINT_ID,
  );
}

/**
 * Fires the toolbar action for a tab in the service worker, as the timing scripts do (no user gesture); returns when
 * it fired, in ms since the epoch, and leaves a `pith-click` mark in the worker's timeline.
 */
export function fireAction(launched: Launched, tabId: number): Promise<number> {
  return swEvaluate(launched, async (id: number) => {
    const chrome = (globalThis as any).chrome;
    const tab = await chrome.tabs.get(id);
    performance.mark('pith-click');
    const at = performance.timeOrigin + performance.now();
    chrome.action.onClicked.dispatch(tab);
    return at;
  }, tabId, 'firing the action');
}

export interface ReaderSession {
  /** The page the reader was opened for. */
  source: Page;
  /** The reader tab (chrome-extension://<id>/reader.html?tab=<tabId>). */
  reader: Page;
  tabId: number;
  /** How the action was fired: 'action.onClicked.dispatch', 'pithOpenReader' or 'Extensions.triggerAction'. */
  firedWith: string;
  /** Whether the reader ended in #pith-article or #pith-error. */
  outcome: 'article' | 'error';
  close(): Promise<void>;
}

export interface OpenReaderOptions {
  /** How long to wait for #pith-article / #pith-error (default 20 s). */
  timeout?: number;
  /**
   * 'auto' (default): chrome.action.onClicked.dispatch, else globalThis.pithOpenReader; or force the latter. Neither
   * is a user gesture, so neither grants activeTab. 'click': the browser's own action click (CDP
   * Extensions.triggerAction on the tab), which grants activeTab like a user's click.
   */
  fire?: 'auto' | 'pithOpenReader' | 'click';
  /** Fire only once the page has been laid out and painted (a user clicks a page they see; timing tests want that). */
  afterPagePainted?: boolean;
}

/**
 * Opens `url` in a new tab, finds its tab id from the service worker, fires the toolbar action for it and waits
 * for the reader tab to show #pith-article or #pith-error.
 */
export async function openReaderFor(launched: Launched, url: string, options: OpenReaderOptions = {}): Promise<ReaderSession> {
  const { context } = launched;
  const timeout = options.timeout ?? 20_000;
  const before = new Set((await listTabs(launched)).map((t) => t.id));
  const tabTargetsBefore = options.fire === 'click' ? await tabTargetIds(launched) : undefined;
  const source = await context.newPage();
  await source.goto(url, { waitUntil: 'load' }).catch((err: Error) => {
    // chrome:// pages and the like may refuse navigation events in odd ways; the tab still exists.
    if (!/^(chrome|about|edge|devtools):/.test(url)) throw err;
  });

  if (options.afterPagePainted) await pagePainted(source);

  // Find the new tab: by URL when the extension can see it (host permission), else the only new tab id.
  let tab: TabInfo | undefined;
  for (let i = 0; i < 50 && !tab; i++) {
    const tabs = await listTabs(launched);
    tab = tabs.find((t) => t.url === url || t.url === source.url()) ?? undefined;
    if (!tab) {
      const fresh = tabs.filter((t) => !before.has(t.id));
      if (fresh.length === 1) tab = fresh[0];
    }
    if (!tab) await new Promise((r) => setTimeout(r, 100));
  }
  if (tab?.id === undefined) throw new Error(`openReaderFor: no tab found for ${url}: ${JSON.stringify(await listTabs(launched))}`);
  const tabId = tab.id;

  const pagesBefore = new Set(context.pages());
  const firedWith: string = tabTargetsBefore ? await clickAction(launched, tabTargetsBefore) : await swEvaluate(launched, async ([tabId, fire]: readonly [number, string]) => {
    const chrome = (globalThis as any).chrome;
    const t = await chrome.tabs.get(tabId);
    const action = chrome.action.onClicked as { dispatch?: (tab: unknown) => void; hasListeners(): boolean };
    if (fire === 'auto' && typeof action.dispatch === 'function' && action.hasListeners()) {
      action.dispatch(t);
      return 'action.onClicked.dispatch';
    }
    const open = (globalThis as { pithOpenReader?: (tab: unknown) => unknown }).pithOpenReader;
    if (typeof open === 'function') {
      await open(t);
      return 'pithOpenReader';
    }
    throw new Error('neither chrome.action.onClicked.dispatch nor globalThis.pithOpenReader is available');
  }, [tabId, options.fire ?? 'auto'] as const, 'firing the toolbar action in the service worker');

  // The reader tab: reader.html?tab=<tabId>. A new tab that ends on chrome-error:// means reader.html failed to load.
  const readerPrefix = `chrome-extension://${launched.extensionId}/reader.html`;
  const isReader = (p: Page) => p.url().startsWith(readerPrefix) && new URL(p.url()).searchParams.get('tab') === String(tabId);
  let reader: Page | undefined;
  let broken: Page | undefined;
  const deadline = Date.now() + Math.min(timeout, 10_000);
  while (!reader && Date.now() < deadline) {
    reader = context.pages().find(isReader);
    broken = context.pages().find((p) => !pagesBefore.has(p) && p.url().startsWith('chrome-error:'));
    if (!reader && broken) break;
    if (!reader) await new Promise((r) => setTimeout(r, 50));
  }
  if (!reader) {
    const urls = context.pages().map((p) => p.url());
    await source.close().catch(() => {});
    const built = existsSync(join(launched.extDir, 'reader.html')) ? 'exists' : 'is MISSING';
    await broken?.close().catch(() => {});
    throw new Error(
      broken
        ? `openReaderFor: the tab opened by ${firedWith} failed to load (chrome-error://); reader.html in the loaded build ${built}`
        : `openReaderFor: no reader tab (${readerPrefix}?tab=${tabId}) opened after ${firedWith} (reader.html ${built}); open pages: ${urls.join(', ')}`,
    );
  }
  // No waitForLoadState here: for tabs opened by the extension Playwright sometimes never reports
  // 'domcontentloaded' (seen: 30 s timeout although the page had loaded). Waiting for the contract's elements suffices.
  const found = await reader
    .waitForSelector('#pith-article, #pith-error', { state: 'attached', timeout })
    .catch(async (err: Error) => {
      const body = await reader!.evaluate(() => document.body?.outerHTML ?? '').catch(() => '');
      throw new Error(`openReaderFor: neither #pith-article nor #pith-error within ${timeout} ms (${err.message.split('\n')[0]}). Reader DOM:\n${excerpt(body)}`);
    });
  // When both could appear (error after a first render), prefer what is shown now.
  const outcome = (await found.evaluate((el) => el.id)) === 'pith-error' ? 'error' : 'article';
  const r = reader;
  return {
    source,
    reader: r,
    tabId,
    firedWith,
    outcome,
    close: async () => {
      await r.close().catch(() => {});
      await source.close().catch(() => {});
    },
  };
}

async function withBrowserSession<T>(launched: Launched, use: (session: CDPSession) => Promise<T>): Promise<T> {
  const browser = launched.context.browser();
  if (!browser) throw new Error('no browser handle for the persistent context');
  const session = await browser.newBrowserCDPSession();
  try {
    return await use(session);
  } finally {
    await session.detach().catch(() => {});
  }
}

/** The browser's tab targets (CDP type "tab": what an action click needs, not the page target inside it). */
function tabTargetIds(launched: Launched): Promise<Set<string>> {
  return withBrowserSession(launched, async (session) => {
    const { targetInfos } = await session.send('Target.getTargets', { filter: [{ type: 'tab' }] });
    return new Set(targetInfos.filter((t) => t.type === 'tab').map((t) => t.targetId));
  });
}

/**
 * Clicks the extension's toolbar action on the one tab opened since `before` was taken, the way the browser does for
 * a user (CDP Extensions.triggerAction), so that the extension gets activeTab for it.
 */
async function clickAction(launched: Launched, before: Set<string>): Promise<string> {
  return withBrowserSession(launched, async (session) => {
    const { targetInfos } = await session.send('Target.getTargets', { filter: [{ type: 'tab' }] });
    const opened = targetInfos.filter((t) => t.type === 'tab' && !before.has(t.targetId));
    if (opened.length !== 1) throw new Error(`clickAction: ${opened.length} new tabs (need exactly one): ${JSON.stringify(opened)}`);
    await session.send('Extensions.triggerAction', { id: launched.extensionId, targetId: opened[0].targetId });
    return 'Extensions.triggerAction';
  });
}

/** Shortens HTML for failure messages. */
export function excerpt(html: string, max = 2500): string {
  const flat = html.replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max)} … [${flat.length - max} more chars]` : flat;
}

/**
 * Turns "show removed" on and opens every removed run (the reader draws each collapsed behind a marker), so that the
 * removed blocks can be hovered and clicked.
 */
export async function showAllRemoved(reader: Page): Promise<void> {
  const box = reader.locator('#pith-show-removed');
  if (!(await box.isChecked())) await box.check();
  await reader.locator('#pith-open-removed').click();
}
