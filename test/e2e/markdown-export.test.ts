/**
 * End-to-end: a page with footnotes, inline and display math, a highlighted code block, a captioned figure and an
 * embedded video, opened in the reader of the built extension and exported to Markdown with the reader's own button.
 * The Markdown is what a note app needs (front matter parses as YAML, footnotes resolve, formulas inline, the video
 * a linked poster) and the reader shows the formulas inside their sentences (a renderer's and bare MathML), the display
 * formula as MathML, the footnotes as a list and in a popover, and the video's poster.
 *
 *   npm run build --silent && node --import tsx --test test/e2e/markdown-export.test.ts
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { parse } from 'yaml';
import { excerpt, launchWithExtension, openReaderFor, startServer, type Launched, type ReaderSession, type StaticServer } from './harness';

const T = { timeout: 60_000 };
let server: StaticServer;
let browser: Launched;
let session: ReaderSession;

before(async () => {
  server = await startServer();
  browser = await launchWithExtension();
  session = await openReaderFor(browser, server.url('markdown-constructs.html'));
}, { timeout: 300_000 });

after(async () => {
  await session?.close().catch(() => {});
  await browser?.close();
  await server?.close();
});

async function downloadMarkdown(page: Page): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 10_000 }), page.locator('button[data-export="md"]').click()]);
  return readFile(await download.path(), 'utf8');
}

describe('Markdown export from the reader', () => {
  test('front matter parses as YAML and carries the page metadata', T, async () => {
    assert.equal(session.outcome, 'article');
    const md = await downloadMarkdown(session.reader);
    const m = /^---\n([\s\S]*?)\n---\n/.exec(md);
    assert.ok(m, `no front matter:\n${excerpt(md, 600)}`);
    const meta = parse(m[1]) as Record<string, unknown>;
    assert.equal(meta.title, 'Measuring the height of a tide');
    assert.equal(meta.source, server.url('markdown-constructs.html'));
    assert.equal(meta.author, 'Ines Marlow');
    assert.equal(meta.published, '2025-06-14');
    assert.deepEqual(meta.tags, ['tides', 'instruments']);
    assert.match(String(meta.clipped), /^\d{4}-\d{2}-\d{2}$/);
  });

  test('footnotes resolve, formulas stay inline, the code is fenced with its language, the figure keeps its caption, the video is its linked poster', T, async () => {
    const md = await downloadMarkdown(session.reader);
    assert.match(md, /since the nineteenth century\[\^1\]\./, excerpt(md, 2000));
    assert.match(md, /changes with the seasons\[\^2\]\./);
    assert.match(md, /^\[\^1\]: The first self-recording gauges were float gauges, installed in the 1830s\.$/m);
    assert.match(md, /^\[\^2\]: Fresh water from the river lowers the density after heavy rain\.$/m);
    assert.doesNotMatch(md, /↩|#fn:|#fnref/);
    assert.ok(md.includes('For a column of sea water the pressure is $p = \\rho g h$ at every depth'), excerpt(md, 2000));
    assert.ok(md.includes('$$\nh = \\frac{p}{\\rho g}\n$$'));
    assert.ok(md.includes('At the surface the sensor reads $p = 0$ above the air pressure'), excerpt(md, 3000));
    assert.ok(md.includes('```python\ndef height(pressure, rho=1025.0):\n    if pressure < 0:\n        raise ValueError("negative pressure")\n'));
    assert.match(md, /!\[The stilling well under the pier\]\(http:\/\/127\.0\.0\.1:\d+\/images\/gauge\.png\)/);
    assert.ok(md.includes('_The stilling well, seen from the ladder at low water._'));
    assert.ok(md.includes('[![Video: Spring tide at the pier](https://i.ytimg.com/vi/Tq8PmWx2c1A/hqdefault.jpg)](https://www.youtube.com/watch?v=Tq8PmWx2c1A)'), excerpt(md, 3000));
    assert.doesNotMatch(md, /Newsletter|Privacy/);
  });

  test('without front matter when the reader says so', T, async () => {
    const page = session.reader;
    await page.locator('#pith-front-matter').uncheck();
    try {
      const md = await downloadMarkdown(page);
      assert.ok(md.startsWith('# Measuring the height of a tide\n'), excerpt(md, 300));
    } finally {
      await page.locator('#pith-front-matter').check();
    }
  });

  test('the reader shows the formula inside its sentence and the footnotes as a list it links to', T, async () => {
    const page = session.reader;
    const sentence = page.locator('#pith-article p', { hasText: 'For a column of sea water' });
    assert.equal(await sentence.count(), 1);
    assert.equal(await sentence.locator('math').count(), 1, 'the inline formula is not inside its paragraph');
    const text = (await sentence.innerText()).replace(/\s+/g, ' ');
    // MathML renders with mathematical italic letters (𝑝 = 𝜌𝑔ℎ): the formula sits between the sentence's words.
    assert.match(text, /the pressure is \S.*=.*\S at every depth, so dividing/);
    const mathBox = await sentence.locator('math').boundingBox();
    const pBox = await sentence.boundingBox();
    assert.ok(mathBox && pBox && mathBox.height < pBox.height, 'the formula is laid out inside the line, not as a block');
    // A formula written as bare MathML (no renderer's wrapper) stays in its sentence too, and the display formula is a block.
    const bare = page.locator('#pith-article p', { hasText: 'At the surface the sensor reads' });
    assert.equal(await bare.locator('math').count(), 1, 'the bare MathML formula is not inside its paragraph');
    assert.match((await bare.innerText()).replace(/\s+/g, ' '), /reads \S.*=.*0 above the air pressure/);
    assert.equal(await page.locator('#pith-article math[display="block"]').count(), 1, 'the display formula is not shown as MathML');
    const ref = page.locator('#pith-article sup a[href="#pith-fn-1"]');
    assert.equal(await ref.count(), 1, 'the first reference does not link to its note in the reader');
    assert.match(await page.locator('#pith-article #pith-fn-1').innerText(), /float gauges/);
  });

  test('the reader shows an embedded video as its poster, linked to the video', T, async () => {
    const poster = session.reader.locator('#pith-article a[href="https://www.youtube.com/watch?v=Tq8PmWx2c1A"] img[alt="Video: Spring tide at the pier"]');
    assert.equal(await poster.count(), 1);
    assert.equal(await poster.getAttribute('src'), 'https://i.ytimg.com/vi/Tq8PmWx2c1A/hqdefault.jpg');
  });

  test('a footnote reference shows its note in a popover on hover, focus and click', T, async () => {
    const page = session.reader;
    const popover = page.locator('#pith-footnote-popover');
    const ref1 = page.locator('#pith-article sup a[href="#pith-fn-1"]');
    const ref2 = page.locator('#pith-article sup a[href="#pith-fn-2"]');
    await ref1.hover();
    await popover.waitFor({ state: 'visible', timeout: 5_000 });
    assert.match(await popover.innerText(), /float gauges, installed in the 1830s/);
    assert.equal(await ref1.getAttribute('aria-describedby'), 'pith-footnote-popover');
    await page.mouse.move(2, 2);
    await popover.waitFor({ state: 'detached', timeout: 5_000 });

    await ref2.focus();
    await popover.waitFor({ state: 'visible', timeout: 5_000 });
    assert.match(await popover.innerText(), /Fresh water from the river/);
    await page.keyboard.press('Escape');
    await popover.waitFor({ state: 'detached', timeout: 5_000 });

    // A click opens the note where the reader is instead of jumping to the list, and it stays until Escape.
    const scrollBefore = await page.evaluate(() => window.scrollY);
    await ref1.click();
    await popover.waitFor({ state: 'visible', timeout: 5_000 });
    await page.mouse.move(2, 2);
    await page.waitForTimeout(200);
    assert.equal(await popover.isVisible(), true, 'a clicked note closed when the pointer left');
    assert.equal(await page.evaluate(() => window.scrollY), scrollBefore, 'the click jumped to the list');
    await page.keyboard.press('Escape');
    await popover.waitFor({ state: 'detached', timeout: 5_000 });
  });
});
