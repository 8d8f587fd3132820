/**
 * End to end in Firefox ESR with the built Firefox extension (test/e2e/firefox-harness.ts): the reader on a page the
 * test serves, its text and a removal tooltip, the four exports, and the semantic pass in the background-frame model
 * host with the random-weight ONNX fixture (plumbing only, as in semantic.test.ts).
 *   npm run build --silent && node --import tsx --test test/e2e/firefox.test.ts
 * Skipped, saying why, when firefox-esr or the Firefox build is missing (bash scripts/setup.sh installs it).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { FIXTURE_SORE_SETTINGS } from '../helpers/sore-test-settings';
import { servePages, type StaticServer } from './harness';
import { FIREFOX, firefoxAvailable, launchFirefox, type FirefoxSession } from './firefox-harness';

const T = { timeout: 120_000 };
const PARAGRAPHS = [
  'Ships returned to the harbour on Monday morning after a week of repairs to the quay that the storm had torn apart.',
  'The storm struck on the night of February twenty-sixth with gusts of more than one hundred kilometres an hour.',
  'Repairs cost the town council about two million euros, most of it paid from the emergency fund set aside after the last flood.',
  'By Monday afternoon the fish market had opened again, and the first catch of the week was sold within an hour.',
];
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>The harbour reopens | Harbour Daily</title>
<meta name="description" content="Ships returned to the harbour on Monday after a week of repairs.">
<style>body{font:18px/1.6 Georgia,serif;margin:0} header,footer{background:#eee;padding:1rem} main{max-width:680px;margin:2rem auto}</style></head>
<body><header><nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a> <a href="/about">About</a></nav></header>
<main><article><h1>The harbour reopens</h1>${PARAGRAPHS.map((p) => `<p>${p}</p>`).join('')}</article></main>
<footer><p>Harbour Daily, 12 Quay Street. <a href="/contact">Contact us</a> · <a href="/privacy">Privacy policy</a></p></footer>
</body></html>`;


const READER_DONE = `return !!document.querySelector('#pith-article, #pith-error');`;

const missing = firefoxAvailable() ? false : `${FIREFOX} or .output/firefox-mv3 is missing (bash scripts/setup.sh; npm run build)`;

describe('Firefox: the built extension', { skip: missing }, () => {
  let server: StaticServer;
  let firefox: FirefoxSession;
  let reader = '';

  before(async () => {
    server = await servePages({ 'harbour.html': PAGE });
    firefox = await launchFirefox();
    await firefox.goto(server.url('/harbour.html'));
    reader = await firefox.openReader();
    await firefox.waitFor(reader, READER_DONE, 'the reader to show the article');
  });

  after(async () => {
    await firefox?.close();
    await server?.close();
  });

  test('the reader shows the article without the navigation', T, async () => {
    const text = await firefox.evaluate<string>(reader, `return document.querySelector('#pith-article')?.innerText ?? document.querySelector('#pith-error')?.innerText;`);
    for (const p of PARAGRAPHS) assert.ok(text.includes(p), `missing: ${p}\n${text}`);
    assert.ok(!text.includes('Privacy policy'), text);
    assert.equal(await firefox.evaluate<string>(reader, `return document.querySelector('#pith-title')?.textContent;`), 'The harbour reopens');
  });

  test('a removed piece says why in its tooltip', T, async () => {
    const shown = await firefox.evaluate<{ reason: string; tooltip: string }>(reader, `
      document.querySelector('#pith-show-removed').click();
      await new Promise((r) => setTimeout(r, 300));
      document.querySelector('#pith-open-removed')?.click();
      const piece = [...document.querySelectorAll('#pith-article .pith-removed')].find((el) => el.textContent.includes('Privacy policy'));
      if (!piece) return { reason: '', tooltip: 'no removed footer drawn' };
      piece.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
      await new Promise((r) => setTimeout(r, 300));
      return { reason: piece.getAttribute('data-reason'), tooltip: document.querySelector('[role=tooltip].pith-tooltip')?.textContent ?? '' };`);
    assert.ok(shown.reason, shown.tooltip);
    // The tooltip names the piece in the reader's words ("Site footer: 3 links"); the engine's reason stays in data-reason.
    assert.match(shown.tooltip, /^[A-Z][^:]+: \S/, `tooltip "${shown.tooltip}"`);
    assert.doesNotMatch(shown.tooltip, /Readability|GCE|<\w+>|marked “/, `engine words in the tooltip "${shown.tooltip}"`);
  });

  test('exports Markdown, HTML, text and JSON', T, async () => {
    const files = await firefox.evaluate<Record<string, string>>(reader, `
      const saved = [];
      const create = URL.createObjectURL.bind(URL);
      URL.createObjectURL = (blob) => { saved.push(blob); return create(blob); };
      const out = {};
      for (const format of ['md', 'html', 'text', 'json']) {
        saved.length = 0;
        document.querySelector('button[data-export="' + format + '"]').click();
        await new Promise((r) => setTimeout(r, 200));
        out[format] = saved.length ? await saved[0].text() : '';
      }
      return out;`);
    assert.match(files.md, /^#{1,2} The harbour reopens$/m);
    assert.ok(files.md.includes(PARAGRAPHS[0]), files.md);
    assert.match(files.html, /<html[\s\S]*The harbour reopens[\s\S]*<\/html>/i);
    assert.ok(files.text.includes(PARAGRAPHS[3]) && !files.text.includes('Privacy policy'), files.text);
    const json = JSON.parse(files.json) as { blocks: { text: string; kept: boolean }[] };
    assert.ok(json.blocks.some((b) => b.kept && b.text.includes(PARAGRAPHS[1])));
  });

  test('the semantic pass runs in the background-frame model host', T, async () => {
    await firefox.evaluate(reader, `await browser.storage.local.set({ soreSettings: ${JSON.stringify(FIXTURE_SORE_SETTINGS)}, soreSettings$: { v: 1 } }); return true;`);
    const second = await firefox.openReader();
    await firefox.waitFor(second, READER_DONE, 'the second reader');
    await firefox.waitFor(
      second,
      `return ['done', 'unchanged', 'failed'].includes(document.querySelector('#pith-semantic')?.getAttribute('data-state'));`,
      'the semantic pass to end',
      90_000,
    );
    const result = await firefox.evaluate<{ state: string; text: string }>(second, `
      const el = document.querySelector('#pith-semantic');
      return { state: el.getAttribute('data-state'), text: el.textContent };`);
    assert.equal(result.state, 'done', result.text);
    assert.match(result.text, /Semantic pass: \d+ blocks? removed/);
    assert.equal(await firefox.evaluate<string | null>(second, `return document.querySelector('#pith-semantic').getAttribute('data-backend');`), 'wasm');
  });
});
