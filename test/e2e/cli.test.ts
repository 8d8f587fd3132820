/**
 * End to end: `npm run extract` (scripts/extract.ts) drives the page bundle in headless Chromium.
 * Run: node --import tsx --test test/e2e/cli.test.ts
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { extract, REPO, RUN_TIMEOUT_MS } from '../helpers/run-extract';

const ARTICLE_PARAGRAPHS = [
  'The river town woke slowly that spring, its ferry idle while the water rose over the lower quay.',
  'Fishermen who had worked the estuary for forty years said they had never seen the tide hold so long.',
  'By noon the council had opened the school hall, and volunteers carried sandbags along the high street.',
  'Engineers from the county arrived in the evening and agreed that the old flood wall had done its job.',
  'The ferry ran again on Thursday, and the first passengers applauded the crew as it left the landing.',
];

const PAGE = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Flood Week in the River Town</title>
<style>
  body { margin: 0; font: 18px/1.6 Georgia, serif; }
  nav { position: sticky; top: 0; height: 48px; background: #223; display: flex; gap: 24px; padding: 0 24px; }
  nav a { color: #fff; font: 14px sans-serif; line-height: 48px; }
  main { width: 720px; margin: 40px auto; }
  footer { background: #eee; padding: 24px; font: 12px sans-serif; }
</style></head>
<body>
  <nav><a href="/">Homepage</a><a href="/sections">Sections</a><a href="/subscribe">Subscribe today</a><a href="/login">Sign in</a></nav>
  <main><article>
    <h1>Flood Week in the River Town</h1>
    ${ARTICLE_PARAGRAPHS.map((p) => `<p>${p}</p>`).join('\n    ')}
  </article></main>
  <footer><p>Copyright River Press. All rights reserved.</p><p><a href="/privacy">Privacy policy</a> · <a href="/cookies">Cookie settings</a></p></footer>
  <script src="https://tracker.example.com/t.js"></script>
</body></html>`;

/** --timeout for runs with the semantic stage: the per-page time includes loading the model, slow on a busy machine. */
const SEMANTIC_TIMEOUT_S = String(Math.floor((RUN_TIMEOUT_MS - 30_000) / 1000));

const NAV_AND_FOOTER = ['Subscribe today', 'Sign in', 'All rights reserved', 'Privacy policy', 'Cookie settings'];

describe('npm run extract', () => {
  let dir = '';
  let page = '';

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pith-cli-'));
    page = join(dir, 'flood.html');
    await writeFile(page, PAGE);
  });

  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('prints the article and leaves out the nav bar and footer', { timeout: RUN_TIMEOUT_MS }, async () => {
    const run = await extract([page, '--format', 'text']);
    assert.equal(run.code, 0, run.stderr);
    for (const paragraph of ARTICLE_PARAGRAPHS) assert.ok(run.stdout.includes(paragraph), `missing: ${paragraph}`);
    for (const boilerplate of NAV_AND_FOOTER) assert.ok(!run.stdout.includes(boilerplate), `should be removed: ${boilerplate}`);
  });

  it('gives Markdown with --format md', { timeout: RUN_TIMEOUT_MS }, async () => {
    const run = await extract([page, '--format', 'md']);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^#{1,2} Flood Week in the River Town$/m);
    assert.ok(run.stdout.includes(ARTICLE_PARAGRAPHS[0]));
    assert.doesNotMatch(run.stdout, /<p>|<article>/);
  });

  it('starts the Markdown with YAML front matter, and without it given --no-front-matter', { timeout: RUN_TIMEOUT_MS }, async () => {
    const withFront = await extract([page, '--format', 'md']);
    assert.equal(withFront.code, 0, withFront.stderr);
    assert.match(withFront.stdout, /^---\ntitle: [^\n]*Flood Week[^\n]*\n[\s\S]*?\n---\n/);
    const without = await extract([page, '--format', 'md', '--no-front-matter']);
    assert.equal(without.code, 0, without.stderr);
    assert.match(without.stdout, /^# Flood Week in the River Town\n/);
    assert.ok(without.stdout.includes(ARTICLE_PARAGRAPHS[0]));
  });

  it('writes to --out instead of stdout', { timeout: RUN_TIMEOUT_MS }, async () => {
    const out = join(dir, 'flood.txt');
    const run = await extract([page, '--format', 'text', '--out', out]);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, '');
    assert.ok((await readFile(out, 'utf8')).includes(ARTICLE_PARAGRAPHS[1]));
  });

  it('writes one line per input record, in order, with an error line for a broken record', { timeout: RUN_TIMEOUT_MS }, async () => {
    const input = join(dir, 'pages.jsonl');
    const out = join(dir, 'predictions.jsonl');
    const records = [
      JSON.stringify({ id: 'first', html: PAGE, url: 'https://news.example.org/2026/flood-week' }),
      JSON.stringify({ id: 'broken', url: 'https://news.example.org/missing-html' }),
      '{"id": "truncated", "html": "<p>',
      JSON.stringify({ id: 'last', html: PAGE.replaceAll('river town', 'hill town') }),
    ];
    await writeFile(input, `${records.join('\n')}\n`);
    const run = await extract(['--in', input, '--out', out, '--concurrency', '2']);
    assert.equal(run.code, 0, run.stderr);

    const lines = (await readFile(out, 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    assert.deepEqual(
      lines.map((l) => l.id),
      ['first', 'broken', 'line-3', 'last'],
    );
    assert.ok(String(lines[0].text).includes(ARTICLE_PARAGRAPHS[2]), JSON.stringify(lines[0]));
    assert.equal(typeof lines[0].ms, 'number');
    assert.equal(lines[0].error, undefined);
    assert.match(String(lines[1].error), /html/);
    assert.match(String(lines[2].error), /JSON/);
    assert.ok(String(lines[3].text).includes('The hill town woke slowly'), JSON.stringify(lines[3]));
  });

  it('exits 1 with a one-line message when the file does not exist', { timeout: RUN_TIMEOUT_MS }, async () => {
    const run = await extract([join(dir, 'no-such-page.html')]);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /file not found: .*no-such-page\.html/);
    assert.equal(run.stdout, '');
  });

  it('exits 2 and prints usage on a bad command line', { timeout: RUN_TIMEOUT_MS }, async () => {
    const run = await extract([page, '--format', 'pdf']);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /--format must be one of/);
    assert.match(run.stderr, /Usage:/);
  });
});

