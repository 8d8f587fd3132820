/**
 * Reader speed in the built extension (a measurement, not a test): for each page, the page is opened in Chromium
 * with the extension, the toolbar action is fired, and the reader's way from the click to the article's paint is
 * split into phases from the marks each context keeps (`ext/timeline.ts`: background, source tab, reader) and the
 * reader's own paint timings (first contentful paint = the skeleton; largest paint inside #pith-article).
 *   npm run build --silent && nice -n 5 npm run bench:reader-speed -- [--dataset cleaneval-dev] [--limit 16] [--out file.md]
 * Pages come from ../shared/bench/<dataset>.jsonl.gz and are served on 127.0.0.1 (external requests fail fast).
 * Every time is milliseconds after the click, median over the pages; the load average is printed beside them.
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { readJsonLines } from './lib/jsonl';
import { readerSpeedTable, type PagePhases } from './lib/reader-speed-report';
import { launchWithExtension, servePages, swEvaluate, ROOT } from '../test/e2e/harness';
import type { TimelineMark } from '../ext/timeline';

const { values } = parseArgs({
  options: {
    dataset: { type: 'string', default: 'cleaneval-dev' },
    limit: { type: 'string', default: '16' },
    out: { type: 'string' },
  },
});
const limit = Number(values.limit);
const pages: Record<string, string> = {};
for await (const line of readJsonLines(join(ROOT, '../shared/bench', `${values.dataset}.jsonl.gz`))) {
  if (Object.keys(pages).length >= limit) break;
  if (!('value' in line)) continue;
  const { id, html } = line.value as { id: string; html: string };
  pages[`${String(id).replace(/[^\w.-]+/g, '_')}.html`] = html;
}

interface ReaderSide {
  marks: TimelineMark[];
  /** The reader document's navigation timing: when its response ended and when its HTML was parsed. */
  responseEnd: number;
  domInteractive: number;
  navigationStart: number;
  firstPaint: number | null;
  articlePaint: number | null;
}

const server = await servePages(pages);
const browser = await launchWithExtension();
const results: PagePhases[] = [];
const loads: number[] = [];
try {
  for (const name of Object.keys(pages)) {
    const url = server.url(`/${name}`);
    const source = await browser.context.newPage();
    await source.goto(url, { waitUntil: 'load', timeout: 30_000 }).catch(() => undefined);
    const tabId = await swEvaluate(browser, async (u: string) => ((await (globalThis as any).chrome.tabs.query({ url: u }))[0]?.id as number), url, 'finding the tab');
    await swEvaluate(browser, () => void (globalThis.__pithTimeline = []), undefined, 'clearing the timeline');
    const opened = browser.context.waitForEvent('page', { predicate: (p) => p.url().includes('/reader.html'), timeout: 30_000 });
    loads.push(loadavg()[0]);
    const clickedAt = await swEvaluate(browser, async (id: number) => {
      const chrome = (globalThis as any).chrome;
      const tab = await chrome.tabs.get(id);
      const at = performance.timeOrigin + performance.now();
      chrome.action.onClicked.dispatch(tab);
      return at;
    }, tabId, 'firing the action');
    const reader = await opened;
    await reader.waitForSelector('#pith-article [data-pith-block], #pith-error', { timeout: 60_000 });
    await reader.waitForTimeout(500); // let the article's paint be reported and the rest of the data arrive
    const side: ReaderSide = await reader.evaluate(
      () =>
        new Promise<ReaderSide>((resolve) => {
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
          const marks = globalThis.__pithTimeline ?? [];
          const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
          const base = {
            marks,
            navigationStart: performance.timeOrigin,
            responseEnd: performance.timeOrigin + (nav?.responseEnd ?? NaN),
            domInteractive: performance.timeOrigin + (nav?.domInteractive ?? NaN),
            firstPaint: fcp === undefined ? null : performance.timeOrigin + fcp,
          };
          // The article's paint: the first largest-contentful-paint candidate painted once the article was in the
          // DOM (its header title or a block of it; the element may have been replaced since, so time decides).
          // (No named functions in here: tsx would wrap them in a helper the page does not have.)
          const rendered = marks.find((m) => m.name === 'article:rendered')?.at ?? Infinity;
          new PerformanceObserver((list) => {
            const after = list.getEntries().map((e) => performance.timeOrigin + e.startTime).filter((t) => t >= rendered - 1);
            resolve({ ...base, articlePaint: after.length > 0 ? Math.min(...after) : null });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(() => resolve({ ...base, articlePaint: null }), 1_000);
        }),
    );
    const background = await swEvaluate(browser, () => globalThis.__pithTimeline ?? [], undefined, 'reading the timeline');
    // The full extraction as the browser passes it between contexts (JSON), for the message size.
    const fullBytes = await swEvaluate(browser, async (id: number) => {
      const chrome = (globalThis as any).chrome;
      const [first] = await chrome.scripting.executeScript({ target: { tabId: id }, files: ['/content-scripts/extract.js'] });
      return JSON.stringify(first?.result?.extraction ?? first?.result ?? null).length;
    }, tabId, 'sizing the extraction').catch(() => null);
    const at: Record<string, number> = {};
    for (const m of [...background, ...side.marks]) at[m.name] ??= m.at - clickedAt;
    const bytes: Record<string, number> = {};
    for (const m of [...background, ...side.marks]) if (m.bytes !== undefined) bytes[m.name] ??= m.bytes;
    at['reader:navigation'] = side.navigationStart - clickedAt;
    if (Number.isFinite(side.responseEnd)) at['reader:response'] = side.responseEnd - clickedAt;
    if (Number.isFinite(side.domInteractive)) at['reader:parsed'] = side.domInteractive - clickedAt;
    if (side.firstPaint !== null) at['first-paint'] = side.firstPaint - clickedAt;
    if (side.articlePaint !== null) at['article-paint'] = side.articlePaint - clickedAt;
    results.push({ id: name, at, bytes: { ...bytes, ...(fullBytes === null ? {} : { 'full extraction': fullBytes }) } });
    process.stderr.write(`${name}: first paint ${Math.round(at['first-paint'] ?? NaN)} ms, article painted ${Math.round(at['article-paint'] ?? NaN)} ms\n`);
    await reader.close();
    await source.close();
  }
} finally {
  await browser.close();
  await server.close();
}

const report = readerSpeedTable(results, { dataset: values.dataset!, load: loads });
console.log(report);
if (values.out) writeFileSync(values.out, `${report}\n`);
