/**
 * End-to-end: the built extension in headless Chromium, driven the way a user drives it: open a page, click the
 * toolbar action, read the reader tab. Assertions follow the Reader page DOM contract in docs/contracts.md.
 *
 *   npx wxt build && node --import tsx --test test/e2e/extension.test.ts
 *
 * The harness builds the extension itself when .output/chrome-mv3 is missing or older than the sources.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import {
  excerpt,
  launchWithExtension,
  openReaderFor,
  startServer,
  type Launched,
  type ReaderSession,
  type StaticServer,
} from './harness';

/** Per test: opening a reader takes 1–3 s; a hang fails the test instead of the whole run. */
const T = { timeout: 40_000 };

let server: StaticServer;
let browser: Launched;
let clipboardGranted = false;
/** One reader per fixture, opened on first use and shared by the tests of that fixture. */
const sessions = new Map<string, Promise<ReaderSession>>();

before(async () => {
  server = await startServer();
  browser = await launchWithExtension();
  try {
    // Per-origin grants fail for chrome-extension:// ("opaque origins"); a context-wide grant works.
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    clipboardGranted = true;
  } catch {
    clipboardGranted = false;
  }
}, { timeout: 300_000 }); // may include `npx wxt build`

after(async () => {
  for (const s of sessions.values()) await s.then((r) => r.close()).catch(() => {});
  await browser?.close();
  await server?.close();
});

function readerFor(fixture: string): Promise<ReaderSession> {
  let s = sessions.get(fixture);
  if (!s) {
    s = openReaderFor(browser, server.url(fixture));
    sessions.set(fixture, s);
  }
  return s;
}

/** The reader with #pith-article (fails with the reader's DOM when it shows #pith-error instead). */
async function articleReader(fixture: string): Promise<Page> {
  const s = await readerFor(fixture);
  if (s.outcome === 'error') {
    const msg = await s.reader.locator('#pith-error').innerText().catch(() => '');
    assert.fail(`${fixture}: reader shows #pith-error instead of the article: "${msg}"\n${await dom(s.reader)}`);
  }
  return s.reader;
}

async function dom(page: Page, selector = '#pith-reader'): Promise<string> {
  const target = (await page.locator(selector).count()) > 0 ? page.locator(selector) : page.locator('body');
  const html = await target
    .first()
    .evaluate((el) => el.outerHTML)
    .catch(() => '');
  return `Reader DOM excerpt: ${excerpt(html)}`;
}

async function articleText(page: Page): Promise<string> {
  return page.locator('#pith-article').innerText();
}

function assertContainsAll(text: string, words: string[], where: string): void {
  const missing = words.filter((w) => !text.includes(w));
  assert.deepEqual(missing, [], `${where}: expected to contain ${JSON.stringify(missing)}; got text: ${excerpt(text, 600)}`);
}

function assertContainsNone(text: string, words: string[], where: string, why = 'page chrome leaked into the article'): void {
  const present = words.filter((w) => text.includes(w));
  assert.deepEqual(present, [], `${where}: should not contain ${JSON.stringify(present)} (${why})`);
}

async function setShowRemoved(page: Page, on: boolean): Promise<void> {
  const box = page.locator('#pith-show-removed');
  assert.equal(await box.count(), 1, `#pith-show-removed missing. ${await dom(page)}`);
  if ((await box.isChecked()) !== on) {
    // The checkbox may be styled as a switch with the input visually hidden: click its label then.
    await box.setChecked(on, { timeout: 3000 }).catch(async () => box.evaluate((el: HTMLInputElement) => el.click()));
  }
  assert.equal(await box.isChecked(), on);
  // Each removed run is drawn collapsed behind a marker: open them all so the blocks can be seen and hovered.
  if (on) await page.locator('#pith-open-removed').click();
}

