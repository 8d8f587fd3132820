/**
 * End to end in Firefox ESR with the built Firefox extension: read aloud (speechSynthesis replaced by the test
 * double of speech-double.ts) reads the article's sentences in order with its language and highlights the word a
 * boundary event names; a highlight made in the reader is back in a second reader tab and in the Markdown export;
 * removed comments shown on request and remembered for the site; typography remembered across reader tabs. With
 * only the access a click grants: a three-page article read to its end with one click per page, a highlight made
 * in page 2 listed as on page 2 when the reader reopens, exported, and drawn again once page 2 is loaded; auto-open,
 * which asks the browser for the one site (its permission prompt accepted in the browser's own window) and opens
 * the reader on the next article load there.
 *   npm run build --silent && node --import tsx --test test/e2e/firefox-reading.test.ts
 * Skipped, saying why, when firefox-esr or the Firefox build is missing.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { PAGES_DIR, servePages, startServer, type StaticServer } from './harness';
import { FIREFOX, firefoxAvailable, launchFirefox, READER_ORIGIN, type FirefoxSession } from './firefox-harness';
import { SPEECH_DOUBLE } from './speech-double';

const T = { timeout: 120_000 };
const READER_DONE = `return !!document.querySelector('#pith-article, #pith-error') && !!document.querySelector('#pith-read-toggle');`;
/** A script that selects `passage` in the first text node of `root` holding it, as a user dragging over it would. */
function selectPassage(root: string, passage: string): string {
  return `
    const walker = document.createTreeWalker(document.querySelector(${JSON.stringify(root)}), NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const at = n.data.indexOf(${JSON.stringify(passage)});
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(n, at);
      range.setEnd(n, at + ${passage.length});
      document.getSelection().removeAllRanges();
      document.getSelection().addRange(range);
      break;
    }`;
}

const missing = firefoxAvailable() ? false : `${FIREFOX} or .output/firefox-mv3 is missing (bash scripts/setup.sh; npm run build)`;

