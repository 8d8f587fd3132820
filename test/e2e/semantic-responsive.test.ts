/**
 * End-to-end: the reader stays responsive while the semantic pass runs. Extension pages share one renderer
 * process, so a model running on the model host's main thread would hold up the reader's input too; the host runs
 * inference in a Worker (ext/model-host/embed-worker.ts). On an article of many short blocks (each one a segment to
 * embed), keys are pressed in the reader throughout the pass (model load, outlier index build, SORE) and the time
 * from each key event to its handler is measured in the reader. The model is the random-weight ONNX fixture: what
 * is measured is where inference runs, not what it decides (with the model on the host's main thread, each ORT call
 * held the reader's input for its whole length).
 *
 *   npx wxt build && node --import tsx --test test/e2e/semantic-responsive.test.ts
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { launchWithExtension, openReaderFor, servePages, type Launched, type ReaderSession, type StaticServer } from './harness';
import { FIXTURE_SORE_SETTINGS } from '../helpers/sore-test-settings';

/** Cold: the model loads and the outlier index (about 800 known lines) is embedded before SORE runs. */
const PASS_TIMEOUT_MS = 170_000;
/** The typical (median) input event must be handled this soon after it happened (the issue's figure). */
const MAX_INPUT_DELAY_MS = 100;
/**
 * And 9 in 10 within this: on a machine loaded by other work a few events wait for the CPU whatever runs where, but
 * none waits for a whole model call (with inference on the host's main thread: median 203 ms, p90 5.9 s, max 24 s).
 */
const MAX_P90_DELAY_MS = 1000;

const ITEMS = [
  'The quay reopened on Monday after a week of repairs.',
  'Fishing boats were the first to return to their moorings.',
  'The ferry from the islands followed in the afternoon.',
  'Engineers inspected the concrete before it was declared safe.',
  'The fish market flooded when waves broke over the sea wall.',
  'Three boats sank during the night of the storm.',
  'The lifeboat crew rescued two fishermen from the pier.',
  'Repairs cost the council about two million euros.',
  'The mayor wants to raise the quay by half a metre.',
  'Traders sold the first catch of the week within an hour.',
];
const BLOCKS = Array.from({ length: 6 }, (_, round) => ITEMS.map((item) => `<p>${item.replace('.', ` (update ${round + 1}).`)}</p>`).join('\n')).join('\n');

const ARTICLE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Harbour storm: what happened, hour by hour | Harbour Daily</title></head>
<body><header><nav><a href="/">Home</a> <a href="/news">News</a></nav></header>
<main><article><h1>Harbour storm: what happened, hour by hour</h1>
<p>Ships returned to the harbour on Monday morning after a week of repairs to the quay that the storm had torn apart,
and this page follows what happened in the harbour from the first gust to the first catch sold after it.</p>
${BLOCKS}
<p>Advertisement</p>
<p>Subscribe to our newsletter</p>
</article></main><footer><p>Harbour Daily, 12 Quay Street.</p></footer></body></html>`;

const SETTINGS = FIXTURE_SORE_SETTINGS;

const FINAL_STATES = new Set(['done', 'unchanged', 'failed', 'declined', 'ask']);

let server: StaticServer;
let browser: Launched;
let session: ReaderSession | undefined;

before(async () => {
  server = await servePages({ 'timeline.html': ARTICLE });
  browser = await launchWithExtension();
});

after(async () => {
  await session?.close();
  await browser?.close();
  await server?.close();
});

/** A text field in the reader whose key handler records how long after each key event it ran. */
async function installProbe(reader: Page): Promise<void> {
  await reader.evaluate(() => {
    const input = document.createElement('input');
    input.id = 'pith-test-probe';
    const delays: number[] = [];
    (window as unknown as { __probeDelays: number[] }).__probeDelays = delays;
    input.addEventListener('keydown', (event) => delays.push(performance.now() - event.timeStamp));
    document.body.prepend(input);
    input.focus();
  });
}

describe('the reader during the semantic pass', () => {
  test('handles input within 100 ms while the model loads, the index is built and SORE runs', { timeout: PASS_TIMEOUT_MS + 60_000 }, async (t) => {
    await browser.sw.evaluate(async (value) => {
      const chrome = (globalThis as unknown as { chrome: { storage: { local: { set(items: object): Promise<void> } } } }).chrome;
      await chrome.storage.local.set({ soreSettings: value, soreSettings$: { v: 1 } });
    }, SETTINGS);
    session = await openReaderFor(browser, server.url('timeline.html'));
    const reader = session.reader;
    assert.equal(session.outcome, 'article');
    await installProbe(reader);

    const started = Date.now();
    let state: string | null = null;
    let presses = 0;
    while (!(state !== null && FINAL_STATES.has(state))) {
      if (Date.now() - started > PASS_TIMEOUT_MS) assert.fail(`the semantic pass did not finish within ${PASS_TIMEOUT_MS / 1000} s`);
      await reader.keyboard.press('a');
      presses += 1;
      state = await reader.locator('#pith-semantic').getAttribute('data-state');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const text = (await reader.locator('#pith-semantic').innerText()).replace(/\s+/g, ' ');
    const delays = await reader.evaluate(() => (window as unknown as { __probeDelays: number[] }).__probeDelays);
    const sorted = [...delays].sort((a, b) => a - b);
    const within = delays.filter((d) => d <= MAX_INPUT_DELAY_MS).length;
    t.diagnostic(`pass: [${state}] ${text} after ${Date.now() - started} ms`);
    t.diagnostic(`${delays.length} of ${presses} key events handled; delay median ${sorted[sorted.length >> 1]?.toFixed(0)} ms, ` +
      `p90 ${sorted[Math.floor(sorted.length * 0.9)]?.toFixed(0)} ms, max ${sorted[sorted.length - 1]?.toFixed(0)} ms; ${within} within ${MAX_INPUT_DELAY_MS} ms`);
    assert.equal(state, 'done', `the semantic pass did not complete: ${text}`);
    // The engine detail (which backend ran) is an attribute for diagnostics, not words on screen.
    assert.equal(await reader.locator('#pith-semantic').getAttribute('data-backend'), 'wasm', text);
    assert.ok(delays.length >= 10, `too few key events during the pass to judge (${delays.length})`);
    const all = `sorted delays: ${sorted.map((d) => d.toFixed(0)).join(', ')} ms`;
    assert.ok(sorted[sorted.length >> 1] <= MAX_INPUT_DELAY_MS, `the median key event waited more than ${MAX_INPUT_DELAY_MS} ms (${all})`);
    assert.ok(sorted[Math.floor(sorted.length * 0.9)] <= MAX_P90_DELAY_MS, `one key event in ten waited more than ${MAX_P90_DELAY_MS} ms (${all})`);
  });
});