/** The removed block (.pith-removed) whose text contains `needle`, after the toggle is on. */
async function removedBlockWith(page: Page, needle: string): Promise<Locator> {
  await page.locator('#pith-article .pith-removed').first().waitFor({ state: 'attached', timeout: 5000 });
  const block = page.locator('#pith-article .pith-removed', { hasText: needle }).last();
  assert.ok((await block.count()) > 0, `no .pith-removed block containing "${needle}". ${await dom(page, '#pith-article')}`);
  return block;
}

/** Hovers `block` and returns the visible tooltip's text. */
async function tooltipFor(page: Page, block: Locator): Promise<string> {
  await block.scrollIntoViewIfNeeded();
  await block.hover();
  const tip = page.locator('[role=tooltip]').filter({ visible: true }).first();
  await tip.waitFor({ state: 'visible', timeout: 3000 }).catch(async () => {
    // Keyboard users get it on focus too (contract: "hovering or focusing").
    await block.focus().catch(() => {});
    await tip.waitFor({ state: 'visible', timeout: 2000 });
  });
  return (await tip.innerText()).trim();
}

const REASON = /main content|overlay|fixed|hidden|empty|extractor|readability|link|structure|outside|navigation|boilerplate/i;

/**
 * In the reader: is a removed block dimmed, i.e. faded (opacity, filter, translucent colour) or with lower-contrast
 * text than a kept paragraph? A string-built function: tsx would wrap named inner functions in a `__name` helper
 * that does not exist in the page.
 */
const dimmedCheck = new Function(
  'el',
  `
  for (let e = el; e && e.id !== 'pith-article'; e = e.parentElement) {
    const cs = getComputedStyle(e);
    if (parseFloat(cs.opacity) < 1 || (cs.filter && cs.filter !== 'none')) return { dimmed: true, why: 'opacity/filter' };
  }
  const rgba = (c) => ((/rgba?\\(([^)]*)\\)/.exec(c) || [])[1] || '0,0,0,0').split(/[,\\s/]+/).filter(Boolean).map(Number);
  const ch = (v) => ((v /= 255) <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4));
  const lum = (c) => 0.2126 * ch(c[0]) + 0.7152 * ch(c[1]) + 0.0722 * ch(c[2]);
  const contrast = (a, b) => { const x = Math.max(lum(a), lum(b)), y = Math.min(lum(a), lum(b)); return (x + 0.05) / (y + 0.05); };
  let bg = [255, 255, 255];
  for (let e = document.getElementById('pith-article'); e; e = e.parentElement) {
    const c = rgba(getComputedStyle(e).backgroundColor);
    if ((c[3] ?? 1) > 0) { bg = c; break; }
  }
  const removed = rgba(getComputedStyle(el).color);
  if ((removed[3] ?? 1) < 1) return { dimmed: true, why: 'translucent colour' };
  const kept = document.querySelector('#pith-article p[data-pith-block]:not(.pith-removed)');
  if (!kept) return { dimmed: false, why: 'no kept paragraph to compare with' };
  const cr = contrast(removed, bg), ck = contrast(rgba(getComputedStyle(kept).color), bg);
  return { dimmed: cr < ck, why: 'contrast removed ' + cr.toFixed(2) + ' vs kept ' + ck.toFixed(2) + ' (' + getComputedStyle(el).color + ' vs ' + getComputedStyle(kept).color + ' on rgb(' + bg.join(',') + '))' };
  `,
) as (el: Element) => { dimmed: boolean; why: string };

/**
 * naturalWidth of the article image with this src once it has loaded (0 if it has not within 5 s). Polls instead of
 * awaiting load events, which never fire for an element the reader re-renders away; scrolls it into view first
 * because the reader may mark images loading=lazy.
 */
