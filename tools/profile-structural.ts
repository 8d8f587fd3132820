/**
 * Times the structural pipeline per stage on a fixed sample of benchmark pages, robustly enough to compare two
 * versions of the code on a loaded machine: each page is extracted once cold (as the benchmark does: a fresh bundle per
 * page) and then `--repeat` more times warm; the warm figure per page is the fastest run, which contention can only
 * lengthen. With `--cpu-profile`, a sampling CPU profile (Chromium's Profiler over CDP) of the cold runs is summed up
 * by function (self time), to show where the time goes. `--out` writes each page's text and timings (JSON lines), so
 * two runs can be compared for identical output.
 *
 *   npx tsx tools/profile-structural.ts --limit 8 --repeat 1 --loads 2 --out after.jsonl
 *
 * `--loads N` opens each page N times and keeps each stage's fastest figure; `--out` files of two versions of the code
 * compare page by page (same text and causes, time ratios).
 *
 * What a cold extraction's first-run cost is made of (bench/results/2026-11-26-structural-cold.md):
 * `--prime js` runs one extraction on a small stand-in body first (the page's own body is put back and laid out
 * again before the timed runs), so the cold run finds our code compiled and partly warmed but the page untouched;
 * `--prime dom` first reads every node of the page with other code (styles, rects, text ranges, innerText, a
 * document clone), so the cold run finds the page's DOM wrappers and Blink's caches made but our code cold;
 * `--js-flags=--no-lazy` (any V8 flags, space-separated in quotes) compiles every function when the bundle loads instead of on first call.
 * `--v8-trace` adds two columns from a Chromium trace of each run: the main thread's CPU time in V8's lazy compilation
 * (`compile`) and in garbage collection (`gc`); tracing slows the other figures a little.
 * `--counts` opens each page once more, untimed, and counts the DOM work of one cold extraction and of Readability.js
 * on the same page (layout reads, computed styles, text reads, walks, copies: tools/lib/dom-read-counts.ts), with
 * the Readability runs inside the extraction; counts do not move with the machine's load, times do.
 * `--readability-cold` times Readability.js (the benchmark's baseline) twice: after Pith's extraction in the same page,
 * as the benchmark runs it (Pith's own Readability run has compiled and warmed the library's code by then), and first
 * in a fresh page of its own (one more load per page): how much of the benchmark's "structural pass over
 * Readability.js" ratio is the baseline running warm.
 * `--save-profiles DIR` also writes each page's CPU profile there (`<set>-<id>.cpuprofile`, for DevTools or
 * `tools/profile-inclusive.ts`); with `--readability-cold`, also the profile of Readability.js first in its fresh page
 * (`<set>-<id>.readability-cold.cpuprofile`).
 * `--bundle-dir DIR` runs a page bundle built elsewhere (a copy of `.output/page/` of an earlier version of the code).
 * The CPU profile's self times are also given as shares of all sampled time, which the machine's load moves less than
 * milliseconds.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { median, percentile } from '../bench/lib/scoring/aggregate';
import { DEFAULT_VIEWPORT } from '../scripts/lib/browser';
import { datasetItems, findDatasets } from '../scripts/lib/bench-datasets';
import { exitCodeOf, parsePositiveInt } from '../scripts/lib/cli-options';
import { ensurePageBundle } from '../scripts/lib/page-bundle';
import { PagePool } from '../scripts/lib/page-pool';
import { recordSource } from '../scripts/lib/page-source';
import { installDomCounters, type DomCounts } from './lib/dom-read-counts';

const USAGE = `Usage: npx tsx tools/profile-structural.ts [--datasets a,b] [--limit N] [--repeat N] [--loads N] [--cpu-profile] [--callees f,g] [--layout] [--prime js|dom] [--js-flags=<V8 flags>] [--v8-trace] [--counts] [--bundle-dir DIR] [--save-profiles DIR] [--out file.jsonl] [--compare earlier.jsonl]`;

/** The stand-in body of `--prime js`: a little of everything the stages read (header, article, list, table, figure, aside, footer). */
const STAND_IN_BODY =
  '<header class="site-header"><nav class="menu"><a href="/">Home</a> <a href="/a">About</a></nav></header><main><article class="post">' +
  '<h1>A title for the page</h1><p class="byline">By Some One</p><p>Some paragraph text here, long enough to count as a sentence of an ' +
  'article, with a <a href="#x">link</a> and <em>emphasis</em>.</p><p>Another paragraph of text that goes on for a while so that the ' +
  'extractor sees prose, not a list of links. It has commas, and full stops.</p><h2>Part</h2><ul><li>one item</li><li>two items</li></ul>' +
  '<table><tr><td>1</td><td>2</td></tr><tr><td>3</td><td>4</td></tr></table><figure><img src="a.png" width="300" height="200">' +
  '<figcaption>A figure</figcaption></figure><pre>code()</pre></article><aside class="sidebar"><h3>Related</h3><ul><li><a href="/r1">' +
  'Related one</a></li><li><a href="/r2">Related two</a></li></ul></aside></main><div class="comments"><p>A comment</p></div>' +
  '<footer class="site-footer"><p>Copyright</p><a href="/privacy">Privacy</a></footer>';

