/**
 * End-to-end: the annotator on a live page in headless Chromium with the built extension. Turn it on, read a
 * tooltip, flip a removed and a kept block (mouse and keyboard), undo, save; the reader then applies both
 * corrections with their reason, also after a browser restart with the same profile. Synthetic events from the
 * page flip nothing; a page that changes under the overlay makes it stale.
 *
 *   npm run build --silent && node --import tsx --test test/e2e/annotator.test.ts
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { launchWithExtension, openReaderFor, servePages, type Launched, type StaticServer } from './harness';
import { ANNOTATOR_PAGE, TEXTS } from './annotator-fixture';
import { annotate, OverlayDriver, tabIdOf } from './annotator-overlay';

const T = { timeout: 120_000 };
const REASON = /^Your correction for 127\.0\.0\.1 \(saved \d{4}-\d{2}-\d{2}\)$/;

let server: StaticServer;
let browser: Launched;
let profileDir: string;
let page: Page;
let overlay: OverlayDriver;
let url: string;

before(async () => {
  server = await servePages({ 'tomatoes.html': ANNOTATOR_PAGE });
  url = server.url('tomatoes.html');
  profileDir = mkdtempSync(join(tmpdir(), 'pith-annotator-profile-'));
  browser = await launchWithExtension({ profileDir });
}, { timeout: 300_000 });

after(async () => {
  await overlay?.detach();
  await browser?.close();
  await server?.close();
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
});

/** Opens the reader for the page and returns, per text, whether its block is shown as removed and its reason. */
async function readerVerdicts(texts: string[]): Promise<Record<string, { removed: boolean; reason: string | null } | null>> {
  const session = await openReaderFor(browser, url, { timeout: 60_000 });
  try {
    assert.equal(session.outcome, 'article');
    await session.reader.locator('#pith-show-removed').check();
    await session.reader.waitForSelector('#pith-article .pith-removed');
    return await session.reader.evaluate((texts) => {
      const out: Record<string, { removed: boolean; reason: string | null } | null> = {};
      const blocks = [...document.querySelectorAll('#pith-article [data-pith-block]')];
      for (const text of texts) {
        const block = blocks.filter((b) => b.textContent?.includes(text)).pop();
        out[text] = block ? { removed: block.classList.contains('pith-removed'), reason: block.getAttribute('data-reason') } : null;
      }
      return out;
    }, texts);
  } finally {
    await session.close();
  }
}

