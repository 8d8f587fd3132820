/**
 * End to end in the extension: deep clean's model download. A local server plays the model hub (test/e2e/fake-hub.ts)
 * and serves the random-weight GPT-2 fixture as `pith-test/tiny-gpt2`; the user's hub mirror setting points there.
 * The reader asks before downloading, with the size; saying no downloads nothing and keeps the structural result;
 * a download shows progress, Cancel stops it and leaves nothing of it in the browser's cache; a second download
 * completes and deep clean then runs and shows its `lm` decisions. The labels mean nothing (random weights).
 * Run: npm run build --silent && node --import tsx --test test/e2e/deep-clean-download.test.ts
 */
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page, Worker } from 'playwright-core';
import { formatBytes } from '../../src/dripper/models';
import { SHARED_MODELS, startFakeHub, type FakeHub } from './fake-hub';
import { launchWithExtension, openReaderFor, servePages, type Launched, type ReaderSession, type StaticServer } from './harness';

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>The orchard ladder</title></head>
<body>
  <nav class="menu"><a href="/">Home</a> <a href="/garden">Garden</a></nav>
  <main><article>
    <h1>The orchard ladder</h1>
    <p>The old three-legged ladder leans against the pear tree from August until the last fruit is picked in October.</p>
    <p>Its third leg is what makes it safe on soft ground, where a two-legged ladder would sink and tip at the first reach.</p>
    <p>Each winter the rungs are oiled and the hinge pin replaced, a job that takes one afternoon and a spare bolt.</p>
  </article></main>
