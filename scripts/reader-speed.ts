/**
 * Reader speed in the built extension (a measurement, not a test): for each page, the page is opened in Chromium
 * with the extension, the toolbar action is fired, and the time from the click to the reader's first paint and to
 * the largest paint inside the article (#pith-article) is read from the reader's own paint timings.
 *   npm run build --silent && nice -n 5 npx tsx scripts/reader-speed.ts [--dataset cleaneval-dev] [--limit 16]
 * Pages come from ../shared/bench/<dataset>.jsonl.gz and are served on 127.0.0.1 (external requests fail fast).
 */
import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { median } from '../src/scoring/aggregate';
import { readJsonLines } from './lib/jsonl';
import { launchWithExtension, servePages, swEvaluate, ROOT } from '../test/e2e/harness';

interface Timing {
  id: string;
  firstPaintMs: number | null;
  articlePaintMs: number | null;
}

const { values } = parseArgs({ options: { dataset: { type: 'string', default: 'cleaneval-dev' }, limit: { type: 'string', default: '16' } } });
const limit = Number(values.limit);
const pages: Record<string, string> = {};
for await (const line of readJsonLines(join(ROOT, '../shared/bench', `${values.dataset}.jsonl.gz`))) {
  if (Object.keys(pages).length >= limit) break;
  if (!('value' in line)) continue;
  const { id, html } = line.value as { id: string; html: string };
  pages[`${String(id).replace(/[^\w.-]+/g, '_')}.html`] = html;
}

const server = await servePages(pages);
const browser = await launchWithExtension();
const timings: Timing[] = [];
try {
  for (const name of Object.keys(pages)) {
    const url = server.url(`/${name}`);
    const source = await browser.context.newPage();
    await source.goto(url, { waitUntil: 'load', timeout: 30_000 }).catch(() => undefined);
    const tabId = await swEvaluate(browser, async (u: string) => ((await (globalThis as any).chrome.tabs.query({ url: u }))[0]?.id as number), url, 'finding the tab');
    const opened = browser.context.waitForEvent('page', { predicate: (p) => p.url().includes('/reader.html'), timeout: 30_000 });
    const clickedAt = Date.now();
    await swEvaluate(browser, async (id: number) => {
      const chrome = (globalThis as any).chrome;
      chrome.action.onClicked.dispatch(await chrome.tabs.get(id));
    }, tabId, 'firing the action');
    const reader = await opened;
    await reader.waitForSelector('#pith-article [data-pith-block], #pith-error', { timeout: 60_000 });
    await reader.waitForTimeout(300); // let the article's paint be reported
    const paints = await reader.evaluate(
      () =>
        new Promise<{ first: number | null; article: number | null }>((resolve) => {
          const first = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
          new PerformanceObserver((list) => {
            const inArticle = list.getEntries().filter((e) => (e as unknown as { element?: Element }).element?.closest('#pith-article'));
            const last = inArticle[inArticle.length - 1];
            resolve({ first: first === null ? null : performance.timeOrigin + first, article: last ? performance.timeOrigin + last.startTime : null });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(() => resolve({ first: first === null ? null : performance.timeOrigin + first, article: null }), 1_000);
        }),
    );
    const timing = {
      id: name,
      firstPaintMs: paints.first === null ? null : Math.round(paints.first - clickedAt),
      articlePaintMs: paints.article === null ? null : Math.round(paints.article - clickedAt),
    };
    timings.push(timing);
    process.stderr.write(`${name}: first paint ${timing.firstPaintMs} ms, article painted ${timing.articlePaintMs} ms\n`);
    await reader.close();
    await source.close();
  }
} finally {
  await browser.close();
  await server.close();
}

const article = timings.flatMap((t) => (t.articlePaintMs === null ? [] : [t.articlePaintMs]));
const first = timings.flatMap((t) => (t.firstPaintMs === null ? [] : [t.firstPaintMs]));
console.log(
  `${values.dataset}, ${timings.length} pages: click → reader first paint median ${median(first)} ms; click → article painted median ${median(article)} ms (min ${Math.min(...article)}, max ${Math.max(...article)}; ${timings.length - article.length} without an article paint)`,
);