/**
 * SORE with real English embeddings (Universal Sentence Encoder lite, from its npm package): a "related" heading
 * written as a paraphrase that shares no content word with any phrase in public/outlier-groups.json, inside the
 * article container (which layout and structure keep), is removed by meaning and attributed to the right outlier
 * group; the article's own paragraphs stay.
 */
describe('npm run extract --stages gce,sore (USE-lite)', () => {
  const fixture = join(REPO, 'test/fixtures/pages/article-with-paraphrased-boilerplate.html');
  const PARAPHRASE = 'Other pieces you might enjoy';
  interface JsonBlock {
    text: string;
    kept: boolean;
    stage: string;
    reason: string;
    evidence: { kind: string; group?: string };
  }
  let blocks: JsonBlock[] = [];
  let runs: { stage: string; path: string; note?: string }[] = [];

  before(async () => {
    const run = await extract([fixture, '--stages', 'gce,sore', '--embedder', 'use-lite', '--format', 'json', '--timeout', SEMANTIC_TIMEOUT_S]);
    assert.equal(run.code, 0, run.stderr);
    const json = JSON.parse(run.stdout) as { blocks: JsonBlock[]; runs: typeof runs };
    blocks = json.blocks;
    runs = json.runs;
  });

  const block = (start: string): JsonBlock => {
    const found = blocks.find((b) => b.text.startsWith(start));
    assert.ok(found, `no block starting "${start}"`);
    return found;
  };

  it('the paraphrase shares no content word with any listed outlier phrase', async () => {
    const file = JSON.parse(await readFile(join(REPO, 'public/outlier-groups.json'), 'utf8')) as { groups: { phrases: string[] }[] };
    const stop = new Set('a an the to of on in for and or you your our us we is are be this that it with at by from as can all any about my me so'.split(' '));
    const words = (s: string) => s.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w && !stop.has(w));
    const listed = new Set(file.groups.flatMap((g) => g.phrases.flatMap(words)));
    assert.deepEqual(words(PARAPHRASE).filter((w) => listed.has(w)), []);
  });

  it('records that the semantic stage ran, with which model and backend', { timeout: RUN_TIMEOUT_MS }, () => {
    const sore = runs.find((r) => r.stage === 'sore');
    assert.ok(sore, JSON.stringify(runs));
    // sore:failed and sore:kept-structural mean SORE decided nothing.
    assert.match(sore.path, /^sore(:raised-cutoffs)?$/, `the semantic stage did not decide: ${JSON.stringify(sore)}`);
    assert.match(String(sore.note), /model: use-lite/);
    assert.match(String(sore.note), /backend: tfjs-(wasm|cpu)/);
  });

  it(`removes the paraphrase "${PARAPHRASE}" as related content, by meaning`, { timeout: RUN_TIMEOUT_MS }, () => {
    const b = block(PARAPHRASE);
    assert.equal(b.kept, false, b.reason);
    assert.equal(b.stage, 'sore');
    assert.equal(b.evidence.group, 'related-content', b.reason);
    assert.match(b.reason, /^Matched outlier group: related content — like ".+" \(\d\.\d\d ≥ \d\.\d\d\); \d+ of \d+ nearest known lines are boilerplate$/);
  });

  it("keeps the article's own paragraphs", { timeout: RUN_TIMEOUT_MS }, () => {
    for (const start of ['The overnight sleeper from Vienna', 'For decades the sleeper services', 'Engineers say the revival', 'Passengers on the first departures']) {
      const b = block(start);
      assert.equal(b.kept, true, `${start}: ${b.reason}`);
    }
  });

  it('removes the links under the related heading too', { timeout: RUN_TIMEOUT_MS }, () => {
    assert.equal(block("Europe's busiest rail corridors").kept, false);
    assert.equal(block('Why high-speed lines stop at the border').kept, false);
  });
});

/**
 * Plumbing of the transformers.js path in the CLI's model page, with the random-weight tiny fixture (its
 * similarities mean nothing, so only that the pass ran on WASM is checked, not what it removed).
 */
describe('npm run extract --stages gce,sore (ONNX fixture through transformers.js)', () => {
  it('runs the semantic pass on WASM and records it', { timeout: RUN_TIMEOUT_MS }, async () => {
    const fixture = join(REPO, 'test/fixtures/pages/article-with-boilerplate.html');
    const run = await extract([fixture, '--stages', 'gce,sore', '--embedder', 'onnx:synthetic-tiny-bert-mbert-vocab', '--format', 'json', '--timeout', SEMANTIC_TIMEOUT_S]);
    assert.equal(run.code, 0, run.stderr);
    const json = JSON.parse(run.stdout) as { runs: { stage: string; path: string; note?: string }[] };
    const sore = json.runs.find((r) => r.stage === 'sore');
    assert.ok(sore && sore.path.startsWith('sore') && sore.path !== 'sore:failed', JSON.stringify(json.runs));
    assert.match(String(sore.note), /model: onnx:synthetic-tiny-bert-mbert-vocab.*backend: wasm/);
  });
});
