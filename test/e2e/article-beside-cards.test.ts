/**
 * End-to-end: a news story with a column of twenty headline cards beside it (a fixture written for this test, the
 * shape of a portal's article page). Whatever the page-type classifier makes of the cards, the reader shows the story
 * whole and none of the headlines: a listing profile leaves an article with long prose outside its cards alone.
 *
 *   npm run build --silent && node --import tsx --test test/e2e/article-beside-cards.test.ts
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

test('the story is in the reader from first to last paragraph, and the headline cards beside it are not', { timeout: 120_000 }, async () => {
  const session = await openReaderFor(browser, server.url('page-types/article-beside-cards.html'));
  try {
    if (session.outcome === 'error') assert.fail(`the reader shows #pith-error: ${await session.reader.locator('#pith-error').innerText()}`);
    const text = await session.reader.locator('#pith-article').innerText();
    const story = ['The river authority opened the Hallam weir gates', 'We lose the grazing for a month', 'the primary school on Mill Lane closed', 'A review of the flood plan'];
    const missing = story.filter((w) => !text.includes(w));
    assert.deepEqual(missing, [], `missing ${JSON.stringify(missing)}; got: ${excerpt(text, 800)}`);
    const headlines = ['Council approves new cycle lanes', 'Museum finds lost medieval charter', 'Road resurfacing starts on Monday', 'Latest headlines'].filter((w) => text.includes(w));
    assert.deepEqual(headlines, [], `should not show ${JSON.stringify(headlines)}; got: ${excerpt(text, 800)}`);
  } finally {
    await session.close();
  }
});
