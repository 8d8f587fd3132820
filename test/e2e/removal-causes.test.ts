/**
 * End-to-end: every removed piece says its specific cause, and the reader sums them up. The fixture
 * (test/fixtures/pages/every-removal-cause.html) holds one piece of every cause around one article; the built
 * extension reads it in headless Chromium.
 *
 *   npm run build --silent && node --import tsx --test test/e2e/removal-causes.test.ts
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { excerpt, launchWithExtension, openReaderFor, startServer, type Launched, type ReaderSession, type StaticServer } from './harness';

const T = { timeout: 60_000 };
const FIXTURE = 'every-removal-cause.html';

/** The pieces the reader draws: one of each, with a piece of its text. */
const DRAWN: Record<string, string> = {
  'site-header': 'Gardening Weekly, the allotment magazine',
  'nav-menu': 'Vegetables',
  'table-of-contents': 'Contents',
  sidebar: 'About this site',
  advertisement: 'SuperGrow fertiliser',
  'filter-bar': 'Sort by: Newest first',
  breadcrumb: 'Tomatoes',
  'duplicate-meta': 'By Ana Ruiz',
  'share-buttons': 'Facebook',
  'edit-link': 'Edit this page',
  'outside-container': 'Spring seed swap',
  'comment-section': 'These tips saved my crop',
  'post-actions': 'Reply',
  signature: 'allotment fourteen',
  'login-prompt': 'Members only',
  'newsletter-signup': 'Sign up for our newsletter',
  'related-content': 'How to grow basil',
  pagination: 'Previous',
  'site-footer': 'All rights reserved',
  'cookie-consent': 'We use cookies',
  'fixed-overlay': 'Talk to a gardener',
  // Hidden on the page but with text: the reader shows what was hidden, dimmed, with its reason.
  hidden: 'A note that is hidden on the page',
};
/** Removed but never drawn: they have no text or image to show. */
const NOT_DRAWN = ['empty'];
/**
 * What each piece's tooltip must say, written out here rather than read from the code's own labels (an empty or
 * wrong label would then pass). Fixed overlay, outside-container and hidden name the evidence in their own words.
 */
const TOOLTIP_SAYS: Record<keyof typeof DRAWN, string> = {
  'site-header': 'site header: ',
  'nav-menu': 'site menu: ',
  'table-of-contents': 'table of contents: ',
  sidebar: 'sidebar: ',
  advertisement: 'advertisement: ',
  'filter-bar': 'filter and sort bar: ',
  breadcrumb: 'breadcrumb trail: ',
  'duplicate-meta': 'byline repeated: already shown under the title',
  'share-buttons': 'share buttons: ',
  'edit-link': 'edit link: for the site’s editors',
  'outside-container': 'beside the article: ',
  'comment-section': 'comment section: ',
  'post-actions': 'post buttons: reply, share, report or vote',
  signature: 'signature: ',
  'login-prompt': 'sign-in box: asks you to sign in or register',
  'newsletter-signup': 'sign-up box: asks for your e-mail',
  'related-content': 'links to other stories: ',
  pagination: 'page numbers: ',
  'site-footer': 'site footer: ',
  'cookie-consent': 'cookie notice: asks to store cookies',
  'fixed-overlay': 'box over the page: stays on screen as you scroll',
  hidden: 'hidden on the page: the page did not show it',
};

let server: StaticServer;
let browser: Launched;
let session: ReaderSession;

before(async () => {
  server = await startServer();
  browser = await launchWithExtension();
  session = await openReaderFor(browser, server.url(FIXTURE));
}, { timeout: 300_000 });

after(async () => {
  await session?.close();
  await browser?.close();
  await server?.close();
});

async function reader(): Promise<Page> {
  assert.equal(session.outcome, 'article', 'the reader shows #pith-error for the fixture');
  return session.reader;
}

async function setShowRemoved(page: Page, on: boolean): Promise<void> {
  const box = page.locator('#pith-show-removed');
  if ((await box.isChecked()) !== on) await box.click();
  await page.waitForFunction((on) => (document.querySelector('#pith-article .pith-removed') !== null) === on, on);
  // Each removed run is drawn collapsed behind a marker: open them all to hover the pieces.
  if (on) await page.locator('#pith-open-removed').click();
}

