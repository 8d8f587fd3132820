/**
 * The snapshot's time alone, for comparing versions of the snapshot code side by side on a loaded machine. Each
 * version is a probe bundle (the page bundle plus `window.__pithProbe`, tools/lib/snapshot-probe-entry.ts) built
 * once with `--build DIR`; `--bundles a,b` then opens every page once per bundle, alternating which goes first, and
 * measures the page's main-thread CPU time (thread ticks: other processes do not inflate it) of:
 *   cold   the first snapshot after the bundle's import (what the benchmark and the extension pay per page),
 *   warm   the fastest of two more snapshots on the same page,
 *   fresh  a snapshot by a second, freshly imported copy of the code on the same page (new code, DOM already read):
 *          cold − fresh is what the DOM's first reads cost, fresh − warm what compiling and running new code costs,
 *   gce    GCE on the snapshot, cold.
 * It reports per bundle median / p95 ms, and pages whose snapshot differs from the first bundle's (every field but
 * the time). `--reads` adds, per page, the wall time in the page of each DOM read the walk makes, once over the whole
 * body (a share, not a CPU figure). `--huge` adds the 200,000-element page, a 200,000-element data table and a 150,000-element inline run under
 * the extension's read budget.
 *
 *   npx tsx tools/profile-snapshot.ts --build /tmp/before          # on the old code
 *   npx tsx tools/profile-snapshot.ts --build /tmp/after           # on the new code
 *   npx tsx tools/profile-snapshot.ts --bundles /tmp/before,/tmp/after --limit 8 --huge
 */
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { build } from 'vite';
import { median, percentile } from '../bench/lib/scoring/aggregate';
import { INTERACTIVE_READ_BUDGET } from '../src/snapshot/budget';
import { pageBuildConfig, PAGE_BUNDLE_FILE } from '../vite.page.config';
import { DEFAULT_VIEWPORT } from '../scripts/lib/browser';
import { datasetItems, findDatasets } from '../scripts/lib/bench-datasets';
import { exitCodeOf, parsePositiveInt } from '../scripts/lib/cli-options';
import { PagePool } from '../scripts/lib/page-pool';
import { BUNDLE_PATH_PREFIX } from '../scripts/lib/page-routing';
import { recordSource, type PageSource } from '../scripts/lib/page-source';

const USAGE = `Usage: npx tsx tools/profile-snapshot.ts --build DIR | --bundles DIR[,DIR…] [--datasets a,b] [--limit N] [--reads] [--first READ] [--cpu-profile] [--trace] [--dump DIR] [--huge]`;
const PROBE_ENTRY = fileURLToPath(new URL('./lib/snapshot-probe-entry.ts', import.meta.url));

interface Measure {
  label: string;
  /** With `--first NAME`: that DOM read over the whole page before the cold snapshot (cpu). */
  first: number;
  cold: number;
  warm: number;
  fresh: number;
  gce: number;
  coldMs: number;
  elements: number;
  hash: string;
  /** With a budget: the whole extraction's stage times (wall ms in the page) after the snapshots. */
  stages?: Record<string, number>;
  reads?: Record<string, number>;
}