interface PageTiming {
  dataset: string;
  id: string;
  cold: Record<string, number>;
  warm: Record<string, number>;
  textHash: string;
  causes: string;
  mode: string;
  /** With `--counts`: the DOM work of one cold extraction, and of Readability.js alone on the same page. */
  /** With `--readability-cold`: Readability.js's ms first in a fresh page, the first extraction's total, Readability.js's ms after it in the same page. */
  baseline?: { coldMs: number; totalMs: number; afterMs: number };
  counts?: { extraction: DomCounts; readabilityJs: DomCounts; readabilityRuns: number; blocks: number; nodes: number };
}

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const V8_TRACE_CATEGORIES = ['v8', 'v8.compile', 'disabled-by-default-v8.compile', 'disabled-by-default-v8.gc'];

interface TraceEvent {
  name: string;
  ph: string;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
}

/**
 * From a trace of one extraction, the renderer main thread's CPU time (ms) in V8's lazy compilation of functions
 * (`V8.CompileCode`: a function compiled on its first call) and in garbage collection (`MinorGC`, `MajorGC`).
 * The main thread is the one with the most compile events.
 */
function v8ThreadTimes(trace: Buffer): { compile: number; gc: number } {
  const events = ((JSON.parse(trace.toString()) as { traceEvents?: TraceEvent[] }).traceEvents ?? []).filter((e) => e.ph === 'X');
  const compiles = new Map<number, number>();
  for (const e of events) if (e.name === 'V8.CompileCode') compiles.set(e.tid, (compiles.get(e.tid) ?? 0) + 1);
  const main = [...compiles].sort((a, b) => b[1] - a[1])[0]?.[0];
  const times = { compile: 0, gc: 0 };
  for (const e of events) {
    if (e.tid !== main) continue;
    const ms = (e.tdur ?? e.dur ?? 0) / 1000;
    if (e.name === 'V8.CompileCode') times.compile += ms;
    else if (e.name === 'MinorGC' || e.name === 'MajorGC') times.gc += ms;
  }
  return times;
}

function fmt(ms: number): string {
  return Number.isNaN(ms) ? '–' : ms < 10 ? ms.toFixed(1) : ms.toFixed(0);
}

/** The function whose samples are the extraction's (the rest of a page's profile is loading, formatting, idling). */
const EXTRACTION_FRAME = 'extractPageWithDom';
const OUTSIDE = '(outside the extraction)';