describe('every removal says why', () => {
  test('each removed piece shows its specific reason on hover', T, async () => {
    const page = await reader();
    await setShowRemoved(page, true);
    for (const [cause, text] of Object.entries(DRAWN)) {
      const piece = page.locator(`#pith-article .pith-removed[data-cause="${cause}"]`).filter({ hasText: text }).first();
      assert.equal(await piece.count(), 1, `no removed piece with cause ${cause} holding "${text}"`);
      await piece.hover();
      const tip = page.locator('[role=tooltip].pith-tooltip').filter({ visible: true }).first();
      await tip.waitFor({ state: 'visible', timeout: 3000 });
      const words = (await tip.innerText()).toLowerCase();
      const expected = TOOLTIP_SAYS[cause];
      assert.ok(expected, `no expected tooltip words for ${cause}`);
      assert.ok(words.includes(expected), `tooltip of the ${cause} piece says "${words}", not "${expected}"`);
      assert.doesNotMatch(words, /according to the structural extractor|no stage kept it/, `tooltip of ${cause} names only the stage`);
    }
  });

  test('no empty removed box is drawn', T, async () => {
    const page = await reader();
    await setShowRemoved(page, true);
    const empty = await page.$$eval('#pith-article .pith-removed', (els) =>
      els.filter((el) => !(el.textContent ?? '').trim() && !el.querySelector('img, video, svg, math, table')).map((el) => el.outerHTML),
    );
    assert.deepEqual(empty, [], 'removed boxes without text or image');
    for (const cause of NOT_DRAWN) {
      assert.equal(await page.locator(`.pith-removed[data-cause="${cause}"]`).count(), 0, `a ${cause} block is drawn`);
    }
  });

  test('"What was removed" counts the pieces by cause', T, async () => {
    const page = await reader();
    const panel = page.locator('#pith-removal-summary');
    await panel.waitFor({ state: 'visible' });
    const groups = await panel.locator('details.pith-removal-group').evaluateAll((els) =>
      els.map((el) => ({ cause: el.getAttribute('data-cause'), count: el.querySelector('.pith-removal-count')?.textContent, items: el.querySelectorAll('li').length })),
    );
    const byCause = new Map(groups.map((g) => [g.cause, g]));
    for (const cause of Object.keys(DRAWN)) {
      const group = byCause.get(cause);
      assert.ok(group, `no group for ${cause}; groups: ${JSON.stringify(groups)}`);
      assert.equal(group.count, '1', `${cause} counted ${group.count}`);
      assert.equal(group.items, 1, `${cause} lists ${group.items} pieces`);
    }
    for (const cause of [...NOT_DRAWN, 'stage-decided']) assert.ok(!byCause.has(cause), `a group for ${cause}`);
    const headings = (await panel.locator('details.pith-removal-group summary').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
    assert.ok(headings.includes('1 Sign-in box'), headings.join(' | '));
    assert.ok(headings.includes('1 Cookie notice'), headings.join(' | '));
  });

  test('a summary item jumps to its piece in "show removed"', T, async () => {
    const page = await reader();
    await setShowRemoved(page, false);
    const group = page.locator('details.pith-removal-group[data-cause="login-prompt"]');
    await group.locator('summary').click();
    await group.locator('button[data-pith-jump]').first().click();
    assert.equal(await page.locator('#pith-show-removed').isChecked(), true, 'show removed is not switched on');
    await page.waitForFunction(() => document.activeElement?.matches('#pith-article .pith-removed') ?? false, undefined, { timeout: 5000 });
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const r = el.getBoundingClientRect();
      return { cause: el.getAttribute('data-cause'), text: el.textContent ?? '', inView: r.bottom > 0 && r.top < window.innerHeight };
    });
    assert.equal(focused.cause, 'login-prompt');
    assert.match(focused.text, /Members only/);
    assert.ok(focused.inView, 'the piece is not scrolled into view');
    const tip = page.locator('[role=tooltip].pith-tooltip').filter({ visible: true }).first();
    await tip.waitFor({ state: 'visible', timeout: 3000 });
    assert.match((await tip.innerText()).toLowerCase(), /sign-in box/);
  });

  test('the JSON export carries the machine names; Markdown appends the summary when asked', T, async () => {
    const page = await reader();
    const json = await download(page, 'json');
    const blocks = (JSON.parse(json) as { blocks: { kept: boolean; cause: string | null; reason: string }[] }).blocks;
    const causes = new Set(blocks.filter((b) => !b.kept).map((b) => b.cause));
    for (const cause of [...Object.keys(DRAWN), ...NOT_DRAWN]) assert.ok(causes.has(cause), `JSON export lacks cause ${cause}: ${[...causes].join(', ')}`);
    assert.ok(blocks.filter((b) => !b.kept).every((b) => b.cause !== null), 'a removed block without a cause in the JSON export');
    assert.ok(!(await download(page, 'md')).includes('What was removed'), 'the summary is appended though the option is off');
    await page.locator('#pith-export-summary').check();
    const md = await download(page, 'md');
    assert.match(md, /## What was removed\n\n(- .+\n)+/, `no summary in the Markdown: ${excerpt(md, 600)}`);
    assert.match(md, /- Sign-in box: 1\n/);
    await page.locator('#pith-export-summary').uncheck();
  });
});

async function download(page: Page, format: 'json' | 'md'): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 5000 }), page.locator(`button[data-export="${format}"]`).click()]);
  return readFile(await file.path(), 'utf8');
}
