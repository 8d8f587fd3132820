/**
 * Another extractor's regression pages, read from a git mirror (bare repository, e.g. one brought by the search
 * tool's `fetch`), in any of three layouts: defuddle's `tests/fixtures/<name>.html` with `tests/expected/<name>.md`,
 * Readability's `test/test-pages/<name>/source.html` with `expected.html` (its constructs counted from the HTML:
 * markdown-html-constructs.ts), or lightfeed's `html/<category>/<name>.html` with
 * `groundtruth/<category>/<name>.main.md`. Every page goes through the real pipeline in headless Chromium and its
 * Markdown export is compared, construct by construct, with the expected output (markdown-constructs.ts). The pages
 * are read from the mirror at run time, never copied.
 */
import { execFileSync } from 'node:child_process';
import { DEFAULT_VIEWPORT } from './browser';
import { countConstructs, keptReport, type ConstructCounts, type PageCounts } from './markdown-constructs';
import { countHtmlConstructs, htmlArticleChars } from './markdown-html-constructs';
import { ensurePageBundle } from './page-bundle';
import { PagePool } from './page-pool';
import { errorMessage } from '../../src/error-message';

const TIMEOUT_MS = 30_000;

function git(dir: string, args: string[]): string {
  return execFileSync('git', ['--git-dir', dir, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

interface MirrorPage {
  name: string;
  url: string;
  html: string;
  /** The expected article's constructs and length. */
  expected: ConstructCounts;
  expectedChars: number;
}

/** defuddle's layout: tests/fixtures/<name>.html (its URL in a leading comment) and tests/expected/<name>.md. */
function defuddlePages(dir: string, files: Set<string>, only?: string): MirrorPage[] {
  const pages: MirrorPage[] = [];
  for (const file of files) {
    const m = /^tests\/fixtures\/(.+)\.html$/.exec(file);
    if (!m || !files.has(`tests/expected/${m[1]}.md`)) continue;
    const name = m[1];
    if (only && !name.includes(only)) continue;
    const html = git(dir, ['show', `HEAD:${file}`]);
    const declared = /<!--\s*(\{"url":.*?\})\s*-->/.exec(html)?.[1];
    let url = `https://${name.replace(/^[a-z-]+--/, '')}`;
    try {
      if (declared) url = (JSON.parse(declared) as { url: string }).url;
      new URL(url);
    } catch {
      url = `https://example.com/${encodeURIComponent(name)}`;
    }
    const expected = git(dir, ['show', `HEAD:tests/expected/${name}.md`]).replace(/^```json\n[\s\S]*?\n```\n/, '').trim();
    pages.push({ name, url, html, expected: countConstructs(expected), expectedChars: expected.length });
  }
  return pages;
}

/** Readability's layout: test/test-pages/<name>/source.html and expected.html, read as at http://fakehost/test/page.html. */
function readabilityPages(dir: string, files: Set<string>, only?: string): MirrorPage[] {
  const pages: MirrorPage[] = [];
  for (const file of files) {
    const m = /^test\/test-pages\/([^/]+)\/source\.html$/.exec(file);
    if (!m || !files.has(`test/test-pages/${m[1]}/expected.html`)) continue;
    const name = m[1];
    if (only && !name.includes(only)) continue;
    const expected = git(dir, ['show', `HEAD:test/test-pages/${name}/expected.html`]);
    const html = git(dir, ['show', `HEAD:${file}`]);
    pages.push({ name, url: 'http://fakehost/test/page.html', html, expected: countHtmlConstructs(expected), expectedChars: htmlArticleChars(expected) });
  }
  return pages;
}

/**
 * lightfeed's extractor test data: html/<category>/<name>.html with the main content's expected Markdown in
 * groundtruth/<category>/<name>.main.md (written without images, so images are not counted there).
 */
function lightfeedPages(dir: string, files: Set<string>, only?: string): MirrorPage[] {
  const pages: MirrorPage[] = [];
  for (const file of files) {
    const m = /^html\/([^/]+)\/([^/]+)\.html$/.exec(file);
    const truth = m && `groundtruth/${m[1]}/${m[2]}.main.md`;
    if (!m || !truth || !files.has(truth)) continue;
    const name = `${m[1]}--${m[2]}`;
    if (only && !name.includes(only)) continue;
    let html: string;
    try {
      html = git(dir, ['show', `HEAD:${file}`]);
    } catch {
      continue; // a file the mirror lists but does not hold (a snapshot leaves out its largest files)
    }
    const expected = git(dir, ['show', `HEAD:${truth}`]).trim();
    pages.push({ name, url: `https://example.com/${m[1]}/${m[2]}`, html, expected: { ...countConstructs(expected), images: 0 }, expectedChars: expected.length });
  }
  return pages;
}

function mirrorPages(dir: string, only?: string): MirrorPage[] {
  const files = new Set(git(dir, ['ls-tree', '-r', '--name-only', 'HEAD']).split('\n'));
  return [...defuddlePages(dir, files, only), ...readabilityPages(dir, files, only), ...lightfeedPages(dir, files, only)];
}

/** The export without its front matter and title line: the article as the expected Markdown holds it. */
function articlePart(md: string): string {
  return md.replace(/^---\n[\s\S]*?\n---\n/, '').replace(/^# [^\n]*\n+/, '');
}

export async function mirrorReport(dir: string, opts: { only?: string; verbose?: boolean; log: (line: string) => void }): Promise<string> {
  const pages = mirrorPages(dir, opts.only);
  opts.log(`${pages.length} pages from ${dir}`);
  const pool = new PagePool(await ensurePageBundle(opts.log), DEFAULT_VIEWPORT);
  const counts: PageCounts[] = [];
  try {
    for (const page of pages) {
      const entry: PageCounts = { name: page.name, expected: page.expected, exported: null, exportedChars: 0, expectedChars: page.expectedChars };
      try {
        const md = await pool.withPage(0, { kind: 'html', url: page.url, html: page.html }, { pageScripts: false, timeoutMs: TIMEOUT_MS }, (p) =>
          p.evaluate(async () => {
            const api = window.__pith;
            if (!api) throw new Error('window.__pith is not installed');
            return api.format(await api.extract(), 'md');
          }),
        );
        const article = articlePart(md).trim();
        entry.exported = countConstructs(article);
        entry.exportedChars = article.length;
        if (opts.verbose) opts.log(`--- ${page.name}\n${article}`);
      } catch (error) {
        entry.error = errorMessage(error);
      }
      counts.push(entry);
    }
  } finally {
    await pool.close();
  }
  return keptReport(counts, `Markdown constructs kept on ${counts.length} pages of ${dir.replace(/^.*\/([^/]+)\/repo\/?$/, '$1')}`);
}
