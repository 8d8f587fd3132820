/**
 * End-to-end: the vocabulary check of issue 36 on benchmark pages, read at run time from ../shared/bench (a fixed
 * sample of 20 pages over the dev sets and their languages, see benchSample; never copied into the repository). The
 * reader opens on each in Chromium, every removed marker, group and tooltip is opened, and the test fails on any
 * visible engine word outside "Details" and on text drawn outside the panel and the article column. Firefox reads
 * every fifth page of the sample the same way. Screenshots go to test-screens/words/bench/.
 *
 *   npm run build && node --import tsx --test test/e2e/reader-words-bench.test.ts
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { launchWithExtension, openReaderFor, ROOT, servePages, type Launched, type StaticServer } from './harness';
import { FIREFOX, firefoxAvailable, launchFirefox, type FirefoxSession } from './firefox-harness';
import { assertPlainWords, benchSample, BENCH_DIR, engineWords, OPEN_EVERYTHING, plainErrorPage, STRAY_TEXT } from './reader-words-check';

const T = { timeout: 120_000 };
const SCREENS = join(ROOT, 'test-screens/words/bench');
const SAMPLE = benchSample();
const noBench = SAMPLE.length === 0 ? `no benchmark pages at ${BENCH_DIR}` : false;
const FIREFOX_EVERY = 5;

let server: StaticServer;

before(async () => {
  mkdirSync(SCREENS, { recursive: true });
  server = await servePages(Object.fromEntries(SAMPLE.map((p) => [`${p.name}.html`, p.html])));
});

after(async () => {
  await server?.close();
});

describe('Chromium: plain words on benchmark pages', { skip: noBench }, () => {
  let browser: Launched;
  before(async () => {
    browser = await launchWithExtension();
  }, { timeout: 300_000 });
  after(async () => {
    await browser?.close();
  });

  for (const bench of SAMPLE) {
    test(`${bench.name} (${bench.lang})`, T, async () => {
      const s = await openReaderFor(browser, server.url(`${bench.name}.html`));
      try {
        if (await plainErrorPage(s)) return;
        const page = s.reader;
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.locator('#pith-aa').waitFor({ state: 'visible', timeout: 10_000 });
        assert.deepEqual(await page.evaluate(`(() => { ${STRAY_TEXT} })()`), [], 'text drawn outside the panel and the article column');
        await assertPlainWords(page);
        await page.screenshot({ path: join(SCREENS, `${bench.name}.png`) });
      } finally {
        await s.close();
      }
    });
  }
});

const noFirefox = noBench || (firefoxAvailable() ? false : `${FIREFOX} or .output/firefox-mv3 is missing (npm run build)`);

describe('Firefox: plain words on benchmark pages', { skip: noFirefox }, () => {
  let firefox: FirefoxSession;
  before(async () => {
    firefox = await launchFirefox();
  }, { timeout: 120_000 });
  after(async () => {
    await firefox?.close();
  });

  for (const bench of SAMPLE.filter((_, i) => i % FIREFOX_EVERY === 0)) {
    test(`${bench.name} (${bench.lang})`, T, async () => {
      // A page whose own script changes its address while loading makes the navigation's wait reject ("Address
      // rejected") though the page is there: then the reader must still read it (an article, not the error page).
      const rejected = await firefox.goto(server.url(`${bench.name}.html`)).then(() => false, () => true);
      if (rejected) await new Promise((r) => setTimeout(r, 2000));
      const reader = await firefox.openReader();
      await firefox.waitFor(reader, `return !!document.querySelector('#pith-aa, #pith-error');`, 'the reader');
      if (rejected) assert.ok(await firefox.evaluate<boolean>(reader, `return !!document.querySelector('#pith-article');`), 'the page did not load');
      const text = await firefox.evaluate<string>(reader, OPEN_EVERYTHING);
      const found = engineWords(text);
      assert.equal(found, null, `engine words in the reader's visible text: …${found}…`);
      assert.deepEqual(await firefox.evaluate<string[]>(reader, STRAY_TEXT), [], 'text drawn outside the panel and the article column');
    });
  }
});