/** Self time per function (ms) into `self`, and inclusive time per function name (each name once per stack) into `inclusive`. */
function addTimes(profile: CpuProfile, self: Map<string, number>, inclusive: Map<string, number>, callees: Map<string, number>, watched: Set<string>, selfSamples: Map<string, number>): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    if (!frame) return;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    let inExtraction = false;
    for (let v: number | undefined = id; v !== undefined && !inExtraction; v = parent.get(v)) inExtraction = byId.get(v)?.callFrame.functionName === EXTRACTION_FRAME;
    const file = frame.url.split('/').pop() ?? '';
    // Samples outside the extraction (loading the page, compiling the bundle, formatting, idle) are kept apart.
    const key = inExtraction ? `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}` : OUTSIDE;
    self.set(key, (self.get(key) ?? 0) + ms);
    selfSamples.set(key, (selfSamples.get(key) ?? 0) + 1);
    const seen = new Set<string>();
    let child = '(self)';
    for (let v: number | undefined = id; v !== undefined; v = parent.get(v)) {
      const frameName = byId.get(v)?.callFrame.functionName || '(anonymous)';
      if (watched.has(frameName)) {
        const pair = `${frameName} > ${child}`;
        if (!seen.has(pair)) {
          seen.add(pair);
          callees.set(pair, (callees.get(pair) ?? 0) + ms);
        }
      }
      child = frameName;
      const name = byId.get(v)?.callFrame.functionName;
      if (!name || seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
    }
  });
}

/** This run against an earlier `--out` file: pages whose text or causes changed, and per stage the median time ratio. */
function comparison(pages: PageTiming[], before: string, stages: string[]): string[] {
  const earlier = new Map<string, PageTiming>();
  for (const line of before.split('\n').filter(Boolean)) {
    const page = JSON.parse(line) as PageTiming;
    earlier.set(`${page.dataset}/${page.id}`, page);
  }
  const pairs = pages.flatMap((p) => {
    const b = earlier.get(`${p.dataset}/${p.id}`);
    return b ? [[b, p] as const] : [];
  });
  const changed = pairs.filter(([b, p]) => b.textHash !== p.textHash || b.causes !== p.causes).map(([, p]) => `${p.dataset}/${p.id}`);
  const out = [`Against ${pairs.length} pages of the earlier run: ${changed.length} with another text or other causes${changed.length ? ` (${changed.join(', ')})` : ''}.`, ''];
  out.push(`| median ratio now / before | ${stages.join(' | ')} |`, `| --- | ${stages.map(() => '---:').join(' | ')} |`);
  for (const kind of ['cold', 'warm'] as const) {
    const cells = stages.map((s) => {
      const ratios = pairs.flatMap(([b, p]) => (b[kind][s] && p[kind][s] !== undefined ? [p[kind][s]! / b[kind][s]!] : []));
      return ratios.length ? median(ratios).toFixed(2) : '–';
    });
    out.push(`| ${kind} | ${cells.join(' | ')} |`);
  }
  return out;
}

/** The DOM work of one cold extraction in `page`, then of Readability.js alone (as the benchmark runs it, after Pith). */
async function countDomWork(page: import('playwright-core').Page): Promise<NonNullable<PageTiming['counts']>> {
  // A transpiler may name functions with a helper that the page does not have.
  await page.evaluate(`(() => { globalThis.__name ??= (f) => f; (${installDomCounters.toString()})(); })()`);
  return page.evaluate(async () => {
    const counts = window.__pithDomCounts!;
    const take = (): DomCounts => {
      const copy = { ...counts };
      for (const key of Object.keys(counts)) delete counts[key];
      return copy;
    };
    take();
    const extraction = await window.__pith!.extract({});
    const extractionCounts = take();
    window.__pith!.readabilityText();
    const readabilityJs = take();
    const paths = extraction.record.runs.map((r) => r.path);
    const readabilityRuns = paths.includes('readability:skipped') ? 0 : paths.some((p) => p === 'readability:reread') ? 2 : 1;
    return { extraction: extractionCounts, readabilityJs, readabilityRuns, blocks: extraction.snapshot.blocks.length, nodes: extraction.snapshot.nodes.length };
  });
}