async function loadedWidth(page: Page, src: string): Promise<number> {
  const img = page.locator(`#pith-article img[src="${src}"]`).first();
  await img.scrollIntoViewIfNeeded({ timeout: 5000 }).catch(() => {});
  const sel = `#pith-article img[src="${src}"]`;
  await page
    .waitForFunction((s) => ((document.querySelector(s) as HTMLImageElement | null)?.naturalWidth ?? 0) > 0, sel, { timeout: 5000 })
    .catch(() => {});
  return page.evaluate((s) => (document.querySelector(s) as HTMLImageElement | null)?.naturalWidth ?? 0, sel);
}

type Format = 'md' | 'html' | 'text' | 'json';

/** The file button[data-export] downloads; fails when no download arrives (a broken download must not pass). */
async function downloaded(page: Page, format: Format): Promise<string> {
  const button = page.locator(`button[data-export="${format}"]`);
  assert.equal(await button.count(), 1, `button[data-export="${format}"] missing. ${await dom(page)}`);
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 10_000 }).catch(() => undefined),
    button.click(),
  ]);
  assert.ok(download, `clicking button[data-export="${format}"] started no download within 10 s`);
  const failure = await download.failure();
  assert.equal(failure, null, `the ${format} download failed: ${failure}`);
  assert.match(download.suggestedFilename(), new RegExp(`\\.(${format === 'text' ? 'txt' : format})$`), 'download file name');
  return readFile(await download.path(), 'utf8');
}

/** What button[data-copy] puts on the clipboard; fails when the clipboard stays empty. */
async function copied(page: Page, format: Format): Promise<string> {
  const button = page.locator(`button[data-copy="${format}"]`);
  assert.equal(await button.count(), 1, `button[data-copy="${format}"] missing. ${await dom(page)}`);
  assert.ok(clipboardGranted, 'clipboard permissions could not be granted for the extension origin');
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await button.click();
  let text = '';
  for (let i = 0; i < 40 && !text; i++) {
    text = await page.evaluate(() => navigator.clipboard.readText());
    if (!text) await page.waitForTimeout(100);
  }
  assert.ok(text.length > 0, `button[data-copy="${format}"] left the clipboard empty`);
  return text;
}

describe('reader opens from the toolbar action', () => {
  test('clicking the action on a local page opens reader.html?tab=<id> with the article', T, async () => {
    const s = await readerFor('news-multicolumn.html');
    const url = new URL(s.reader.url());
    assert.equal(url.protocol, 'chrome-extension:');
    assert.equal(url.host, browser.extensionId);
    assert.equal(url.pathname, '/reader.html');
    assert.equal(url.searchParams.get('tab'), String(s.tabId));
    assert.equal(s.outcome, 'article', `reader shows #pith-error. ${await dom(s.reader)}`);
    assert.ok(await s.reader.locator('#pith-reader').count(), `#pith-reader root missing. ${await dom(s.reader)}`);
  });

  test('the service worker\'s pithOpenReader(tab) opens the reader too', T, async () => {
    const s = await openReaderFor(browser, server.url('figure-caption.html'), { fire: 'pithOpenReader' });
    try {
      assert.equal(s.firedWith, 'pithOpenReader');
      assert.equal(s.outcome, 'article', `reader shows #pith-error. ${await dom(s.reader)}`);
      assert.ok((await articleText(s.reader)).includes('Skerrymore'));
    } finally {
      await s.close();
    }
  });
});

