/**
 * End-to-end: the instant reader. The reader page's own HTML is a skeleton (shown with scripts off), the toolbar
 * click starts reading the page in the background before the reader's script has even run, the skeleton is painted
 * before the article, and a reader reloaded later reads the tab itself.
 *
 *   npx wxt build && node --import tsx --test test/e2e/instant-reader.test.ts
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import type { TimelineMark } from '../../ext/timeline';
import { fireAction, firstTextPaint, launchWithExtension, openReaderFor, servePages, swEvaluate, type Launched, type StaticServer } from './harness';

const T = { timeout: 120_000 };

const paragraphs = Array.from(
  { length: 60 },
  (_, i) => `<p>Paragraph ${i + 1} of the lighthouse keeper's log: the lamp was trimmed at dusk, the weather noted every four hours, and the passing ships counted by their lights until the morning relief arrived on the supply boat.</p>`,
).join('\n');
const PAGE = `<!doctype html><html lang="en"><head><title>The lighthouse log</title></head><body>
<nav><a href="/">Home</a> <a href="/news">News</a> <a href="/about">About</a></nav>
<main><article><h1>The lighthouse log</h1>${paragraphs}</article></main>
<footer><a href="/privacy">Privacy</a> · © Harbour Press</footer></body></html>`;

let server: StaticServer;
let browser: Launched;

before(async () => {
  server = await servePages({ 'lighthouse.html': PAGE });
  browser = await launchWithExtension();
}, { timeout: 300_000 });

after(async () => {
  await browser?.close();
  await server?.close();
});

const readerMarks = (reader: Page): Promise<TimelineMark[]> => reader.evaluate(() => globalThis.__pithTimeline ?? []);
const at = (marks: readonly TimelineMark[], name: string): number | undefined => marks.find((m) => m.name === name)?.at;

describe('instant reader', () => {
  test('the reader page is a skeleton before any script runs', T, async () => {
    const page = await browser.context.newPage();
    try {
      const cdp = await browser.context.newCDPSession(page);
      await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
      await page.goto(`chrome-extension://${browser.extensionId}/reader.html?tab=1`);
      const skeleton = await page.evaluate(() => {
        const line = document.querySelector('.pith-skeleton-article .pith-skeleton-line');
        const box = line?.getBoundingClientRect();
        return {
          status: document.querySelector('.pith-skeleton [role=status]')?.textContent ?? null,
          lineHeight: box?.height ?? 0,
          lineWidth: box?.width ?? 0,
          lineColor: line ? getComputedStyle(line).backgroundColor : null,
          article: document.querySelector('#pith-article') !== null,
          scriptRan: (globalThis as { __pithTimeline?: unknown }).__pithTimeline !== undefined,
        };
      });
      assert.equal(skeleton.scriptRan, false, 'scripts were meant to be off');
      assert.equal(skeleton.status, 'Reading the page…');
      assert.ok(skeleton.lineHeight > 4 && skeleton.lineWidth > 100, `skeleton lines are drawn: ${JSON.stringify(skeleton)}`);
      assert.notEqual(skeleton.lineColor, 'rgba(0, 0, 0, 0)', 'the stylesheet colours the skeleton');
      assert.equal(skeleton.article, false);
    } finally {
      await page.close();
    }
  });

  test('the click reads the page while the reader opens; the skeleton is painted before the article', T, async () => {
    await swEvaluate(browser, () => void (globalThis.__pithTimeline = []), undefined, 'clearing the background timeline');
    const s = await openReaderFor(browser, server.url('/lighthouse.html'), { timeout: 60_000 });
    try {
      assert.equal(s.outcome, 'article');
      const text = await s.reader.locator('#pith-article').innerText();
      assert.match(text, /Paragraph 60 of the lighthouse keeper's log/);
      assert.doesNotMatch(text, /Privacy/);
      const background = await swEvaluate(browser, () => globalThis.__pithTimeline ?? [], undefined, 'reading the background timeline');
      const reader = await readerMarks(s.reader);
      const requested = at(background, 'extract:requested');
      const script = at(reader, 'reader:script');
      assert.ok(requested !== undefined && script !== undefined, `marks: ${JSON.stringify({ background, reader })}`);
      assert.ok(requested < script, 'the background asked the page for its extraction before the reader script ran');
      assert.ok(at(background, 'early-read:sent') !== undefined, 'the background handed its read to the reader');
      assert.equal(at(reader, 'extract:requested'), undefined, 'the reader did not read the tab a second time');
      const firstPaint = await s.reader.evaluate(() => {
        const fcp = performance.getEntriesByName('first-contentful-paint')[0];
        return fcp ? performance.timeOrigin + fcp.startTime : null;
      });
      const rendered = at(reader, 'article:rendered');
      assert.ok(firstPaint !== null && rendered !== undefined && firstPaint < rendered, `skeleton painted (${firstPaint}) before the article was rendered (${rendered})`);
      // The full reader took over from the first paint: controls are there, and the article is shown once.
      await s.reader.locator('#pith-show-removed').waitFor({ state: 'attached', timeout: 30_000 });
      // The first paint held only the start of this long article, and the browser reported its text painted
      // (Element Timing) before the full reader loaded its controls.
      const marks = await readerMarks(s.reader);
      const firstScreen = marks.find((m) => m.name === 'article:rendered')?.bytes;
      const full = await s.reader.locator('#pith-article').evaluate((el) => el.innerHTML.length);
      assert.ok(firstScreen !== undefined && firstScreen > 0 && firstScreen < full / 2, `first screen ${firstScreen} characters of HTML, full article ${full}`);
      const textPainted = await firstTextPaint(s.reader);
      const appLoaded = at(marks, 'app:loaded');
      assert.ok(textPainted !== null && appLoaded !== undefined && textPainted < appLoaded, `text painted at ${textPainted}, controls loaded at ${appLoaded}`);
      assert.equal(await s.reader.locator('article').count(), 1);
      assert.equal(await s.reader.locator('.pith-skeleton-line').count(), 0);
    } finally {
      await s.close();
    }
  });

  test('the reader opens in the extension\'s running renderer: the click starts no new process', T, async () => {
    // A cross-origin isolated reader (COOP/COEP in the manifest) could not share the extension's process and waited
    // for a new one at every click, 150-350 ms before its HTML was even parsed.
    const cdp = await browser.context.browser()!.newBrowserCDPSession();
    const renderers = async (): Promise<number[]> => {
      const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo' as never)) as { processInfo: { type: string; id: number }[] };
      return processInfo.filter((p) => p.type === 'renderer').map((p) => p.id);
    };
    const source = await browser.context.newPage();
    let reader: Page | undefined;
    try {
      await source.goto(server.url('/lighthouse.html'), { waitUntil: 'load' });
      const url = source.url();
      const tabId = await swEvaluate(browser, async (u: string) => ((await (globalThis as any).chrome.tabs.query({ url: u })) as { id: number }[])[0]?.id, url, 'finding the tab');
      assert.ok(tabId !== undefined, 'the source tab was found');
      const before = await renderers();
      const opened = browser.context.waitForEvent('page', { predicate: (p) => p.url().includes('/reader.html'), timeout: 30_000 });
      await fireAction(browser, tabId);
      reader = await opened;
      await reader.locator('#pith-article').waitFor({ state: 'attached', timeout: 60_000 });
      assert.equal(await reader.evaluate(() => crossOriginIsolated), false, 'the reader is not cross-origin isolated');
      const started = (await renderers()).filter((id) => !before.includes(id));
      assert.deepEqual(started, [], 'no renderer process was started for the reader');
      // What isolation was for: the model host's WASM threads still get memory they can share (src/embedding/threads.ts).
      const shared = await reader.evaluate(() => {
        try {
          new MessageChannel().port1.postMessage(new SharedArrayBuffer(1));
          return true;
        } catch {
          return false;
        }
      });
      assert.equal(shared, true, 'an extension page can still hand a SharedArrayBuffer to another thread');
    } finally {
      await reader?.close();
      await source.close();
      await cdp.detach().catch(() => undefined);
    }
  });

  test('a reloaded reader reads the tab itself', T, async () => {
    const s = await openReaderFor(browser, server.url('/lighthouse.html'), { timeout: 60_000 });
    try {
      await s.reader.reload();
      await s.reader.locator('#pith-article').waitFor({ state: 'attached', timeout: 60_000 });
      assert.match(await s.reader.locator('#pith-article').innerText(), /Paragraph 1 of the lighthouse keeper's log/);
      assert.ok(at(await readerMarks(s.reader), 'extract:requested') !== undefined, 'the reloaded reader read the tab');
    } finally {
      await s.close();
    }
  });
});
