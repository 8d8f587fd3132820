/**
 * End to end in the built extension: the "Learned block model" setting (Advanced, ext/block-model-settings.ts). On a
 * review page whose closing section heading the page structure alone drops (its class reads like page furniture),
 * the reader without the setting removes the heading; with it on, the block model keeps it, and the heading's
 * correction card says so: kept by the block model, with the reason in words.
 *
 *   npm run build --silent && node --import tsx --test test/e2e/block-model-reader.test.ts
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { launchWithExtension, openReaderFor, startServer, swEvaluate, type Launched, type StaticServer } from './harness';

const FIXTURE = 'block-model-review.html';
const HEADING = 'Which one we would buy';

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

async function setBlockModel(on: boolean): Promise<void> {
  // The storage item 'local:blockModel', version 1.
  await swEvaluate(browser, async (value) => {
    await (globalThis as any).chrome.storage.local.set({ blockModel: value, blockModel$: { v: 1 } });
  }, on, 'storing the block-model setting');
}

async function showRemoved(page: Page): Promise<void> {
  await page.waitForSelector('#pith-article');
  await page.locator('#pith-show-removed').check();
  await page.waitForSelector('#pith-article .pith-removed', { state: 'attached' });
}

const heading = (page: Page) => page.locator('#pith-article [data-pith-block]').filter({ hasText: HEADING }).last();

describe('the learned block model in the reader', () => {
  test('without the setting the page structure drops the closing heading', { timeout: 90_000 }, async () => {
    await setBlockModel(false);
    const session = await openReaderFor(browser, server.url(FIXTURE), { timeout: 30_000 });
    try {
      assert.equal(session.outcome, 'article');
      await showRemoved(session.reader);
      assert.match((await heading(session.reader).getAttribute('class')) ?? '', /pith-removed/);
    } finally {
      await session.close();
    }
  });

  test('with it on, the model keeps the heading and its card gives the reason in words', { timeout: 90_000 }, async () => {
    await setBlockModel(true);
    const session = await openReaderFor(browser, server.url(FIXTURE), { timeout: 30_000 });
    try {
      assert.equal(session.outcome, 'article');
      const page = session.reader;
      await showRemoved(page);
      assert.doesNotMatch((await heading(page).getAttribute('class')) ?? '', /pith-removed/);
      await heading(page).click();
      const card = page.locator('#pith-block-correction');
      await card.waitFor({ state: 'visible', timeout: 5000 });
      assert.equal(await card.locator('.pith-correction-words').innerText(), 'Kept as part of the article');
      await card.locator('summary').click();
      const details = (await card.locator('details').innerText()).split('\n').map((l) => l.trim()).filter(Boolean);
      assert.ok(details.some((l) => /^Kept by Block model/.test(l)), details.join(' | '));
      // The reason: the features that moved the model, in words; no feature names, tags or raw numbers.
      const reason = details[1]!;
      assert.match(reason, /^[A-Z][a-z' ]+(, [a-z' ]+)*$/);
      assert.notEqual(reason, 'Kept');
    } finally {
      await session.close();
    }
  });
});