/** Per kind of DOM work, the median count per page in the extraction and in Readability.js alone. */
function countsTable(pages: PageTiming[]): string[] {
  const counted = pages.flatMap((p) => (p.counts ? [p.counts] : []));
  if (counted.length === 0) return [];
  const kinds = [...new Set(counted.flatMap((c) => [...Object.keys(c.extraction), ...Object.keys(c.readabilityJs)]))].sort();
  const med = (xs: number[]): string => {
    const m = median(xs);
    return m < 10 ? m.toFixed(1) : Math.round(m).toLocaleString('en-US');
  };
  const lines = ['', `DOM work per page (${counted.length} pages, one cold extraction each; median / p95 count):`, '', '| kind | extraction | Readability.js alone |', '| --- | ---: | ---: |'];
  for (const kind of kinds) {
    const ex = counted.map((c) => c.extraction[kind] ?? 0);
    const rj = counted.map((c) => c.readabilityJs[kind] ?? 0);
    lines.push(`| ${kind} | ${med(ex)} / ${med([percentile(ex, 0.95)])} | ${med(rj)} / ${med([percentile(rj, 0.95)])} |`);
  }
  const runs = counted.map((c) => c.readabilityRuns);
  lines.push(`| Readability runs in the extraction | ${med(runs)} / ${med([percentile(runs, 0.95)])} (max ${Math.max(...runs)}) | 1 |`);
  lines.push(`| blocks / nodes in the snapshot | ${med(counted.map((c) => c.blocks))} / ${med(counted.map((c) => c.nodes))} (medians) | |`);
  return lines;
}

/** Readability.js cold (first in the page) and warm (after Pith, as the benchmark times it), and the ratio to each. */
function baselineTable(pages: PageTiming[]): string[] {
  const runs = pages.flatMap((p) => (p.baseline && p.baseline.coldMs > 0 && p.baseline.afterMs > 0 ? [p.baseline] : []));
  if (runs.length === 0) return [];
  const m = (xs: number[]): string => median(xs).toFixed(xs.some((x) => x < 10) ? 1 : 0);
  return [
    '',
    `Readability.js (the benchmark's baseline) on the same ${runs.length} pages, median ms: first in a fresh page ${m(runs.map((r) => r.coldMs))}, after Pith's extraction (as the benchmark runs it) ${m(runs.map((r) => r.afterMs))}; per page after / first ${m(runs.map((r) => r.afterMs / r.coldMs))}.`,
    `Structural pass (total) over Readability.js, median over pages: against the baseline after Pith ${m(runs.map((r) => r.totalMs / r.afterMs))}×, against it first in a fresh page ${m(runs.map((r) => r.totalMs / r.coldMs))}×.`,
  ];
}

