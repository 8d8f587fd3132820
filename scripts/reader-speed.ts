/**
 * Reader speed in the built extension (a measurement, not a test): for each page, the page is opened in Chromium
 * with the extension, the toolbar action is fired, and the reader's way from the click to the article's paint is
 * split into phases from the marks each context keeps (`ext/timeline.ts`: background, source tab, reader) and the
 * reader's own paint timings (first contentful paint = the skeleton; largest paint inside #pith-article).
 *   npm run build --silent && nice -n 5 npm run bench:reader-speed -- [--dataset cleaneval-dev] [--limit 16] [--out file.md] [--perplexity]
 * Pages come from ../shared/bench/<dataset>.jsonl.gz and are served on 127.0.0.1 (external requests fail fast).
 * Every time is milliseconds after the click, median over the pages; the load average is printed beside them.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { basename, join } from 'node:path';
import { readJsonLines } from './lib/jsonl';
import { readerSpeedTable, type PagePhases } from './lib/reader-speed-report';
import { readerDone } from './lib/reader-done';
import { fireAction, firstTextPaint, launchWithExtension, pagePainted, servePages, swEvaluate, ROOT } from '../test/e2e/harness';
import type { TimelineMark } from '../ext/timeline';
import { DEFAULT_PERPLEXITY_PARAMS } from '../src/perplexity/params';

const { values } = parseArgs({
  options: {
    dataset: { type: 'string', default: 'cleaneval-dev' },
    limit: { type: 'string', default: '16' },
    out: { type: 'string' },
    /** Also write every page's marks (ms after the click) as JSON, for paired comparisons of two builds. */
    raw: { type: 'string' },
    detail: { type: 'boolean', default: false },
    /** Time these saved pages instead (repeatable), each `--repeat` times. */
    page: { type: 'string', multiple: true },
    repeat: { type: 'string', default: '1' },
    /** Let the browser background the source tab once the reader tab is in front, as a user's browser does. */
    backgrounding: { type: 'boolean', default: false },
    /** With the perplexity stage on (the options page's "Ill-formed text filter"), at its default cutoffs. */
    perplexity: { type: 'boolean', default: false },
  },
});
/** Playwright's flags that keep a hidden tab's renderer at full priority and its timers unthrottled. */
const BACKGROUNDING_OFF_FLAGS = ['--disable-renderer-backgrounding', '--disable-background-timer-throttling', '--disable-backgrounding-occluded-windows'];
const limit = Number(values.limit);
const pages: Record<string, string> = {};
for (const file of values.page ?? []) {
  for (let i = 0; i < Number(values.repeat); i++) pages[`${basename(file, '.html')}-${i}.html`] = readFileSync(file, 'utf8');
}
if (!values.page) for await (const line of readJsonLines(join(ROOT, '../shared/bench', `${values.dataset}.jsonl.gz`))) {
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
  /** The first Element Timing paint of the title or the article's first blocks (`elementtiming` set by FirstView). */
  textPaint: number | null;
  /** Every largest-contentful-paint entry: when, how big, and which element (for --detail). */
  lcp: { at: number; size: number; element: string }[];
}