describe('Firefox: read aloud and highlights', { skip: missing }, () => {
  let server: StaticServer;
  let firefox: FirefoxSession;

  before(async () => {
    server = await servePages({ 'lenses.html': readFileSync(join(PAGES_DIR, 'read-aloud-article.html'), 'utf8') });
    firefox = await launchFirefox();
    await firefox.goto(server.url('/lenses.html'));
  });

  after(async () => {
    await firefox?.close();
    await server?.close();
  });

  test('read aloud speaks the sentences in order in the page language and highlights the word at a boundary', T, async () => {
    const reader = await firefox.openReader();
    await firefox.waitFor(reader, READER_DONE, 'the reader with its read-aloud controls');
    const result = await firefox.evaluate<{ texts: string[]; langs: string[]; word: string | null; sentence: string | null }>(reader, `
      ${SPEECH_DOUBLE};
      document.querySelector('#pith-read-toggle').click();
      await new Promise((r) => setTimeout(r, 50));
      pithSpeech.end();
      await new Promise((r) => setTimeout(r, 50));
      pithSpeech.boundary(31);
      const word = pithSpeech.highlighted('pith-word');
      const sentence = pithSpeech.highlighted('pith-sentence');
      for (let i = 0; i < 40 && pithSpeech.end(); i++) await new Promise((r) => setTimeout(r, 10));
      const said = pithSpeech.said();
      return { texts: said.map((u) => u.text), langs: said.map((u) => u.lang), word, sentence };`);
    assert.deepEqual(result.texts.slice(0, 3), [
      'How lighthouses got their lenses',
      'Before the nineteenth century, lighthouses burned wood or coal in open fires.',
      'Their light reached only a few miles out to sea.',
    ]);
    assert.ok(result.texts.includes('A code block of 2 lines, not read aloud.'));
    assert.ok(result.langs.every((l) => l === 'en-GB'), result.langs.join());
    assert.equal(result.sentence, 'Before the nineteenth century, lighthouses burned wood or coal in open fires.');
    assert.equal(result.word, 'lighthouses');
  });

  test('a highlight is back in a second reader tab and in the Markdown export', T, async () => {
    const first = await firefox.openReader();
    await firefox.waitFor(first, READER_DONE, 'the first reader');
    await firefox.evaluate(first, `
      ${selectPassage('#pith-article', 'ground by hand')}
      await new Promise((r) => setTimeout(r, 200));
      document.querySelector('.pith-highlight-toolbar button[data-highlight-color="pink"]').click();
      await new Promise((r) => setTimeout(r, 300));
      return true;`);
    const second = await firefox.openReader();
    await firefox.waitFor(second, `return !!document.querySelector('#pith-article mark.pith-hl-pink');`, 'the highlight in the second reader');
    const shown = await firefox.evaluate<{ mark: string; md: string }>(second, `
      const saved = [];
      const create = URL.createObjectURL.bind(URL);
      URL.createObjectURL = (blob) => { saved.push(blob); return create(blob); };
      document.querySelector('button[data-export="md"]').click();
      await new Promise((r) => setTimeout(r, 200));
      return { mark: document.querySelector('#pith-article mark.pith-hl').textContent, md: saved.length ? await saved[0].text() : '' };`);
    assert.equal(shown.mark, 'ground by hand');
    assert.match(shown.md, /## Highlights\n\n- ==ground by hand==/);
  });
});

describe('Firefox: comments on request and typography', { skip: missing }, () => {
  let server: StaticServer;
  let firefox: FirefoxSession;

  before(async () => {
    server = await startServer();
    firefox = await launchFirefox();
  });

  after(async () => {
    await firefox?.close();
    await server?.close();
  });

  test('the removed comments are offered at the end of the article, shown with author and date, and remembered for the site', T, async () => {
    await firefox.goto(server.url('/blog-with-comments.html'));
    const first = await firefox.openReader();
    await firefox.waitFor(first, `return !!document.querySelector('#pith-comments-toggle');`, 'the comments offer');
    const offered = await firefox.evaluate<{ label: string; expanded: string | null; shown: number; inArticle: boolean }>(first, `
      const toggle = document.querySelector('#pith-comments-toggle');
      return { label: toggle.textContent, expanded: toggle.getAttribute('aria-expanded'), shown: document.querySelectorAll('.pith-comment').length,
        inArticle: document.getElementById('pith-article').textContent.includes('pigeons') };`);
    assert.deepEqual(offered, { label: 'Show 3 comments', expanded: 'false', shown: 0, inArticle: false });
    const opened = await firefox.evaluate<{ authors: string[]; date: string | null }>(first, `
      document.querySelector('#pith-comments-toggle').click();
      await new Promise((r) => setTimeout(r, 100));
      const comments = [...document.querySelectorAll('.pith-comment')];
      document.querySelector('#pith-comments-always').click();
      await new Promise((r) => setTimeout(r, 300));
      return { authors: comments.map((c) => c.querySelector('.pith-comment-author').textContent), date: comments[1].querySelector('time').getAttribute('datetime') };`);
    assert.equal(opened.authors.length, 3);
    assert.equal(opened.authors[0], 'Priya');
    assert.equal(opened.date, '2026-06-05T18:40');
    const again = await firefox.openReader();
    await firefox.waitFor(again, `return document.querySelectorAll('.pith-comment').length === 3;`, 'the comments shown without asking in a second reader');
    assert.equal(await firefox.evaluate(again, `return document.querySelector('#pith-comments-toggle').getAttribute('aria-expanded');`), 'true');
  });

  test('typography set in one reader tab applies to the next one', T, async () => {
    await firefox.goto(server.url('/read-aloud-article.html'));
    const first = await firefox.openReader();
    await firefox.waitFor(first, `return !!document.querySelector('#pith-article') && !!document.querySelector('#pith-font-dyslexic');`, 'the reader with its settings');
    await firefox.evaluate(first, `
      document.querySelector('#pith-aa > summary').click();
      document.querySelector('#pith-font-dyslexic').click();
      const range = document.getElementById('pith-letter-spacing');
      range.value = '0.1';
      range.dispatchEvent(new Event('input', { bubbles: true }));
      document.querySelector('#pith-align-justify').click();
      await new Promise((r) => setTimeout(r, 600)); // past the save debounce
      return true;`);
    const second = await firefox.openReader();
    const style = `const cs = getComputedStyle(document.querySelector('#pith-article p'));`;
    await firefox.waitFor(second, `${style} return cs.fontFamily.includes('OpenDyslexic');`, 'the dyslexia-friendly font in the second reader');
    const shown = await firefox.evaluate<{ letter: number; size: number; align: string }>(second, `${style}
      return { letter: parseFloat(cs.letterSpacing), size: parseFloat(cs.fontSize), align: cs.textAlign };`);
    assert.ok(Math.abs(shown.letter - 0.1 * shown.size) < 0.05, JSON.stringify(shown));
    assert.equal(shown.align, 'justify');
  });
});

describe('Firefox, with only the access a click grants: next pages, their highlights and auto-open', { skip: missing }, () => {
  let server: StaticServer;
  let firefox: FirefoxSession;

  before(async () => {
    server = await startServer();
    firefox = await launchFirefox({ testHosts: false });
  });

  after(async () => {
    await firefox?.close();
    await server?.close();
  });

  test('a three-page article is read to its end with one click per page', T, async () => {
    await firefox.goto(server.url('/canal-1.html'));
    const reader = await firefox.openReader();
    await firefox.waitFor(reader, `return !!document.querySelector('#pith-next-page');`, 'the next-page offer');
    assert.equal(await firefox.evaluate(reader, `return document.querySelector('#pith-next-page').textContent;`), 'Load the next page (page 2)');
    await firefox.click(reader, '#pith-next-page');
    await firefox.waitFor(reader, `return !!document.querySelector('#pith-page-2') && !!document.querySelector('#pith-next-page:not([disabled])');`, 'page 2', 40_000);
    await firefox.click(reader, '#pith-next-page');
    await firefox.waitFor(reader, `return !!document.querySelector('#pith-page-3') && !!document.querySelector('.pith-pages-end');`, 'page 3 and the end', 40_000);
    const end = await firefox.evaluate<{ pages: string[]; button: boolean; focused: string | undefined; notice: string | null }>(reader, `return {
      pages: [...document.querySelectorAll('.pith-next-page-article')].map((a) => a.textContent),
      button: !!document.querySelector('#pith-next-page'),
      focused: document.activeElement?.id,
      notice: document.querySelector('.pith-next-pages .pith-notice')?.textContent ?? null };`);
    assert.equal(end.pages.length, 2, JSON.stringify(end));
    assert.match(end.pages[0], /limestone ridge/);
    assert.match(end.pages[1], /first boat carried coal/);
    assert.ok(!end.pages.join(' ').includes('Local History Quarterly'), 'appended pages are cleaned like the first');
    assert.equal(end.button, false, 'no button after the last page');
    assert.equal(end.focused, 'pith-page-3', 'focus moves to the page just loaded');
  });

  test('a highlight made in page 2 is listed as on page 2 in the reopened reader, exported, and drawn once page 2 is loaded', T, async () => {
    await firefox.goto(server.url('/canal-1.html'));
    const first = await firefox.openReader();
    await firefox.waitFor(first, `return !!document.querySelector('#pith-next-page') && !!document.querySelector('#pith-highlights-heading');`, 'the reader with its tools');
    await firefox.click(first, '#pith-next-page');
    await firefox.waitFor(first, `return !!document.querySelector('.pith-next-page-article');`, 'page 2', 40_000);
    await firefox.evaluate(first, `
      ${selectPassage('.pith-next-page-article', 'blast, and the work')}
      await new Promise((r) => setTimeout(r, 200));
      document.querySelector('.pith-highlight-toolbar button[data-highlight-color="blue"]').click();
      await new Promise((r) => setTimeout(r, 300));
      return true;`);
    assert.equal(await firefox.evaluate(first, `return document.querySelector('.pith-next-page-article mark.pith-hl-blue')?.textContent ?? null;`), 'blast, and the work');
    const again = await firefox.openReader();
    await firefox.waitFor(again, `return /On page 2, not loaded yet/.test(document.querySelector('.pith-highlight-item')?.textContent ?? '');`, 'the highlight listed as on page 2');
    const md = await firefox.evaluate<string>(again, `
      const saved = [];
      const create = URL.createObjectURL.bind(URL);
      URL.createObjectURL = (blob) => { saved.push(blob); return create(blob); };
      document.querySelector('button[data-export="md"]').click();
      await new Promise((r) => setTimeout(r, 200));
      return saved.length ? await saved[0].text() : '';`);
    assert.match(md, /## Highlights\n\n- ==blast, and the work== \(page 2\)\n/);
    await firefox.click(again, '#pith-next-page');
    await firefox.waitFor(again, `return document.querySelector('.pith-next-page-article mark.pith-hl-blue')?.textContent === 'blast, and the work';`, 'the highlight drawn in page 2', 40_000);
  });

  test('turning auto-open on asks for that one site, and the next article load there opens the reader', T, async () => {
    await firefox.goto(server.url('/read-aloud-article.html'));
    const reader = await firefox.openReader();
    await firefox.waitFor(reader, `return !!document.querySelector('#pith-auto-open');`, 'the auto-open switch');
    await firefox.click(reader, '#pith-auto-open'); // a real click: Firefox asks for permissions only during user input
    const prompt = `const shown = PopupNotifications._currentNotifications.find((n) => n.id === 'addon-webext-permissions');`;
    await firefox.evaluateChrome(`
      for (let i = 0; i < 100; i++) {
        ${prompt}
        if (shown && PopupNotifications.panel.state === 'open') return true;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('Firefox showed no permission prompt');`);
    const asked = await firefox.evaluateChrome<string>(`return PopupNotifications.panel.textContent;`);
    assert.match(asked, /sites in 127\.0\.0\.1 domain/, asked);
    assert.ok(!/all websites|localhost/i.test(asked), `only the one site is asked for: ${asked}`);
    await firefox.evaluateChrome(`PopupNotifications.panel.querySelector('popupnotification').button.click(); return true;`);
    await firefox.waitFor(reader, `return document.querySelector('#pith-auto-open').checked && /open in the reader/.test(document.querySelector('.pith-auto-open').textContent);`, 'the switch on');
    const readers = async () => (await firefox.tabs()).filter((c) => c.url.startsWith(`${READER_ORIGIN}/reader.html`)).map((c) => c.context);
    const before = new Set(await readers());
    await firefox.goto(server.url('/blog-with-comments.html'));
    let opened: string | undefined;
    for (let i = 0; i < 75 && !opened; i++) {
      opened = (await readers()).find((c) => !before.has(c));
      if (!opened) await new Promise((r) => setTimeout(r, 200));
    }
    assert.ok(opened, 'a reader tab opened by itself');
    await firefox.waitFor(opened, `return /tomatoes on a balcony/.test(document.querySelector('#pith-title')?.textContent ?? '');`, 'the article in the auto-opened reader');
  });
});
