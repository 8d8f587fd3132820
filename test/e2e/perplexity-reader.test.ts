/**
 * End to end in the built extension: with the ill-formed text filter switched on in the stored settings, the reader
 * removes the German menu bar of the fixture article and its tooltip gives the reason with the figure that decided
 * it ("Ill-formed text (perplexity 12,400 > 12,000, German model)"); every paragraph stays in the article.
 *
 *   npm run build --silent && node --import tsx --test test/e2e/perplexity-reader.test.ts
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launchWithExtension, openReaderFor, startServer, swEvaluate, type Launched, type ReaderSession, type StaticServer } from './harness';

const FIXTURE = 'de-article-menu.html';
const MENU = 'Startseite Politik Wirtschaft Sport Kultur Wissen Reisen Meinung Anmelden';

let server: StaticServer;
let browser: Launched;
let session: ReaderSession | undefined;

before(async () => {
  server = await startServer();
  browser = await launchWithExtension();
  // The storage item 'local:perplexitySettings' (ext/perplexity-settings.ts), version 1, with the stage on.
  await swEvaluate(
    browser,
    async (value) => {
      await (globalThis as any).chrome.storage.local.set({ perplexitySettings: value, perplexitySettings$: { v: 1 } });
    },
    { enabled: true, wordCutoff: 12_000, charCutoff: 6000 },
    'storing the perplexity settings',
  );
  session = await openReaderFor(browser, server.url(FIXTURE), { timeout: 30_000 });
}, { timeout: 300_000 });

after(async () => {
  await session?.close();
  await browser?.close();
  await server?.close();
});

describe('the ill-formed text filter in the reader', () => {
  test('the menu bar is removed as garbled text; its Details give the perplexity, the cutoff and the model', { timeout: 60_000 }, async () => {
    assert.ok(session, 'no reader session');
    assert.equal(session.outcome, 'article', 'the reader shows #pith-error for the fixture');
    const page = session.reader;
    // The stage runs after the structural result is painted; the piece appears when it ends.
    const piece = page.locator('#pith-article .pith-removed[data-cause="ill-formed-text"]');
    const box = page.locator('#pith-show-removed');
    if (!(await box.isChecked())) await box.click();
    await piece.first().waitFor({ state: 'attached', timeout: 20_000 });
    await page.locator('#pith-open-removed').click();
    assert.equal(await piece.count(), 1, 'one ill-formed piece');
    assert.equal((await piece.innerText()).replace(/\s+/g, ' ').trim(), MENU);
    await piece.hover();
    const tip = page.locator('[role=tooltip].pith-tooltip').filter({ visible: true }).first();
    await tip.waitFor({ state: 'visible', timeout: 3000 });
    assert.equal(await tip.locator('.pith-tooltip-reason').innerText(), 'Garbled text: reads like code or fragments, not sentences');
    // The perplexity, the cutoff and the model are engine detail: behind "Details" on the piece's correction card.
    await piece.click();
    await page.locator('#pith-block-correction summary').click();
    assert.match(await page.locator('#pith-block-correction details').innerText(), /Ill-formed text \(perplexity \d{1,3}(,\d{3})+ > 12,000, German model\)/);
    await page.keyboard.press('Escape');
    const kept = await page.$$eval('#pith-article p:not(.pith-removed):not(.pith-removed *)', (els) => els.map((el) => (el.textContent ?? '').trim()).filter(Boolean));
    assert.ok(kept.length >= 6, `paragraphs in the article: ${kept.length}`);
    assert.ok(!kept.some((t) => t.includes('Startseite Politik')), 'the menu is among the kept paragraphs');
  });

  test('the stage ran in the model host, which keeps its models for the session (the semantic pass is off here)', { timeout: 30_000 }, async () => {
    const hosts = await swEvaluate(
      browser,
      async () => ((await (globalThis as any).chrome.runtime.getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT'] })) as unknown[]).length,
      undefined,
      'listing offscreen documents',
    );
    assert.equal(hosts, 1, 'no offscreen model host: the stage ran in the reader tab, which loads the models again for every page');
  });
});