export function main(argv: string[]): Promise<number> {
  return exitCodeOf('profile-structural', USAGE, async () => {
    const { values } = parseArgs({
      args: argv,
      options: {
        datasets: { type: 'string', default: 'cleaneval-dev,cleanportaleval,readability,trafilatura-dev,wcxb-dev-sample' },
        limit: { type: 'string', default: '12' },
        repeat: { type: 'string', default: '2' },
        'cpu-profile': { type: 'boolean', default: false },
        out: { type: 'string' },
        layout: { type: 'boolean', default: false },
        loads: { type: 'string', default: '1' },
        compare: { type: 'string' },
        callees: { type: 'string', default: 'walk,flush,addBlock,deepCopy,addNode,skipped,runStructuralStages,explain,markedPageClone' },
        prime: { type: 'string' },
        'js-flags': { type: 'string' },
        'v8-trace': { type: 'boolean', default: false },
        counts: { type: 'boolean', default: false },
        'readability-cold': { type: 'boolean', default: false },
        'bundle-dir': { type: 'string' },
        'save-profiles': { type: 'string' },
      },
    });
    if (values.prime !== undefined && values.prime !== 'js' && values.prime !== 'dom') throw new Error(`--prime is js or dom, not ${values.prime}`);
    const limit = parsePositiveInt('--limit', values.limit);
    const loads = parsePositiveInt('--loads', values.loads);
    const repeat = values.repeat === '0' ? 0 : parsePositiveInt('--repeat', values.repeat);
    const datasets = await findDatasets(resolve('../shared/bench'), values.datasets.split(','));
    const browserArgs = values['js-flags'] ? [`--js-flags=${values['js-flags']}`] : [];
    if (values['save-profiles']) await mkdir(values['save-profiles'], { recursive: true });
    const bundleDir = values['bundle-dir'] ? resolve(values['bundle-dir']) : await ensurePageBundle();
    const pool = new PagePool(bundleDir, DEFAULT_VIEWPORT, undefined, browserArgs);
    const pages: PageTiming[] = [];
    const selfTimes = new Map<string, number>();
    /**
     * Samples per function: a sample's time delta also holds the time the page's thread waited for a CPU (on a loaded
     * machine, tens of ms credited to whichever function was running), while each sample is one tick of its running.
     */
    const selfSamples = new Map<string, number>();
    const inclusiveTimes = new Map<string, number>();
    const calleeTimes = new Map<string, number>();
    const watched = new Set(values.callees.split(','));
    try {
      for await (const { dataset, item } of datasetItems(datasets, limit)) {
        if (!('record' in item)) continue;
        const record = item.record;
        let timing: PageTiming | undefined;
        for (let load = 0; load < loads; load++) {
          const next: PageTiming | undefined = await pool
            .withPage(0, recordSource(record.id, record.html, record.url), { pageScripts: false, timeoutMs: 60_000 }, async (page) => {
              const cdp = await page.context().newCDPSession(page);
              // Thread ticks: the metrics' durations are the main thread's CPU time, which other processes do not inflate.
              await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
              const taskSeconds = async (): Promise<number> => {
                const { metrics } = await cdp.send('Performance.getMetrics');
                return metrics.find((m) => m.name === 'TaskDuration')?.value ?? NaN;
              };
              if (values['cpu-profile']) {
                await cdp.send('Profiler.enable');
                await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
                await cdp.send('Profiler.start');
              }
              const layoutMs = values.layout
                ? await page.evaluate(() => {
                    const t = performance.now();
                    void document.body.offsetHeight; // style and layout of the whole page, as a browser that painted it has
                    return performance.now() - t;
                  })
                : 0;
              if (values.prime === 'js') {
                await page.evaluate(async (html) => {
                  const body = document.body;
                  const standIn = document.createElement('body');
                  standIn.innerHTML = html;
                  document.documentElement.replaceChild(standIn, body);
                  try {
                    await window.__pith!.extract({});
                  } finally {
                    document.documentElement.replaceChild(body, standIn);
                  }
                  return document.body.offsetHeight;
                }, STAND_IN_BODY);
              } else if (values.prime === 'dom') {
                await page.evaluate(() => {
                  const range = document.createRange();
                  let sink = 0;
                  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
                  for (let n: Node | null = walker.currentNode; n; n = walker.nextNode()) {
                    if (n.nodeType === Node.ELEMENT_NODE) {
                      const style = getComputedStyle(n as Element);
                      sink += style.display.length + style.position.length + style.visibility.length + style.opacity.length + style.fontSize.length;
                      sink += (n as Element).getBoundingClientRect().width;
                    } else {
                      range.selectNodeContents(n);
                      sink += range.getBoundingClientRect().width;
                    }
                  }
                  sink += document.body.innerText.length;
                  sink += (document.cloneNode(true) as Document).childNodes.length;
                  return sink;
                });
              }
              const runs: { timings: Record<string, number>; cpu: number }[] = [];
              for (let i = 0; i <= repeat; i++) {
                const browser = page.context().browser();
                const traced = values['v8-trace'] && browser !== null;
                if (traced) await browser.startTracing(page, { categories: V8_TRACE_CATEGORIES });
                const before = await taskSeconds();
                const timings = await page.evaluate(async () => {
                  const extraction = await window.__pith!.extract({});
                  (window as unknown as { __pithLast: unknown }).__pithLast = extraction;
                  return extraction.timings;
                });
                const cpu = ((await taskSeconds()) - before) * 1000;
                runs.push({ timings: traced ? { ...timings, ...v8ThreadTimes(await browser.stopTracing()) } : timings, cpu });
              }
              const first = await page.evaluate(() => {
                const extraction = (window as unknown as { __pithLast: import('../src/pipeline/types').Extraction }).__pithLast;
                const causes = extraction.snapshot.blocks
                  .map((b) => `${b.id}:${extraction.record.decisions[b.id]?.kept ? 'k' : extraction.record.decisions[b.id]?.cause ?? '-'}`)
                  .join(',');
                return { text: window.__pith!.format(extraction, 'text'), causes, mode: extraction.mode };
              });
              // Readability.js as the benchmark times it: in the same page, after Pith's extraction (outside the extraction's samples).
              const readabilityAfterMs = values['readability-cold'] ? await page.evaluate(() => window.__pith!.readabilityText().ms) : undefined;
              if (values['cpu-profile']) {
                const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
                addTimes(profile, selfTimes, inclusiveTimes, calleeTimes, watched, selfSamples);
                if (values['save-profiles']) await writeFile(join(values['save-profiles'], `${dataset}-${record.id}.cpuprofile`.replace(/[^\w.-]+/g, '_')), JSON.stringify(profile));
              }
              await cdp.detach();
              const warm: Record<string, number> = repeat > 0 ? {} : { ...runs[0].timings, cpu: runs[0].cpu };
              for (const run of runs.slice(1)) {
                for (const [stage, ms] of Object.entries({ ...run.timings, cpu: run.cpu })) warm[stage] = Math.min(warm[stage] ?? Infinity, ms);
              }
              return {
                dataset,
                id: record.id,
                cold: { ...runs[0].timings, cpu: runs[0].cpu, layout: layoutMs },
                warm,
                textHash: createHash('sha1').update(first.text).digest('hex'),
                causes: createHash('sha1').update(first.causes).digest('hex'),
                mode: first.mode,
                ...(readabilityAfterMs === undefined ? {} : { baseline: { coldMs: NaN, totalMs: runs[0].timings.total ?? NaN, afterMs: readabilityAfterMs } }),
              };
            })
            .catch((error: unknown) => {
              process.stderr.write(`${dataset}/${record.id}: ${String(error)}\n`);
              return undefined;
            });
          // Another load of the same page: each stage keeps its fastest time (contention only ever adds).
          if (next && timing) {
            for (const kind of ['cold', 'warm'] as const) {
              for (const [stage, ms] of Object.entries(next[kind])) timing[kind][stage] = Math.min(timing[kind][stage] ?? Infinity, ms);
            }
          } else timing ??= next;
        }
        if (timing?.baseline) {
          // Readability.js first in a fresh page of its own: its code as cold as Pith's in the timed extraction.
          const coldMs = await pool
            .withPage(0, recordSource(record.id, record.html, record.url), { pageScripts: false, timeoutMs: 60_000 }, async (page) => {
              const saveTo = values['cpu-profile'] ? values['save-profiles'] : undefined;
              if (!saveTo) return page.evaluate(() => window.__pith!.readabilityText().ms);
              // Its own profile (outside any extraction): tools/profile-inclusive.ts --of readabilityBaselineText.
              const cdp = await page.context().newCDPSession(page);
              await cdp.send('Profiler.enable');
              await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
              await cdp.send('Profiler.start');
              const ms = await page.evaluate(() => window.__pith!.readabilityText().ms);
              const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
              await writeFile(join(saveTo, `${dataset}-${record.id}.readability-cold.cpuprofile`.replace(/[^\w.-]+/g, '_')), JSON.stringify(profile));
              await cdp.detach();
              return ms;
            })
            .catch((error: unknown) => {
              process.stderr.write(`${dataset}/${record.id} (readability-cold): ${String(error)}\n`);
              return NaN;
            });
          timing.baseline.coldMs = coldMs;
        }
        if (timing && values.counts) {
          timing.counts = await pool
            .withPage(0, recordSource(record.id, record.html, record.url), { pageScripts: false, timeoutMs: 60_000 }, (page) => countDomWork(page))
            .catch((error: unknown) => {
              process.stderr.write(`${dataset}/${record.id} (counts): ${String(error)}\n`);
              return undefined;
            });
        }
        if (timing) pages.push(timing);
      }
    } finally {
      await pool.close();
    }
    const stages = ['snapshot', 'gce', 'readability', 'article', 'article-parts', 'removal-rules', 'causes', 'page-type', 'total', 'cpu', ...(values['v8-trace'] ? ['compile', 'gc'] : [])];
    const lines = [`${pages.length} pages; median / p95 ms (cold = first extraction in the page, warm = fastest of ${repeat} more; stages are wall time, cpu = the page's main-thread CPU time for the whole extraction)`, ''];
    lines.push(`| | ${stages.join(' | ')} |`, `| --- | ${stages.map(() => '---:').join(' | ')} |`);
    for (const kind of ['cold', 'warm'] as const) {
      const cells = stages.map((s) => {
        const v = pages.map((p) => p[kind][s]).filter((x): x is number => typeof x === 'number');
        return `${fmt(median(v))} / ${fmt(percentile(v, 0.95))}`;
      });
      lines.push(`| ${kind} | ${cells.join(' | ')} |`);
    }
    if (selfTimes.size > 0) {
      // Shares are of the extraction's own samples, counted: what moves them is the code, not the machine's load.
      const sampled = [...selfTimes].filter(([name]) => name !== OUTSIDE).reduce((a, [, ms]) => a + ms, 0);
      const samples = [...selfSamples].filter(([name]) => name !== OUTSIDE).reduce((a, [, n]) => a + n, 0);
      lines.push('', `CPU profile of all runs, self time in the extraction (ms; share of its ${samples} samples, ${sampled.toFixed(0)} ms; ${(selfTimes.get(OUTSIDE) ?? 0).toFixed(0)} ms outside it) by function:`);
      for (const [name, n] of [...selfSamples].filter(([name]) => name !== OUTSIDE).sort((a, b) => b[1] - a[1]).slice(0, 60)) {
        lines.push(`${(selfTimes.get(name) ?? 0).toFixed(0).padStart(7)}  ${((n / samples) * 100).toFixed(1).padStart(5)} %  ${name}`);
      }
      lines.push('', 'Inclusive time (ms) by function name:');
      for (const [name, ms] of [...inclusiveTimes].sort((a, b) => b[1] - a[1]).slice(0, 80)) lines.push(`${ms.toFixed(0).padStart(7)}  ${name}`);
      lines.push('', 'Callees of the watched functions (inclusive ms):');
      for (const [name, ms] of [...calleeTimes].sort((a, b) => a[0].split(' > ')[0].localeCompare(b[0].split(' > ')[0]) || b[1] - a[1])) {
        if (ms >= 20) lines.push(`${ms.toFixed(0).padStart(7)}  ${name}`);
      }
    }
    lines.push(...countsTable(pages));
    lines.push(...baselineTable(pages));
    if (values.compare) lines.push('', ...comparison(pages, await readFile(values.compare, 'utf8'), stages));
    process.stdout.write(`${lines.join('\n')}\n`);
    if (values.out) await writeFile(values.out, pages.map((p) => JSON.stringify(p)).join('\n') + '\n');
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2));
}
