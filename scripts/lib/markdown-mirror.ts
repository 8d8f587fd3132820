/**
 * Another extractor's regression pages, read from a git mirror (bare repository, e.g. one brought by the search
 * tool's `fetch`): each `tests/fixtures/<name>.html` with its `tests/expected/<name>.md`. Every page goes through the
 * real pipeline in headless Chromium and its Markdown export is compared, construct by construct, with the expected
 * Markdown (markdown-constructs.ts). The pages are read from the mirror at run time, never copied.
 */
import { execFileSync } from 'node:child_process';
import { DEFAULT_VIEWPORT } from './browser';
import { countConstructs, keptReport, type PageCounts } from './markdown-constructs';
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
  expected: string;
}

function mirrorPages(dir: string, only?: string): MirrorPage[] {
  const files = new Set(git(dir, ['ls-tree', '-r', '--name-only', 'HEAD', 'tests/']).split('\n'));
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
    pages.push({ name, url, html, expected: git(dir, ['show', `HEAD:tests/expected/${name}.md`]) });
  }
  return pages;
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
      const expectedArticle = page.expected.replace(/^```json\n[\s\S]*?\n```\n/, '').trim();
      const entry: PageCounts = { name: page.name, expected: countConstructs(expectedArticle), exported: null, exportedChars: 0, expectedChars: expectedArticle.length };
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
  return keptReport(counts, `Markdown constructs kept on ${counts.length} pages of ${dir.replace(/^.*\/([^/]+)\/repo$/, '$1')}`);
}
