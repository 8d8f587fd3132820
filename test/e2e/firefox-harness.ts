/**
 * Firefox ESR (apt: firefox-esr) with the built Firefox extension, driven over WebDriver BiDi by puppeteer-core.
 * The build in .output/firefox-mv3 is copied (with the local test server added to its host permissions, as the
 * Chromium harness does) and installed as a temporary add-on. BiDi cannot navigate to moz-extension:// pages, so the
 * toolbar button is pressed from the browser's own chrome scope (Firefox's browserAction.triggerAction, the same
 * path as a click, which grants activeTab) and the reader tab is then driven by scripts in its own context.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { grantTestHosts, ROOT } from './harness';

export const FIREFOX = process.env.PITH_FIREFOX ?? '/usr/bin/firefox-esr';
export const FIREFOX_BUILD = join(ROOT, '.output/firefox-mv3');
const GECKO_ID = 'pith@pith.dev';
/** A fixed internal UUID, so the reader's moz-extension:// origin is known in advance. */
const EXTENSION_UUID = '6b1c7c3e-2f4d-4a8e-9c51-3d7e0f2a9b14';
export const READER_ORIGIN = `moz-extension://${EXTENSION_UUID}`;

interface BidiConnection {
  send(method: string, params: unknown): Promise<{ result: unknown }>;
}

export interface TreeContext {
  context: string;
  url: string;
}

export interface FirefoxSession {
  browser: Browser;
  /** Evaluates `expression` (a script whose value is JSON-serialisable; promises are awaited) in a browsing context. */
  evaluate<T>(context: string, expression: string): Promise<T>;
  /** Presses the toolbar button for the first tab (selecting it); resolves to the new reader tab's browsing context. */
  openReader(): Promise<string>;
  /** Opens `url` in the first tab and waits for its load event. */
  goto(url: string): Promise<void>;
  /** Polls `expression` (returning true when done) in a context until it holds. */
  waitFor(context: string, expression: string, what: string, timeoutMs?: number): Promise<void>;
  /** Clicks the element `selector` names with the mouse (real input events: a user gesture, unlike element.click()). */
  click(context: string, selector: string): Promise<void>;
  /** Evaluates `expression` in the browser window's chrome scope (its toolbar, tabs and prompts). */
  evaluateChrome<T>(expression: string): Promise<T>;
  /** The open tabs' browsing contexts. */
  tabs(): Promise<TreeContext[]>;
  close(): Promise<void>;
}

export interface FirefoxLaunchOptions {
  /** Give the copy of the extension host access to the local test server (default); false: only what a click grants. */
  testHosts?: boolean;
}

export function firefoxAvailable(): boolean {
  return existsSync(FIREFOX) && existsSync(join(FIREFOX_BUILD, 'manifest.json'));
}

export async function launchFirefox(options: FirefoxLaunchOptions = {}): Promise<FirefoxSession> {
  const extDir = mkdtempSync(join(tmpdir(), 'pith-ff-ext-'));
  cpSync(FIREFOX_BUILD, extDir, { recursive: true });
  const manifestPath = join(extDir, 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, unknown>;
  if (options.testHosts !== false) grantTestHosts(manifest);
  writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));

  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: EXTENSION_UUID }),
      // Exports are saved without asking, into a temporary folder.
      'browser.download.folderList': 2,
      'browser.download.dir': extDir,
      'browser.download.useDownloadDir': true,
      'browser.download.always_ask_before_handling_new_types': false,
    },
  });
  const cleanup = () => rmSync(extDir, { recursive: true, force: true });
  try {
    await browser.installExtension(extDir);
  } catch (error) {
    await browser.close();
    cleanup();
    throw error;
  }
  const connection = (browser as unknown as { connection: BidiConnection }).connection;
  const tree = async (scope?: 'chrome'): Promise<TreeContext[]> => {
    const answer = (await connection.send('browsingContext.getTree', scope ? { 'moz:scope': scope } : {})).result as { contexts: TreeContext[] };
    return answer.contexts;
  };

  const evaluate = async <T>(context: string, expression: string): Promise<T> => {
    const answer = (await connection.send('script.evaluate', {
      expression: `(async () => JSON.stringify(await (async () => { ${expression} })()))()`,
      target: { context },
      awaitPromise: true,
    })).result as { type: string; result?: { value?: string }; exceptionDetails?: { text?: string } };
    if (answer.type !== 'success') throw new Error(`script failed in ${context}: ${answer.exceptionDetails?.text ?? JSON.stringify(answer)}`);
    const value = answer.result?.value;
    return (value === undefined ? undefined : JSON.parse(value)) as T;
  };

  const chromeWindow = async () => (await tree('chrome'))[0].context;

  return {
    browser,
    evaluate,
    async goto(url) {
      const context = (await tree())[0].context;
      await connection.send('browsingContext.activate', { context });
      await connection.send('browsingContext.navigate', { context, url, wait: 'complete' });
    },
    async openReader() {
      const before = new Set((await tree()).map((c) => c.context));
      await evaluate(await chromeWindow(), `
        const { ExtensionParent } = ChromeUtils.importESModule('resource://gre/modules/ExtensionParent.sys.mjs');
        gBrowser.selectedTab = gBrowser.tabs[0];
        const extension = ExtensionParent.GlobalManager.getExtension(${JSON.stringify(GECKO_ID)});
        ExtensionParent.apiManager.global.browserActionFor(extension).triggerAction(window);
        return true;`);
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline) {
        const reader = (await tree()).find((c) => !before.has(c.context) && c.url.startsWith(`${READER_ORIGIN}/reader.html`));
        if (reader) return reader.context;
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error('the reader tab did not open');
    },
    async waitFor(context, expression, what, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (!(await evaluate<boolean>(context, expression).catch(() => false))) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    async click(context, selector) {
      const at = await evaluate<{ x: number; y: number } | null>(context, `
        const el = document.querySelector(${JSON.stringify(selector)});
        if (!el) return null;
        el.scrollIntoView({ block: 'center' });
        const r = el.getBoundingClientRect();
        return { x: Math.round(r.left + r.width / 2), y: Math.round(r.top + r.height / 2) };`);
      if (!at) throw new Error(`nothing to click: ${selector}`);
      await connection.send('input.performActions', {
        context,
        actions: [{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions: [
          { type: 'pointerMove', x: at.x, y: at.y },
          { type: 'pointerDown', button: 0 },
          { type: 'pointerUp', button: 0 },
        ] }],
      });
    },
    async evaluateChrome<T>(expression: string) {
      return evaluate<T>(await chromeWindow(), expression);
    },
    tabs: () => tree(),
    async close() {
      await browser.close().catch(() => undefined);
      cleanup();
    },
  };
}
