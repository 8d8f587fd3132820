/**
 * End to end, reader: a semantic pass that fails (here: the chosen model cannot be loaded) leaves the structural
 * result on screen, and the reader says the pass failed and why.
 *   npx wxt build && node --import tsx --test test/e2e/semantic-failure.test.ts
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launchWithExtension, openReaderFor, servePages, type Launched, type ReaderSession, type StaticServer } from './harness';
import { FIXTURE_SORE_SETTINGS, type StoredSettings } from '../helpers/sore-test-settings';

const PARAGRAPHS = [
  'The lighthouse on the northern cape was switched back on last night after two years of repairs to its lantern.',
  'Keepers from the neighbouring island trained the new volunteers, who will take turns to check the lamp each week.',
  'Fishing crews said the light would make the passage between the rocks safer during the long winter storms.',
];

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>The northern light shines again</title>
<style>body{font:18px/1.6 Georgia,serif;margin:0} main{max-width:680px;margin:2rem auto}</style></head>
<body><header><nav><a href="/">Home</a> <a href="/news">News</a></nav></header>
<main><article><h1>The northern light shines again</h1>${PARAGRAPHS.map((p) => `<p>${p}</p>`).join('')}
<p>Advertisement</p></article></main><footer><a href="/privacy">Privacy policy</a></footer></body></html>`;

const SEMANTIC_TIMEOUT = 60_000;

let server: StaticServer;
let browser: Launched;
let session: ReaderSession | undefined;

before(async () => {
  server = await servePages({ 'light.html': PAGE });
  browser = await launchWithExtension();
});

after(async () => {
  await session?.close();
  await browser?.close();
  await server?.close();
});

describe('a failing semantic pass in the reader', () => {
  test('keeps the structural result on screen and says why the pass failed', { timeout: SEMANTIC_TIMEOUT * 2 }, async () => {
    const settings: StoredSettings = { ...FIXTURE_SORE_SETTINGS, model: 'onnx:no-such-model' };
    await browser.sw.evaluate(async (value) => {
      const chrome = (globalThis as unknown as { chrome: { storage: { local: { set(items: Record<string, unknown>): Promise<void> } } } }).chrome;
      await chrome.storage.local.set({ soreSettings: value, soreSettings$: { v: 1 } });
    }, settings);
    session = await openReaderFor(browser, server.url('light.html'));
    const reader = session.reader;
    assert.notEqual(session.outcome, 'error', 'the page itself is readable');

    const panel = reader.locator('#pith-semantic[data-state="failed"]');
    await panel.waitFor({ state: 'visible', timeout: SEMANTIC_TIMEOUT });
    const said = (await panel.innerText()).replace(/\s+/g, ' ');
    assert.match(said, /^Semantic pass failed: .*no-such-model.*Showing the structural result\.$/, said);

    const status = (await reader.locator('#pith-diagnostics-engine, #pith-diagnostics-paths').allTextContents()).join(' ').replace(/\s+/g, ' ');
    assert.match(status, /semantic pass failed/i, status);
    const article = (await reader.locator('#pith-article').innerText()).replace(/\s+/g, ' ');
    for (const paragraph of PARAGRAPHS) assert.ok(article.includes(paragraph), `lost: ${paragraph}`);
  });
});
