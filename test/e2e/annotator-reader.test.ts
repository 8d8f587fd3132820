/**
 * End-to-end: the annotator's entry points in the reader. With "show removed" on, a block can be restored or
 * removed (the same rule the annotator saves; the reader reads the page again with it); "Correct on the page"
 * turns the overlay on in the article's tab; a page Pith cannot read gives the reader's message.
 *
 *   npm run build --silent && node --import tsx --test test/e2e/annotator-reader.test.ts
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { launchWithExtension, openReaderFor, servePages, swEvaluate, type Launched, type ReaderSession, type StaticServer } from './harness';
import { ANNOTATOR_PAGE, TEXTS } from './annotator-fixture';
import { annotate, OverlayDriver } from './annotator-overlay';

const T = { timeout: 120_000 };
const REASON = /^Your correction for 127\.0\.0\.1 \(saved \d{4}-\d{2}-\d{2}\)$/;

let server: StaticServer;
let browser: Launched;
let session: ReaderSession;

before(async () => {
  server = await servePages({ 'tomatoes.html': ANNOTATOR_PAGE });
  browser = await launchWithExtension();
  session = await openReaderFor(browser, server.url('tomatoes.html'), { timeout: 60_000 });
}, { timeout: 300_000 });

after(async () => {
  await session?.close();
  await browser?.close();
  await server?.close();
});

async function showRemoved(reader: Page): Promise<void> {
  await reader.waitForSelector('#pith-article');
  await reader.locator('#pith-show-removed').check();
  await reader.waitForSelector('#pith-article .pith-removed', { state: 'attached' });
  await reader.locator('#pith-open-removed').click();
}

function blockWith(reader: Page, text: string) {
  return reader.locator('#pith-article [data-pith-block]').filter({ hasText: text }).last();
}

describe('annotator entry points in the reader', () => {
  test('"show removed" restores a removed block and removes a kept one, remembered for the site', T, async () => {
    const { reader } = session;
    assert.equal(session.outcome, 'article');
    await showRemoved(reader);
    assert.match((await blockWith(reader, TEXTS.removed).getAttribute('class')) ?? '', /pith-removed/);
    await blockWith(reader, TEXTS.removed).click();
    await reader.locator('#pith-block-correction button[data-correct="restore"]').click();
    // The reader reads the page again with the new rule: the footer is now part of the article.
    await reader.waitForFunction((text) => {
      const blocks = [...document.querySelectorAll('#pith-article [data-pith-block]')].filter((b) => b.textContent?.includes(text));
      return blocks.length > 0 && !document.querySelector('#pith-show-removed:checked') && blocks.every((b) => !b.classList.contains('pith-removed'));
    }, TEXTS.removed, { timeout: 60_000 });

    await showRemoved(reader);
    await blockWith(reader, TEXTS.kept).click();
    await reader.locator('#pith-block-correction button[data-correct="remove"]').click();
    await reader.waitForFunction(() => !document.querySelector('#pith-show-removed:checked') && document.querySelector('#pith-article'), undefined, { timeout: 60_000 });
    await showRemoved(reader);
    const removed = blockWith(reader, TEXTS.kept);
    assert.match((await removed.getAttribute('class')) ?? '', /pith-removed/);
    assert.match((await removed.getAttribute('data-reason')) ?? '', REASON);
    assert.equal(await reader.locator('#pith-article .pith-removed').filter({ hasText: TEXTS.removed }).count(), 0);
  });

  test('"Correct on the page" turns the overlay on in the article tab, with the saved corrections', T, async () => {
    await session.reader.locator('#pith-correct-on-page').click();
    const overlay = await OverlayDriver.attach(session.source);
    try {
      const paragraph = await overlay.box(TEXTS.kept);
      assert.equal(paragraph.state, 'removed');
      await overlay.hover(paragraph.backendNodeId);
      const tip = await overlay.waitFor('the tooltip', (s) => s.tooltip);
      assert.match(tip, /^Removed\. Your correction for 127\.0\.0\.1 \(saved \d{4}-\d{2}-\d{2}\)$/);
      assert.match((await overlay.read())!.status, /2 saved corrections applied/);
    } finally {
      await overlay.detach();
    }
  });

  test('a browser page gets the reader\'s clear message instead of an overlay', T, async () => {
    const page = await browser.context.newPage();
    await page.goto('chrome://version').catch(() => {});
    // The extension cannot see a chrome:// tab's URL: the newest tab is the one just opened.
    const tabId = await swEvaluate(browser, async () => Math.max(...((await (globalThis as any).chrome.tabs.query({})) as { id: number }[]).map((t) => t.id)), undefined, 'tabs.query');
    const result = (await annotate(browser, tabId)) as { ok: boolean; message: string };
    assert.equal(result.ok, false);
    assert.match(result.message, /can't read browser pages such as chrome:\/\//);
    const reader = await browser.context.waitForEvent('page', { predicate: (p) => p.url().includes(`reader.html?tab=${tabId}`), timeout: 15_000 }).catch(() => browser.context.pages().find((p) => p.url().includes(`reader.html?tab=${tabId}`))!);
    const error = await reader.waitForSelector('#pith-error');
    assert.equal((await error.textContent())?.trim(), result.message);
    await page.close();
  });
});