interface MeasureOptions {
  reads: boolean;
  budget?: object;
  first?: string;
  /** Path prefix to write each snapshot's fingerprint to (`<prefix>-<hash>.json`), to see what differs. */
  dump?: string;
  /** Self time by function of the cold snapshots, summed here. */
  profile?: Map<string, number>;
  /** Main-thread self time by trace event (Chrome tracing: script, style, layout, GC…) of the cold snapshots. */
  trace?: Map<string, number>;
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

function addSelfTimes(profile: CpuProfile, into: Map<string, number>): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id);
    if (!frame) return;
    const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop() ?? ''}:${frame.lineNumber + 1}`;
    into.set(key, (into.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  args?: { name?: string };
}

/** Trace categories that show the renderer's main thread: script, style recalc, layout, parsing, GC. */
const TRACE_CATEGORIES = 'devtools.timeline,disabled-by-default-devtools.timeline,v8,v8.execute,blink,blink.user_timing,disabled-by-default-v8.gc';

/** Self time (ms) by event name on the renderer's main thread, from complete ('X') and begin/end events. */
function addTraceSelfTimes(events: TraceEvent[], into: Map<string, number>): void {
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) return;
  const spans: { name: string; start: number; end: number }[] = [];
  const open: TraceEvent[] = [];
  for (const e of events.filter((x) => x.tid === main.tid).sort((a, b) => a.ts - b.ts)) {
    if (e.ph === 'X' && e.dur !== undefined) spans.push({ name: e.name, start: e.ts, end: e.ts + e.dur });
    else if (e.ph === 'B') open.push(e);
    else if (e.ph === 'E') {
      const b = open.pop();
      if (b) spans.push({ name: b.name, start: b.ts, end: e.ts });
    }
  }
  // Nesting by time: each span's self time is its duration minus its direct children's.
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  const stack: { name: string; end: number; self: number }[] = [];
  const close = (until: number) => {
    while (stack.length && stack[stack.length - 1]!.end <= until) {
      const done = stack.pop()!;
      into.set(done.name, (into.get(done.name) ?? 0) + done.self / 1000);
      into.set(`${done.name} (events)`, (into.get(`${done.name} (events)`) ?? 0) + 1);
    }
  };
  for (const span of spans) {
    close(span.start);
    const parent = stack[stack.length - 1];
    if (parent) parent.self -= Math.min(span.end, parent.end) - span.start;
    stack.push({ name: span.name, end: span.end, self: span.end - span.start });
  }
  close(Infinity);
}

async function traced<T>(cdp: import('playwright-core').CDPSession, work: () => Promise<T>, into: Map<string, number>): Promise<T> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (data) => events.push(...(data.value as unknown as TraceEvent[])));
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: TRACE_CATEGORIES.split(',') }, transferMode: 'ReportEvents' });
  const value = await work();
  await cdp.send('Tracing.end');
  await done;
  addTraceSelfTimes(events, into);
  return value;
}

function fmt(ms: number): string {
  return Number.isNaN(ms) ? '–' : ms < 10 ? ms.toFixed(1) : ms.toFixed(0);
}

/** The 200,000-element page of the live-pages e2e test: 20,000 paragraphs of nine bold words after a short story. */
function hugePage(): string {
  const row = `<p>${'<b>word</b> '.repeat(9)}</p>`;
  const story = '<p>The harbour master counted the boats that came in before the storm.</p>'.repeat(5);
  return `<!doctype html><html lang="en"><head><title>A page far too large</title></head><body><article><h1>A page far too large</h1>${story}${row.repeat(20_000)}</article></body></html>`;
}

/** A data table of 20,000 rows of nine cells (about 200,000 elements), which the snapshot would read as one unit. */
function hugeTable(): string {
  const rows = `<tr>${'<td>cell</td>'.repeat(9)}</tr>`.repeat(20_000);
  return `<!doctype html><html lang="en"><head><title>A table far too large</title></head><body><h1>A table far too large</h1><p>${'Some words here. '.repeat(20)}</p><table><tr><th>a</th><th>b</th></tr>${rows}</table></body></html>`;
}

/** One inline element holding 150,000 bold words: a single run of inline content, with no block to stop at. */
function hugeInline(): string {
  return `<!doctype html><html lang="en"><head><title>A run far too long</title></head><body><h1>A run far too long</h1><span>${'<b>word</b> '.repeat(150_000)}</span></body></html>`;
}

const HUGE_PAGES: [string, () => string, string][] = [
  ['huge', hugePage, '200,000-element page'],
  ['huge-table', hugeTable, '200,000-element data table'],
  ['huge-inline', hugeInline, '150,000 inline elements in one span'],
];

async function measure(page: Page, options: MeasureOptions): Promise<Measure> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  const cpu = async <T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> => {
    const ticks = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? NaN;
    const before = await ticks();
    const value = await work();
    return { ms: ((await ticks()) - before) * 1000, value };
  };
  const snapshot = () => page.evaluate((budget) => window.__pithProbe!.snapshot(budget as never), options.budget);
  const first = options.first ? (await cpu(() => page.evaluate((name) => window.__pithProbe!.first(name), options.first!))).ms : NaN;
  if (options.profile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
  }
  const cold = options.trace ? await traced(cdp, () => cpu(snapshot), options.trace) : await cpu(snapshot);
  if (options.profile) addSelfTimes(((await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile }).profile, options.profile);
  const print = await page.evaluate(() => window.__pithProbe!.fingerprint());
  const hash = createHash('sha1').update(print).digest('hex');
  if (options.dump) await writeFile(`${options.dump}-${hash.slice(0, 8)}.json`, print);
  const gce = await cpu(() => page.evaluate(() => window.__pithProbe!.gce()));
  const warm = Math.min((await cpu(snapshot)).ms, (await cpu(snapshot)).ms);
  const url = `${BUNDLE_PATH_PREFIX}${PAGE_BUNDLE_FILE}?fresh`;
  await page.evaluate(async (u) => {
    await import(u);
  }, url);
  const fresh = await cpu(snapshot);
  const reads = options.reads ? await page.evaluate(() => window.__pithProbe!.reads()) : undefined;
  const stages = options.budget ? await page.evaluate(async (budget) => (await window.__pith!.extract({ budget: budget as never })).timings, options.budget) : undefined;
  await cdp.detach();
  return { label: '', first, cold: cold.ms, warm, fresh: fresh.ms, gce: gce.ms, coldMs: cold.value.ms, elements: cold.value.elements, hash, reads, stages };
}

function table(name: string, rows: Measure[]): string[] {
  const keys = ['first', 'cold', 'warm', 'fresh', 'gce', 'coldMs'] as const;
  const cells = keys.map((k) => {
    const v = rows.map((r) => r[k]).filter((x) => Number.isFinite(x));
    return `${fmt(median(v))} / ${fmt(percentile(v, 0.95))}`;
  });
  return [`| ${name} | ${rows.length} | ${cells.join(' | ')} |`];
}

export function main(argv: string[]): Promise<number> {
  return exitCodeOf('profile-snapshot', USAGE, async () => {
    const { values } = parseArgs({
      args: argv,
      options: {
        build: { type: 'string' },
        bundles: { type: 'string' },
        datasets: { type: 'string', default: 'cleaneval-dev,cleanportaleval,readability,trafilatura-dev,wcxb-dev-sample' },
        limit: { type: 'string', default: '8' },
        reads: { type: 'boolean', default: false },
        huge: { type: 'boolean', default: false },
        first: { type: 'string' },
        dump: { type: 'string' },
        'cpu-profile': { type: 'boolean', default: false },
        trace: { type: 'boolean', default: false },
      },
    });
    if (values.build) {
      await build(pageBuildConfig(resolve(values.build), PROBE_ENTRY));
      process.stdout.write(`probe bundle of the current code in ${resolve(values.build)}\n`);
      return;
    }
    if (!values.bundles) throw new Error('give --build DIR or --bundles DIR[,DIR…]');
    const dirs = values.bundles.split(',').map((d) => resolve(d));
    const limit = parsePositiveInt('--limit', values.limit);
    const pools = dirs.map((dir) => new PagePool(dir, DEFAULT_VIEWPORT));
    const results = dirs.map(() => [] as Measure[]);
    const pages: string[] = [];
    const readShares = dirs.map(() => new Map<string, number[]>());
    const profiles = dirs.map(() => new Map<string, number>());
    const traces = dirs.map(() => new Map<string, number>());
    const run = async (label: string, source: PageSource, options: Omit<MeasureOptions, 'profile'>, into: Measure[][]) => {
      pages.push(label);
      const order = pages.length % 2 === 0 ? dirs.map((_, i) => i) : dirs.map((_, i) => dirs.length - 1 - i);
      for (const i of order) {
        const m = await pools[i]!
          .withPage(0, source, { pageScripts: false, timeoutMs: 240_000 }, (page) => measure(page, { ...options, profile: values['cpu-profile'] ? profiles[i] : undefined, trace: values.trace ? traces[i] : undefined, dump: values.dump ? `${values.dump}/${label.replace(/\W+/g, '_')}-${i}` : undefined }))
          .catch((error: unknown) => {
            process.stderr.write(`${label} (${dirs[i]}): ${String(error)}\n`);
            return undefined;
          });
        if (!m) continue;
        m.label = label;
        into[i]!.push(m);
        for (const [k, v] of Object.entries(m.reads ?? {})) readShares[i]!.set(k, [...(readShares[i]!.get(k) ?? []), v]);
      }
    };
    const lines: string[] = [];
    const header = ['| bundle | pages | --first cpu | cold cpu | warm cpu | fresh-code cpu | gce cpu | cold ms in page |', '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |'];
    try {
      const datasets = await findDatasets(resolve('../shared/bench'), values.datasets.split(','));
      for await (const { dataset, item } of datasetItems(datasets, limit)) {
        if (!('record' in item)) continue;
        await run(`${dataset}/${item.record.id}`, recordSource(item.record.id, item.record.html, item.record.url), { reads: values.reads, first: values.first }, results);
      }
      lines.push(`Snapshot, median / p95 ms per page (cpu = the page's main-thread CPU time)`, '', ...header);
      dirs.forEach((d, i) => lines.push(...table(d, results[i]!)));
      for (let i = 1; i < dirs.length; i++) {
        const differ = results[i]!.filter((m) => {
          const first = results[0]!.find((f) => f.label === m.label);
          return first !== undefined && first.hash !== m.hash;
        });
        lines.push('', `${dirs[i]}: ${differ.length} of ${results[i]!.length} pages with another snapshot than ${dirs[0]}${differ.length ? ` (${differ.map((m) => m.label).join(', ')})` : ''}.`);
      }
      if (values.reads) {
        lines.push('', 'DOM reads over the whole body, median ms in the page:');
        dirs.forEach((d, i) => lines.push(`${d}: ${[...readShares[i]!].map(([k, v]) => `${k} ${fmt(median(v))}`).join(', ')}`));
      }
      if (values['cpu-profile']) {
        dirs.forEach((d, i) => {
          lines.push('', `${d}: cold snapshots, self time (ms) by function:`);
          for (const [name, ms] of [...profiles[i]!].sort((a, b) => b[1] - a[1]).slice(0, 30)) lines.push(`${ms.toFixed(1).padStart(8)}  ${name}`);
        });
      }
      if (values.trace) {
        dirs.forEach((d, i) => {
          lines.push('', `${d}: cold snapshots, main-thread self time (ms) by trace event, all pages:`);
          const times = [...traces[i]!].filter(([name]) => !name.endsWith(' (events)'));
          for (const [name, ms] of times.sort((a, b) => b[1] - a[1]).slice(0, 25)) {
            lines.push(`${ms.toFixed(1).padStart(8)}  ${name} (${traces[i]!.get(`${name} (events)`) ?? 0} events)`);
          }
        });
      }
      if (values.huge) {
        for (const [name, html, what] of HUGE_PAGES) {
          const huge = dirs.map(() => [] as Measure[]);
          await run(name, recordSource(name, html(), `http://127.0.0.1:8123/${name}.html`), { reads: false, budget: INTERACTIVE_READ_BUDGET }, huge);
          lines.push('', `${what}, extension budget (700 ms past 5,000 elements), one load:`, '', ...header);
          dirs.forEach((d, i) => lines.push(...table(d, huge[i]!)));
          dirs.forEach((d, i) =>
            huge[i]!.forEach((m) => lines.push(`${d}: ${m.elements} elements read; then the whole extraction, ms: ${Object.entries(m.stages ?? {}).map(([k, v]) => `${k} ${fmt(v)}`).join(', ')}`)),
          );
        }
      }
    } finally {
      await Promise.all(pools.map((p) => p.close()));
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2));
}
