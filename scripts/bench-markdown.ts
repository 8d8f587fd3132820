/**
 * Markdown fidelity: the fixture pages of scripts/lib/markdown-fixtures.ts (one per markup of footnotes, math, code
 * highlighters, tables, images, callouts) through the real pipeline in headless Chromium, as the CLI runs it; prints
 * per construct the share of pages whose Markdown export keeps it, and the pages where the export loses words the
 * reader shows.
 *   npm run bench:markdown                      # writes bench/results/<date>-markdown.md (also printed)
 *   npm run bench:markdown -- --write-fixtures  # (re)writes test/fixtures/markdown/*.html from the templates first
 *   npm run bench:markdown -- --only math       # pages whose name contains "math"
 *   npm run bench:markdown -- --mirror DIR      # instead: another tool's regression pages (tests/fixtures/*.html with
 *                                               # tests/expected/*.md, or Readability's test/test-pages/NAME/source.html
 *                                               # with its expected.html, or lightfeed's html/CAT/NAME.html with
 *                                               # groundtruth/CAT/NAME.main.md, read from a git mirror DIR), constructs counted
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT } from '../vite.page.config';
import { DEFAULT_VIEWPORT } from './lib/browser';
import { fidelityReport, scorePage, type PageScore } from './lib/markdown-fidelity';
import { markdownFixtures } from './lib/markdown-fixtures';
import { ensurePageBundle } from './lib/page-bundle';
import { PagePool } from './lib/page-pool';
import { fileSource } from './lib/page-source';
import { errorMessage } from '../src/error-message';
import { mirrorReport } from './lib/markdown-mirror';

const FIXTURES_DIR = resolve(PROJECT_ROOT, 'test/fixtures/markdown');
const RESULTS_DIR = resolve(PROJECT_ROOT, 'bench/results');
const TIMEOUT_MS = 30_000;

const USAGE = `Usage: npm run bench:markdown -- [--only NAME] [--verbose] [--write-fixtures] [--mirror DIR] [--out FILE]
  (no option)        the fixture pages through the pipeline; per construct, the share of pages whose Markdown keeps it
  --only NAME        only pages whose name contains NAME
  --write-fixtures   (re)write test/fixtures/markdown/*.html from their templates first
  --mirror DIR       instead, another tool's regression pages with their expected output, from a git mirror DIR
  --out FILE         also write the report to FILE
  --verbose          every page's counts`;

function options() {
  try {
    return parseArgs({
      options: { 'write-fixtures': { type: 'boolean' }, only: { type: 'string' }, verbose: { type: 'boolean' }, mirror: { type: 'string' }, out: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    process.stderr.write(`bench:markdown: ${errorMessage(error)}\n${USAGE}\n`);
    process.exit(2);
  }
}
const { values } = options();
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const log = (line: string): void => void process.stderr.write(`${line}\n`);

if (values.mirror) {
  const report = await mirrorReport(values.mirror, { only: values.only, verbose: values.verbose, log });
  process.stdout.write(report);
  if (values.out) await writeFile(values.out, report);
  process.exit(0);
}

const fixtures = markdownFixtures().filter((f) => !values.only || f.name.includes(values.only));
if (values['write-fixtures']) {
  await mkdir(FIXTURES_DIR, { recursive: true });
  for (const f of markdownFixtures()) await writeFile(join(FIXTURES_DIR, `${f.name}.html`), f.html);
  log(`wrote ${markdownFixtures().length} pages to ${FIXTURES_DIR}`);
}

const pool = new PagePool(await ensurePageBundle(log), DEFAULT_VIEWPORT);
const scores: PageScore[] = [];
try {
  for (const fixture of fixtures) {
    const path = join(FIXTURES_DIR, `${fixture.name}.html`);
    try {
      const source = fileSource(path, await readFile(path));
      const run = await pool.withPage(0, source, { pageScripts: false, timeoutMs: TIMEOUT_MS }, (page) =>
        page.evaluate(async () => {
          const api = window.__pith;
          if (!api) throw new Error('window.__pith is not installed');
          const extraction = await api.extract();
          const md = api.format(extraction, 'md');
          // What the reader shows: the exported article (the reader's own rendering), formulas left out.
          const doc = new DOMParser().parseFromString(api.format(extraction, 'html'), 'text/html');
          doc.querySelectorAll('header.pith-meta, math').forEach((el) => el.remove());
          const article = doc.querySelector('article');
          const texts: string[] = [];
          const walker = doc.createTreeWalker(article ?? doc.body, NodeFilter.SHOW_TEXT);
          for (let n = walker.nextNode(); n; n = walker.nextNode()) texts.push(n.textContent ?? '');
          return { md, readerText: texts.join(' ') };
        }),
      );
      const score = scorePage(fixture, run.md, run.readerText);
      scores.push(score);
      if (values.verbose) log(`--- ${fixture.name}\n${run.md}`);
    } catch (error) {
      scores.push({ name: fixture.name, constructs: {}, lostWords: [], error: errorMessage(error) });
    }
  }
} finally {
  await pool.close();
}

const report = fidelityReport(scores, `Markdown fidelity (${scores.length} fixture pages, test/fixtures/markdown)`);
process.stdout.write(`${report}\n`);
if (!values.only) {
  await mkdir(RESULTS_DIR, { recursive: true });
  const out = join(RESULTS_DIR, `${new Date().toISOString().slice(0, 10)}-markdown.md`);
  await writeFile(out, `${report}\n`);
  log(`wrote ${out}`);
}