</body></html>`;
const REPO = 'pith-test/tiny-gpt2';
const FOLDER = 'synthetic-tiny-gpt2-smollm-vocab';
const MODEL = `hub:${REPO}@q8`;
/** The files transformers.js fetches for a q8 causal LM with its tokenizer. */
const FILES = ['config.json', 'generation_config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/model_quantized.onnx'];
const REASON = 'Labelled other by the language model (tiny-gpt2, deep clean)';
const RUN_TIMEOUT_MS = 420_000;

const modelBytes = () => FILES.reduce((sum, f) => sum + statSync(join(SHARED_MODELS, FOLDER, f)).size, 0);

interface ChromeStorage {
  storage: { local: { set(items: Record<string, unknown>): Promise<void> } };
}

function chooseModel(sw: Worker, model: string, hubHost: string): Promise<void> {
  return sw.evaluate(
    async ([value, host]) => {
      const chrome = (globalThis as unknown as { chrome: ChromeStorage }).chrome;
      // The storage items 'local:deepCleanModel' and 'local:modelHubHost' (ext/deep-clean-settings.ts).
      await chrome.storage.local.set({ deepCleanModel: value, modelHubHost: host });
    },
    [model, hubHost] as const,
  );
}

async function panelState(reader: Page, not = 'checking'): Promise<string | null> {
  await reader.waitForFunction((s) => { const state = document.querySelector('#pith-deep-clean')?.getAttribute('data-state'); return !!state && state !== s; }, not, { timeout: 60_000 });
  return reader.locator('#pith-deep-clean').getAttribute('data-state');
}

/** Cache Storage entries of the extension's origin whose URL is one of the fake hub's model files. */
function storedFiles(reader: Page, host: string): Promise<string[]> {
  return reader.evaluate(async (prefix) => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) if (request.url.startsWith(prefix)) urls.push(request.url);
    return urls;
  }, host);
}

let server: StaticServer;
let hub: FakeHub;
let browser: Launched;
let session: ReaderSession | undefined;

before(async () => {
  server = await servePages({ 'ladder.html': PAGE });
  hub = await startFakeHub({ [REPO]: FOLDER });
  browser = await launchWithExtension();
  await chooseModel(browser.sw, MODEL, hub.host);
});

after(async () => {
  await session?.close();
  await browser?.close();
  await hub?.close();
  await server?.close();
});

describe('Deep clean: the model download', () => {
  test('the reader asks first, with the size; saying no downloads nothing and keeps the structural result', async () => {
    session = await openReaderFor(browser, server.url('ladder.html'));
    const { reader } = session;
    assert.equal(await panelState(reader), 'consent');
    const bytes = modelBytes();
    assert.equal(await reader.locator('#pith-deep-clean-size').textContent(), formatBytes(bytes));
    assert.match((await reader.locator('#pith-deep-clean-download').textContent()) ?? '', new RegExp(`^Download tiny-gpt2 \\(${formatBytes(bytes)}\\)$`));
    const articleBefore = await reader.locator('article#pith-article').innerText();
    await reader.locator('#pith-deep-clean-decline').click();
    assert.equal(await panelState(reader, 'consent'), 'declined');
    assert.match((await reader.locator('#pith-deep-clean-declined').textContent()) ?? '', /nothing was downloaded, and the reader shows the structural result/);
    assert.equal(await reader.locator('article#pith-article').innerText(), articleBefore);
    assert.equal(await reader.locator('.pith-removed[data-cause="lm-label"]').count(), 0);
    // Only the 444-byte config.json, which says which files the model needs; no tokenizer, no weights.
    assert.deepEqual([...hub.reads.keys()], ['config.json']);
    assert.deepEqual(await storedFiles(reader, hub.host), []);
  });

  test('a download shows progress; Cancel stops it and keeps nothing of it', { timeout: 180_000 }, async () => {
    const reader = session!.reader;
    hub.throttle = 64 * 1024; // the 3.5 MB weights take about 6 s
    await reader.locator('#pith-deep-clean-download').click();
    assert.equal(await panelState(reader, 'declined'), 'downloading');
    // Progress counts against the whole model (tokenizer and weights), as the offer named it.
    const size = formatBytes(modelBytes());
    await reader.waitForFunction((of) => new RegExp(`^[\\d.]+ (kB|MB) of ${of.replace('.', '\\.')}$`).test(document.querySelector('#pith-deep-clean-progress-text')?.textContent ?? '') && Number((document.querySelector('#pith-deep-clean-progress') as HTMLProgressElement | null)?.value) > 0, size, { timeout: 60_000 });
    const shown = await reader.locator('#pith-deep-clean-progress-text').textContent();
    await reader.locator('#pith-deep-clean-download-cancel').click();
    assert.equal(await panelState(reader, 'downloading'), 'consent');
    assert.equal(await reader.locator('#pith-deep-clean-note').textContent(), 'Download cancelled; nothing of it was kept.');
    assert.deepEqual(await storedFiles(reader, hub.host), [], `progress was "${shown}" when cancelled`);
    console.log(`download cancelled at "${shown}"; nothing stored`);
  });

  test('a completed download is kept, and deep clean then runs and shows its lm decisions', { timeout: RUN_TIMEOUT_MS }, async () => {
    const reader = session!.reader;
    hub.throttle = 0;
    await reader.locator('#pith-deep-clean-download').click();
    await panelState(reader, 'consent'); // the click's effect first: the panel showed 'consent' before it
    await reader.waitForFunction(() => ['offered', 'consent'].includes(document.querySelector('#pith-deep-clean')?.getAttribute('data-state') ?? ''), undefined, { timeout: 120_000 });
    assert.equal(await reader.locator('#pith-deep-clean').getAttribute('data-state'), 'offered', (await reader.locator('#pith-deep-clean-note').textContent().catch(() => null)) ?? '');
    assert.equal((await storedFiles(reader, hub.host)).length, FILES.length);
    await reader.locator('#pith-deep-clean-run').click();
    await reader.locator('#pith-deep-clean-result').waitFor({ timeout: RUN_TIMEOUT_MS - 60_000 });
    const result = (await reader.locator('#pith-deep-clean-result').textContent()) ?? '';
    assert.equal(await reader.locator('#pith-deep-clean-result').getAttribute('data-applied'), 'true', result);
    const match = /(\d+) blocks labelled in 1 chunk, (\d+) kept blocks labelled other removed/.exec(result);
    assert.ok(match, result);
    await reader.locator('#pith-show-removed').check();
    const shown = reader.locator('article#pith-article .pith-removed[data-cause="lm-label"]');
    assert.equal(await shown.count(), Number(match[2]));
    for (const reason of await shown.evaluateAll((els) => els.map((el) => el.getAttribute('data-reason')))) assert.equal(reason, REASON);
    console.log(`deep clean after the download: ${result}`);
  });
});
