/**
 * End to end in Firefox ESR with the built Firefox extension: read aloud (speechSynthesis replaced by the test
 * double of speech-double.ts) reads the article's sentences in order with its language and highlights the word a
 * boundary event names; a highlight made in the reader is back in a second reader tab and in the Markdown export.
 *   npm run build --silent && node --import tsx --test test/e2e/firefox-reading.test.ts
 * Skipped, saying why, when firefox-esr or the Firefox build is missing.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { PAGES_DIR, servePages, type StaticServer } from './harness';
import { FIREFOX, firefoxAvailable, launchFirefox, type FirefoxSession } from './firefox-harness';
import { SPEECH_DOUBLE } from './speech-double';

const T = { timeout: 120_000 };
const READER_DONE = `return !!document.querySelector('#pith-article, #pith-error') && !!document.querySelector('#pith-read-toggle');`;
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
      const article = document.getElementById('pith-article');
      const walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const at = n.data.indexOf('ground by hand');
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(n, at);
        range.setEnd(n, at + 'ground by hand'.length);
        document.getSelection().removeAllRanges();
        document.getSelection().addRange(range);
        break;
      }
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
