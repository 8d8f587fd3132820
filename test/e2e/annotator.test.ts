/**
 * End-to-end: the annotator on a live page in headless Chromium with the built extension. Turn it on, read a
 * tooltip, flip a removed and a kept block (mouse and keyboard), undo, save; the reader then applies both
 * corrections with their reason, also after a browser restart with the same profile. Synthetic events from the
 * page flip nothing; a page that changes under the overlay makes it stale.
 *
 *   npm run build --silent && node --import tsx --test test/e2e/annotator.test.ts
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { labelledPageProblem } from '../../src/corrections/labelled-data';
import { toRecord } from '../../scripts/lib/records';
import { launchWithExtension, openReaderFor, ROOT, servePages, type Launched, type StaticServer } from './harness';
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
let workDir: string;

before(async () => {
  server = await servePages({ 'tomatoes.html': ANNOTATOR_PAGE });
  url = server.url('tomatoes.html');
  profileDir = mkdtempSync(join(tmpdir(), 'pith-annotator-profile-'));
  workDir = mkdtempSync(join(tmpdir(), 'pith-annotator-files-'));
  browser = await launchWithExtension({ profileDir });
}, { timeout: 300_000 });

after(async () => {
  await overlay?.detach();
  await browser?.close();
  await server?.close();
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

/** Opens the reader for the page and returns, per text, whether its block is shown as removed and its reason. */
async function readerVerdicts(texts: string[]): Promise<Record<string, { removed: boolean; reason: string | null } | null>> {
  const session = await openReaderFor(browser, url, { timeout: 60_000 });
  try {
    assert.equal(session.outcome, 'article');
    await session.reader.locator('#pith-show-removed').check();
    await session.reader.waitForSelector('#pith-article .pith-removed', { state: 'attached' });
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

  test('options: rules listed by site; export, delete, a malformed import changes nothing, import restores them', T, async () => {
    const options = await browser.context.newPage();
    await options.goto(`chrome-extension://${browser.extensionId}/options.html`);
    const site = options.locator(`.pith-corrections-site[data-site="${server.origin}"]`);
    await site.waitFor();
    assert.equal((await site.locator('.pith-corrections-count').textContent())?.trim(), '2 corrections');

    const download = options.waitForEvent('download');
    await options.locator('#pith-corrections-export').click();
    const exported = join(workDir, 'corrections.json');
    await (await download).saveAs(exported);

    await site.locator('summary').click();
    await site.locator('[data-delete-site]').click();
    await options.locator('.pith-corrections-empty').waitFor();

    const status = options.locator('#pith-corrections-status');
    await options.locator('#pith-corrections-import').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{"format": "pith-corrections", "version": 2, "sites": ') });
    await options.waitForFunction(() => /not JSON/.test(document.querySelector('#pith-corrections-status')?.textContent ?? ''));
    await options.locator('#pith-corrections-import').setInputFiles({ name: 'bookmarks.json', mimeType: 'application/json', buffer: Buffer.from('{"roots": {}}') });
    await options.waitForFunction(() => /not a Pith corrections file/.test(document.querySelector('#pith-corrections-status')?.textContent ?? ''));
    assert.equal(await options.locator('.pith-corrections-site').count(), 0, 'a bad import must change nothing');

    await options.locator('#pith-corrections-import').setInputFiles(exported);
    await options.waitForFunction(() => /Imported 2 corrections for 1 site/.test(document.querySelector('#pith-corrections-status')?.textContent ?? ''));
    assert.equal((await site.locator('.pith-corrections-count').textContent())?.trim(), '2 corrections');
    assert.match((await status.textContent()) ?? '', /Imported/);
    await options.close();

    const verdicts = await readerVerdicts([TEXTS.removed, TEXTS.kept]);
    assert.equal(verdicts[TEXTS.kept]?.removed, true, 'the imported rules apply again');
  });

  test('the labelled-data line validates against the bench reader and `npm run bench -- --data` scores it', { timeout: 400_000 }, async () => {
    page = await browser.context.newPage();
    await page.goto(url);
    await annotate(browser, await tabIdOf(browser, url));
    overlay = await OverlayDriver.attach(page);
    await overlay.box(TEXTS.kept);
    const state = (await overlay.read())!;
    const download = page.waitForEvent('download');
    await overlay.click(state.buttons.download);
    const file = join(workDir, 'my-pages.jsonl');
    await (await download).saveAs(file);

    const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    assert.equal(lines.length, 1);
    const value = JSON.parse(lines[0]);
    assert.equal(labelledPageProblem(value), null);
    const record = toRecord({ lineNumber: 1, value });
    assert.ok('record' in record, JSON.stringify(record));
    assert.equal(record.record.url, url);
    assert.ok(record.record.truth_text?.includes(TEXTS.removed), 'the footer the user kept is in the truth');
    assert.ok(!record.record.truth_text?.includes(TEXTS.kept), 'the paragraph the user removed is not');
    assert.ok(!record.record.html.includes('pith-annotator'), 'the overlay is not part of the page HTML');

    const out = join(workDir, 'bench');
    const { stdout } = await new Promise<{ stdout: string }>((ok, fail) => {
      execFile('npx', ['tsx', 'scripts/bench.ts', '--data', file, '--out-dir', out, '--concurrency', '1'], { cwd: ROOT, timeout: 360_000 }, (error, stdout, stderr) =>
        error ? fail(new Error(`bench --data failed: ${error.message}\n${stderr.slice(-2000)}`)) : ok({ stdout }),
      );
    });
    const row = stdout.split('\n').find((l) => l.startsWith('| my-pages'));
    assert.ok(row, `no row for the my-pages dataset in:\n${stdout.slice(0, 3000)}`);
    const f1 = row.match(/\d\.\d{3}/g)?.map(Number) ?? [];
    assert.ok(f1.length > 0 && f1.every((v) => v >= 0 && v <= 1), row);
  });
});