describe('news site with nav, section column, side rail and footer', () => {
  const fixture = 'news-multicolumn.html';

  test('shows the article text and none of the page chrome', T, async () => {
    const page = await articleReader(fixture);
    const text = await articleText(page);
    assertContainsAll(text, ['glacier', 'Tverrbrean', 'Haakon Vik', 'A record written in wood', 'we can at least write down what we saw'], 'article');
    assertContainsNone(
      text,
      ['Crosswords', 'Podcasts', 'Letters to the editor', 'Most read', 'Ferry strike', 'Lighthouse', 'permafrost', 'Imprint', 'Northern Ledger Media AS', 'E-paper'],
      'article',
    );
    const blocks = await page.locator('#pith-article [data-pith-block]').count();
    assert.ok(blocks >= 7, `expected the rendered blocks to carry data-pith-block, found ${blocks}`);
  });

  test('header shows the title and byline', T, async () => {
    const page = await articleReader(fixture);
    const title = (await page.locator('#pith-title').innerText()).trim();
    assert.equal(title, 'Retreating glacier uncovers a forest buried for five thousand years');
    const byline = await page.locator('#pith-byline').innerText().catch(() => '');
    assert.match(byline, /Ingrid Solberg/, `#pith-byline: "${byline}"`);
  });

  test('the headline is shown once, not repeated under the header (kicker above the h1)', T, async () => {
    const page = await articleReader(fixture);
    const repeats = await page
      .locator('#pith-article :is(h1, h2, h3)', { hasText: 'Retreating glacier uncovers a forest buried' })
      .count();
    assert.equal(repeats, 0, `#pith-title shows the headline and #pith-article repeats it as a heading. ${await dom(page, '#pith-article')}`);
  });

  test('inline items separated only by flex gap do not run together', T, async () => {
    const page = await articleReader(fixture);
    // <div class="meta" style="display:flex; gap"><span>By Ingrid Solberg</span><time>14 March 2026</time><span>7 min read</span>
    // The row may be kept or removed (it repeats the header's byline), so look with "show removed" on as well.
    assertContainsNone(await articleText(page), ['Solberg14', '20267 min'], 'article', 'flex items run together without a space');
    await setShowRemoved(page, true);
    try {
      const all = await articleText(page);
      assert.ok(all.includes('Ingrid Solberg'), 'the byline row is neither kept nor shown as removed');
      assertContainsNone(all, ['Solberg14', '20267 min'], 'article with removed blocks shown', 'flex items run together without a space');
    } finally {
      await setShowRemoved(page, false);
    }
  });

  test('"show removed" shows removed blocks dimmed, with a reason tooltip on hover', T, async () => {
    const page = await articleReader(fixture);
    await setShowRemoved(page, true);
    try {
      const block = await removedBlockWith(page, 'Imprint');
      const reason = (await block.getAttribute('data-reason')) ?? '';
      assert.match(reason, REASON, `data-reason of the footer block: "${reason}"`);
      assert.ok(await block.isVisible(), 'the removed footer block is not visible with the toggle on');
      const dimmed = await block.evaluate(dimmedCheck);
      assert.ok(dimmed.dimmed, `removed block is not dimmed: ${dimmed.why}`);
      const removedText = await page.locator('#pith-article .pith-removed').allInnerTexts();
      assertContainsAll(removedText.join('\n'), ['Crosswords', 'Most read'], 'removed blocks');

      const tip = await tooltipFor(page, block);
      // The tooltip says what the piece is in the reader's words ("Site footer: 12 links"), not the engine's reason.
      const tipReason = (await page.locator('[role=tooltip] .pith-tooltip-reason').filter({ visible: true }).first().innerText()).replace(/\s+/g, ' ').trim();
      assert.match(tipReason, /^(Site footer|Site menu|Sidebar|Beside the article|List of links|Links to other stories): \d+ (links?|words?)$/, `tooltip "${tip}"`);
      assert.doesNotMatch(tip, /Readability|GCE|<\w+>|marked “/, `engine words in the tooltip "${tip}"`);
    } finally {
      await setShowRemoved(page, false);
    }
    const text = await articleText(page);
    assertContainsNone(text, ['Imprint', 'Crosswords'], 'article after switching "show removed" off');
  });

  test('Markdown export starts with the h1 and holds the article, not the chrome', T, async () => {
    const page = await articleReader(fixture);
    const md = await downloaded(page, 'md');
    assert.match(md, /^# Retreating glacier uncovers a forest buried for five thousand years\s*$/m, `markdown:\n${excerpt(md, 800)}`);
    const titleLines = md.split('\n').filter((l) => /^#+ Retreating glacier/.test(l));
    assert.equal(titleLines.length, 1, `the headline appears ${titleLines.length} times as a heading in the Markdown`);
    assert.match(md, /^## A record written in wood\s*$/m);
    assertContainsAll(md, ['Tverrbrean', 'Haakon Vik'], 'markdown');
    assertContainsNone(md, ['Imprint', 'Crosswords', 'Most read'], 'markdown');
  });

  test('all four export formats are offered and produce their format', T, async () => {
    const page = await articleReader(fixture);
    for (const f of ['md', 'html', 'text', 'json'] as const) {
      assert.equal(await page.locator(`button[data-export="${f}"]`).count(), 1, `button[data-export="${f}"]. ${await dom(page)}`);
      assert.equal(await page.locator(`button[data-copy="${f}"]`).count(), 1, `button[data-copy="${f}"]`);
    }
    const html = await downloaded(page, 'html');
    assert.match(html, /<h1[^>]*>\s*Retreating glacier/i, `html export: ${excerpt(html, 500)}`);
    const text = await downloaded(page, 'text');
    assert.ok(text.includes('Tverrbrean') && !/<p[\s>]/.test(text), `text export: ${excerpt(text, 500)}`);
    const json = await downloaded(page, 'json');
    assert.doesNotThrow(() => JSON.parse(json), `json export is not JSON: ${excerpt(json, 300)}`);
    assert.ok(json.includes('Tverrbrean'), 'json export lacks the article text');
  });

  test('"copy" puts the same Markdown on the clipboard as the Markdown download', T, async () => {
    const page = await articleReader(fixture);
    const fromClipboard = await copied(page, 'md');
    const fromDownload = await downloaded(page, 'md');
    assert.match(fromClipboard, /^# Retreating glacier/m, `clipboard: ${excerpt(fromClipboard, 400)}`);
    assert.equal(fromClipboard.trim(), fromDownload.trim(), 'button[data-copy="md"] copies something else than the md download');
  });
});

describe('fixed cookie bar and newsletter popup', () => {
  const fixture = 'cookie-bar.html';

  test('shows the article without the cookie bar, popup and footer', T, async () => {
    const page = await articleReader(fixture);
    const text = await articleText(page);
    assertContainsAll(text, ['sourdough starter', 'ethyl acetate', 'Flour changes the character'], 'article');
    assertContainsNone(text, ['We use cookies', 'Accept all', 'Manage preferences', 'Join our newsletter', 'free e-book', 'Terms of use'], 'article');
  });

  test('the cookie bar and the popup are removed as overlays', T, async () => {
    const page = await articleReader(fixture);
    await setShowRemoved(page, true);
    try {
      const bar = await removedBlockWith(page, 'We use cookies');
      const reason = (await bar.getAttribute('data-reason')) ?? '';
      assert.match(reason, /overlay|fixed|cookie|sticky/i, `cookie bar's reason: "${reason}"`);
      const popup = await removedBlockWith(page, 'Join our newsletter');
      assert.match((await popup.getAttribute('data-reason')) ?? '', /overlay|fixed|popup|newsletter/i);
      const tip = await tooltipFor(page, bar);
      assert.match(tip, /^(Cookie notice|Box over the page): /, `tooltip on the cookie bar: "${tip}"`);
    } finally {
      await setShowRemoved(page, false);
    }
  });
});

describe('content types', () => {
  test('data table exports as a GFM table', T, async () => {
    const page = await articleReader('data-table.html');
    const table = page.locator('#pith-article table');
    assert.ok((await table.count()) > 0, `no <table> in the article. ${await dom(page, '#pith-article')}`);
    assert.ok((await table.first().locator('th').count()) >= 5, 'table header cells lost');
    const md = await downloaded(page, 'md');
    assert.match(md, /^\|\s*City\s*\|\s*Rainfall 2025 \(mm\)\s*\|\s*Average \(mm\)\s*\|\s*Rainy days\s*\|\s*Change\s*\|\s*$/m, `markdown:\n${excerpt(md, 1200)}`);
    assert.match(md, /^\|(\s*:?-{3,}:?\s*\|){5}\s*$/m, 'GFM delimiter row missing');
    assert.match(md, /^\|\s*Dublin\s*\|\s*842\s*\|\s*758\s*\|\s*181\s*\|\s*\+11%\s*\|\s*$/m);
    assert.match(md, /^\|\s*Copenhagen\s*\|/m);
  });

  test('code blocks export as fenced code with < and indentation preserved', T, async () => {
    const page = await articleReader('code-block.html');
    const pre = page.locator('#pith-article pre');
    assert.ok((await pre.count()) >= 2, `expected 2 <pre> blocks. ${await dom(page, '#pith-article')}`);
    assert.ok((await pre.nth(1).innerText()).includes('new Blob([text]).size < 64 * 1024'), 'reader lost the < in code');
    const md = await downloaded(page, 'md');
    const fences = [...md.matchAll(/^(```+|~~~+)([\w-]*)\n([\s\S]*?)^\1\s*$/gm)];
    assert.ok(fences.length >= 2, `expected 2 fenced code blocks, found ${fences.length}:\n${excerpt(md, 1500)}`);
    const code = fences.map((f) => f[3]).join('\n');
    assert.ok(code.includes('return new Blob([text]).size < 64 * 1024 && text.length > 0;'), `< not preserved in code:\n${excerpt(code, 800)}`);
    assert.ok(!code.includes('&lt;'), 'code contains &lt; instead of <');
    assert.match(code, /^ {4}if \(timer !== null\) clearTimeout\(timer\);$/m, 'indentation lost in code');
    assert.ok(fences.some((f) => /^(js|javascript)$/.test(f[2]!)), `no js language on the fences: ${fences.map((f) => f[1]! + f[2]).join(', ')}`);
    assert.match(md, /`flush\(\)`/, 'inline code lost');
    assert.match(md, /`ReturnType<typeof setTimeout>`/, 'inline code with < lost');
  });

  test('figure image has an absolute URL and keeps its caption', T, async () => {
    const page = await articleReader('figure-caption.html');
    const expected = `${server.origin}/images/skerrymore-lens.png`;
    const src = await page.locator('#pith-article img').first().getAttribute('src').catch(() => null);
    assert.equal(src, expected, `reader image src. ${await dom(page, '#pith-article')}`);
    assert.equal(await loadedWidth(page, expected), 1, 'the figure image did not load in the reader (COEP, CSP or referrer policy?)');
    const text = await articleText(page);
    assert.ok(text.includes('The restored first-order Fresnel lens'), 'figcaption text missing in the reader');
    const md = await downloaded(page, 'md');
    const esc = expected.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    assert.match(md, new RegExp(`!\\[[^\\]]*\\]\\(${esc}(\\s+"[^"]*")?\\)`), `markdown image:\n${excerpt(md, 1200)}`);
    assert.ok(md.includes('The restored first-order Fresnel lens'), 'caption missing from markdown');
  });

  test('lazy images show their real (data-src) URL', T, async () => {
    const page = await articleReader('lazy-image.html');
    const srcs = await page.locator('#pith-article img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).getAttribute('src') ?? ''));
    assert.ok(srcs.includes(`${server.origin}/images/harbour-morning.png`), `img srcs: ${JSON.stringify(srcs)}`);
    assert.ok(!srcs.some((s) => s.startsWith('data:image/gif')), 'the 1×1 placeholder is shown instead of the real image');
    assert.ok(srcs.some((s) => /^http:\/\/127\.0\.0\.1:\d+\/images\/market-stalls-(480|1200)\.png$/.test(s)), `loading=lazy srcset image: ${JSON.stringify(srcs)}`);
    assert.equal(await loadedWidth(page, `${server.origin}/images/harbour-morning.png`), 1, 'the real image did not load in the reader (COEP or CSP?)');
  });
});

describe('languages and direction', () => {
  test('Japanese article keeps lang=ja and its text, without nav, ranking and footer', T, async () => {
    const page = await articleReader('cjk-article.html');
    const lang = await page.locator('#pith-article').evaluate((el) => (el.closest('[lang]')?.getAttribute('lang') ?? ''));
    assert.match(lang, /^ja\b/i, `lang on/around #pith-article: "${lang}"`);
    const text = await articleText(page);
    assertContainsAll(text, ['町家', '中村健太', '宿泊と工房、二つの使い方', '使い続けることが、いちばんの保存になる'], 'article');
    assertContainsNone(text, ['天気予報', 'ログイン', 'アクセスランキング', '老舗和菓子店', '利用規約', '無断転載'], 'article');
    // Whitespace-insensitive: the ideographic space (U+3000) in the headline may be normalised to a plain space.
    const title = (await page.locator('#pith-title').innerText()).replace(/\s+/g, ' ').trim();
    assert.equal(title, '京都の町家、空き家から宿と工房へ 改修の担い手に若い職人');
  });

  test('Arabic article is laid out right-to-left, without sidebar and footer', T, async () => {
    const page = await articleReader('rtl-article.html');
    const { dir, direction, lang } = await page.locator('#pith-article').evaluate((el) => ({
      dir: el.closest('[dir]')?.getAttribute('dir') ?? '',
      direction: getComputedStyle(el).direction,
      lang: el.closest('[lang]')?.getAttribute('lang') ?? '',
    }));
    assert.equal(dir, 'rtl', 'dir on/around #pith-article');
    assert.equal(direction, 'rtl', 'computed direction of #pith-article');
    assert.match(lang, /^ar\b/i);
    const text = await articleText(page);
    assertContainsAll(text, ['الحارثي', 'بنك للفسائل وذاكرة للواحة', 'ليلى القاسمي'], 'article');
    assertContainsNone(text, ['الأكثر قراءة', 'مهرجان الكتاب', 'جميع الحقوق محفوظة', 'محليات'], 'article');
  });
});

describe('pages that cannot be read', () => {
  const CANNOT_READ =
    /(can(no|['’])t|cannot|unable to|not able to|isn['’]t|is not|not allowed|doesn['’]t allow|does not allow).{0,60}(read|open|access|extract)|not readable|unreadable/i;

  /** Clicked the way a user clicks (activeTab is granted, and still the page cannot be read). */
  async function assertCannotRead(url: string, says: RegExp = CANNOT_READ): Promise<void> {
    const s = await openReaderFor(browser, url, { timeout: 15_000, fire: 'click' });
    try {
      assert.equal(s.firedWith, 'Extensions.triggerAction');
      const error = s.reader.locator('#pith-error');
      assert.equal(s.outcome, 'error', `expected #pith-error. ${await dom(s.reader)}`);
      await error.waitFor({ state: 'visible', timeout: 3000 });
      const msg = (await error.innerText()).trim();
      assert.match(msg, says, `#pith-error text: "${msg}"`);
      assert.equal(await s.reader.locator('#pith-article [data-pith-block]').count(), 0, 'error page still renders article blocks');
    } finally {
      await s.close();
    }
  }

  test('chrome://version shows #pith-error saying the page cannot be read', T, () => assertCannotRead('chrome://version'));

  // Chrome neither grants activeTab on about:blank nor shows its URL, and its scripting error is the generic "Cannot
  // access contents of the page": the reader says so in one sentence, without sending the reader round a loop.
  test('about:blank shows #pith-error saying the page cannot be read', T, () =>
    assertCannotRead('about:blank', /^Pith can’t read this tab: browsers keep blank tabs \(about:blank\)[^.]*\.$/));
});