describe('annotator', () => {
  test('turns on over the live page and shows each block with its reason', T, async () => {
    page = await browser.context.newPage();
    await page.goto(url);
    const tabId = await tabIdOf(browser, url);
    assert.deepEqual(await annotate(browser, tabId), { ok: true });
    overlay = await OverlayDriver.attach(page);
    const footer = await overlay.box(TEXTS.removed);
    const kept = await overlay.box(TEXTS.kept);
    assert.equal(footer.state, 'removed', 'the fixture footer should be removed by the pipeline');
    assert.equal(kept.state, 'kept');
    await overlay.hover(footer.backendNodeId);
    const tip = await overlay.waitFor('the footer tooltip', (s) => s.tooltip);
    assert.match(tip, /^Removed\. \S.{5,}/, tip);
    await overlay.hover(kept.backendNodeId);
    assert.match(await overlay.waitFor('the kept tooltip', (s) => s.tooltip?.startsWith('Kept') && s.tooltip), /^Kept\. \S/);
    // The page's own layout is left alone: the overlay host sits outside <body> and takes no space.
    assert.equal(await page.evaluate(() => document.body.querySelector('pith-annotator')), null);
  });

  test('flips a removed block with the mouse and a kept one with the keyboard; Ctrl+Z undoes', T, async () => {
    const footer = await overlay.box(TEXTS.removed);
    await overlay.click(footer.backendNodeId);
    await overlay.waitFor('the footer flipped to kept', (s) => s.boxes.find((b) => b.block === footer.block && b.state === 'kept' && b.corrected));
    assert.equal((await overlay.read())!.count, '1 correction');

    // The clicked box has the focus; the arrows walk to the kept paragraph, Space flips it.
    const state = (await overlay.read())!;
    const from = state.boxes.findIndex((b) => b.block === footer.block);
    const to = state.boxes.findIndex((b) => b.label.includes(TEXTS.kept));
    for (let i = 0; i < from - to; i++) await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Space');
    await overlay.waitFor('the paragraph flipped to removed', (s) => s.boxes.find((b) => b.label.includes(TEXTS.kept) && b.state === 'removed' && b.corrected));
    assert.equal((await overlay.read())!.count, '2 corrections');

    const newsletter = await overlay.box(TEXTS.newsletter);
    await overlay.click(newsletter.backendNodeId);
    await overlay.waitFor('three corrections', (s) => s.count === '3 corrections');
    await page.keyboard.press('Control+z');
    const undone = await overlay.waitFor('the undo', (s) => s.count === '2 corrections' && s);
    assert.equal(undone.boxes.find((b) => b.block === newsletter.block)!.state, newsletter.state);
  });

  test('events the page synthesises flip nothing', T, async () => {
    const before = (await overlay.read())!;
    const target = before.boxes.find((b) => b.label.includes(TEXTS.newsletter))!;
    const { x, y } = await overlay.centre(target.backendNodeId);
    await page.evaluate(({ x, y }) => {
      const host = document.querySelector('pith-annotator') as HTMLElement;
      host.click();
      host.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true, clientX: x, clientY: y }));
      (document.elementFromPoint(x, y) as HTMLElement | null)?.click();
      for (const init of [{ key: ' ' }, { key: 'z', ctrlKey: true }, { key: 'Escape' }]) {
        document.dispatchEvent(new KeyboardEvent('keydown', { ...init, bubbles: true }));
        window.dispatchEvent(new KeyboardEvent('keydown', { ...init, bubbles: true }));
      }
    }, { x, y });
    await new Promise((r) => setTimeout(r, 500));
    const after = await overlay.read();
    assert.ok(after, 'a synthetic Escape closed the overlay');
    assert.equal(after.count, '2 corrections');
    assert.deepEqual(after.boxes.map((b) => b.state), before.boxes.map((b) => b.state));
  });

  test('saves; after a reload the reader applies both corrections with their reason', T, async () => {
    const state = (await overlay.read())!;
    await overlay.click(state.buttons.save);
    await overlay.waitFor('the saved message', (s) => /^Saved 2 corrections for 127\.0\.0\.1/.test(s.status));
    await page.reload();
    const verdicts = await readerVerdicts([TEXTS.removed, TEXTS.kept]);
    assert.equal(verdicts[TEXTS.removed]?.removed, false, `the footer should now be kept: ${JSON.stringify(verdicts)}`);
    assert.equal(verdicts[TEXTS.kept]?.removed, true, JSON.stringify(verdicts));
    assert.match(verdicts[TEXTS.kept]?.reason ?? '', REASON);
  });

  test('a page that changes under the overlay makes it stale; nothing flips until it is re-read', T, async () => {
    const tabId = await tabIdOf(browser, url);
    await annotate(browser, tabId);
    const newsletter = await overlay.box(TEXTS.newsletter);
    await page.evaluate(() => document.querySelector('footer')?.remove());
    await overlay.waitFor('the stale notice', (s) => /page changed/.test(s.stale));
    await overlay.click(newsletter.backendNodeId).catch(() => {});
    assert.equal((await overlay.read())!.count, '0 corrections');
    await page.keyboard.press('Escape');
    for (let i = 0; i < 50 && (await overlay.read()); i++) await new Promise((r) => setTimeout(r, 100));
    assert.equal(await overlay.read(), null, 'Esc should close the overlay');
  });

  test('after a browser restart with the same profile, the corrections still apply', T, async () => {
    await overlay.detach();
    await browser.close();
    browser = await launchWithExtension({ profileDir });
    const verdicts = await readerVerdicts([TEXTS.removed, TEXTS.kept]);
    assert.equal(verdicts[TEXTS.removed]?.removed, false, JSON.stringify(verdicts));
    assert.equal(verdicts[TEXTS.kept]?.removed, true, JSON.stringify(verdicts));
    assert.match(verdicts[TEXTS.kept]?.reason ?? '', REASON);
  });
});