const server = await servePages(pages);
const browser = await launchWithExtension(values.backgrounding ? { ignoreDefaultArgs: BACKGROUNDING_OFF_FLAGS } : {});
if (values.perplexity) {
  // The stored shape of `local:perplexitySettings` (ext/perplexity-settings.ts, which needs the extension's APIs).
  const on = { enabled: true, wordCutoff: DEFAULT_PERPLEXITY_PARAMS.wordCutoff, charCutoff: DEFAULT_PERPLEXITY_PARAMS.charCutoff };
  await swEvaluate(browser, (settings: typeof on) => (globalThis as any).chrome.storage.local.set({ perplexitySettings: settings }), on, 'turning the perplexity stage on');
}
const results: PagePhases[] = [];
const loads: number[] = [];
try {
  for (const name of Object.keys(pages)) {
    const url = server.url(`/${name}`);
    const source = await browser.context.newPage();
    // A page whose load event never fires (a request left hanging) is timed from where it got to after 60 s.
    await source.goto(url, { waitUntil: 'load', timeout: 60_000 }).catch(() => undefined);
    // The clock starts at the click on a page that is loaded and on screen (its first layout and paint done).
    await pagePainted(source).catch(() => undefined);
    const tabId = await swEvaluate(browser, async (u: string) => ((await (globalThis as any).chrome.tabs.query({ url: u }))[0]?.id as number), url, 'finding the tab');
    await swEvaluate(browser, () => void (globalThis.__pithTimeline = []), undefined, 'clearing the timeline');
    const opened = browser.context.waitForEvent('page', { predicate: (p) => p.url().includes('/reader.html'), timeout: 30_000 });
    loads.push(loadavg()[0]);
    const clickedAt = await fireAction(browser, tabId);
    const reader = await opened;
    await readerDone(browser.context, reader);
    await reader.waitForTimeout(500); // let the article's paint be reported and the rest of the data arrive
    const painted = await reader.evaluate(
      () =>
        new Promise<Omit<ReaderSide, 'textPaint'>>((resolve) => {
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
            const entries = list.getEntries() as (PerformanceEntry & { size: number; element: Element | null })[];
            const after = entries.map((e) => performance.timeOrigin + e.startTime).filter((t) => t >= rendered - 1);
            const lcp = entries.map((e) => ({
              at: performance.timeOrigin + e.startTime,
              size: e.size,
              element: e.element ? `${e.element.localName}.${e.element.className} "${(e.element.textContent ?? '').slice(0, 40)}"` : '(removed)',
            }));
            resolve({ ...base, articlePaint: after.length > 0 ? Math.min(...after) : null, lcp });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(() => resolve({ ...base, articlePaint: null, lcp: [] }), 1_000);
        }),
    );
    const side: ReaderSide = { ...painted, textPaint: await firstTextPaint(reader) };
    const background = await swEvaluate(browser, () => globalThis.__pithTimeline ?? [], undefined, 'reading the timeline');
    // The full extraction as the browser passes it between contexts (JSON), for the message size.
    const sized = await swEvaluate(browser, async (id: number) => {
      const chrome = (globalThis as any).chrome;
      const [first] = await chrome.scripting.executeScript({ target: { tabId: id }, files: ['/content-scripts/extract.js'] });
      const answer = typeof first?.result === 'string' ? JSON.parse(first.result) : first?.result;
      const extraction = answer?.extraction ?? answer ?? null;
      return { length: JSON.stringify(extraction).length, timings: extraction?.timings, stats: extraction?.snapshot?.stats };
    }, tabId, 'sizing the extraction').catch(() => null);
    if (values.detail && sized) process.stderr.write(`  extraction (a second read): ${JSON.stringify({ timings: sized.timings, stats: sized.stats })}\n`);
    const fullBytes = sized?.length ?? null;
    const at: Record<string, number> = {};
    for (const m of [...background, ...side.marks]) at[m.name] ??= m.at - clickedAt;
    const bytes: Record<string, number> = {};
    for (const m of [...background, ...side.marks]) if (m.bytes !== undefined) bytes[m.name] ??= m.bytes;
    at['reader:navigation'] = side.navigationStart - clickedAt;
    if (Number.isFinite(side.responseEnd)) at['reader:response'] = side.responseEnd - clickedAt;
    if (Number.isFinite(side.domInteractive)) at['reader:parsed'] = side.domInteractive - clickedAt;
    if (side.firstPaint !== null) at['first-paint'] = side.firstPaint - clickedAt;
    if (side.articlePaint !== null) at['article-paint'] = side.articlePaint - clickedAt;
    if (side.textPaint !== null) at['text-paint'] = side.textPaint - clickedAt;
    if (values.detail) {
      const rel = (t: number) => Math.round(t - clickedAt);
      process.stderr.write(`  marks: ${Object.entries(at).sort((a, b) => a[1] - b[1]).map(([k, v]) => `${k} ${Math.round(v)}`).join(', ')}\n`);
      for (const e of side.lcp) process.stderr.write(`  lcp ${rel(e.at)} ms, size ${e.size}: ${e.element}\n`);
    }
    results.push({ id: name, at, bytes: { ...bytes, ...(fullBytes === null ? {} : { 'full extraction': fullBytes }) } });
    process.stderr.write(`${name}: first paint ${Math.round(at['first-paint'] ?? NaN)} ms, article text painted ${Math.round(at['text-paint'] ?? NaN)} ms, largest paint ${Math.round(at['article-paint'] ?? NaN)} ms\n`);
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
if (values.raw) writeFileSync(values.raw, `${JSON.stringify(results, null, 1)}\n`);
