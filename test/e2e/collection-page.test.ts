/**
 * End-to-end: a shop's collection page (a fixture written for this test: an introduction, ten product cards whose
 * names are links, a facet sidebar, a sort bar and pagination) read through the built extension in headless
 * Chromium. The reader shows the introduction and every card, and none of the shop's controls.
 *
 *   npm run build --silent && node --import tsx --test test/e2e/collection-page.test.ts
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { excerpt, launchWithExtension, openReaderFor, startServer, type Launched, type StaticServer } from './harness';

let server: StaticServer;
let browser: Launched;

before(async () => {
  server = await startServer();
  browser = await launchWithExtension();
}, { timeout: 300_000 });

after(async () => {
  await browser?.close();
  await server?.close();
});

const TOOLS = ['Stainless border spade', 'Ash-handled garden fork', 'Bypass secateurs', 'Long-reach loppers', 'Carbon steel hand trowel', 'Folding pruning saw', 'Galvanised watering can, 9 litres', 'Oak-handled hori hori knife', 'Three-prong hand cultivator', 'Rubber-tined leaf rake'];

test('the introduction and all ten product cards are in the reader; filters, sort bar and pagination are not', { timeout: 120_000 }, async () => {
  const session = await openReaderFor(browser, server.url('page-types/collection.html'));
  try {
    if (session.outcome === 'error') assert.fail(`the reader shows #pith-error: ${await session.reader.locator('#pith-error').innerText()}`);
    const text = await session.reader.locator('#pith-article').innerText();
    const missing = [...TOOLS, 'Every tool in this collection is one we use'].filter((w) => !text.includes(w));
    assert.deepEqual(missing, [], `missing ${JSON.stringify(missing)}; got: ${excerpt(text, 800)}`);
    const present = ['Sort by', 'Showing 10 of 37', 'Fernhill (14)', 'Under £20', 'Next'].filter((w) => text.includes(w));
    assert.deepEqual(present, [], `should not show ${JSON.stringify(present)}; got: ${excerpt(text, 800)}`);
  } finally {
    await session.close();
  }
});
