/**
 * Throughput of the corpus path: pages per second and CPU time per page for Pith, Readability.js and Defuddle in
 * the same headless Chromium, at several concurrencies, with the time a page spends loading beside the time it
 * spends extracting.
 *   npm run bench -- --throughput [--datasets a,b] [--limit N] [--concurrency 1,2,4]
 * Two clocks. Wall time (pages per second) is what a run takes, and on a shared machine it is mostly waiting for the
 * CPU. CPU time (this process and its Chromium, from /proc) is the work a page costs, which a loaded machine inflates
 * only a little: it is the figure to plan a corpus with (core-hours per million pages). The load average during each
 * measurement is printed beside it.
 */
import { cpus } from 'node:os';
import { relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { PROJECT_ROOT } from '../vite.page.config';
import { DEFAULT_VIEWPORT } from './lib/browser';
import { datasetItems, findDatasets, type DatasetItem } from './lib/bench-datasets';
import { exitCodeOf, parsePositiveInt, UsageError } from './lib/cli-options';
import { runDefuddle, runReadability, runStructural } from './lib/in-page';
import { mapOrdered } from './lib/ordered-map';
import { ensurePageBundle } from './lib/page-bundle';
import { PagePool } from './lib/page-pool';
import { recordSource } from './lib/page-source';
import { loadAverage, treeCpuSeconds } from './lib/process-tree';
import { stopOnSignals } from './lib/shutdown';

const DEFAULT_BENCH_DIR = resolve(PROJECT_ROOT, '../shared/bench');
const DEFAULT_DATASETS = 'wcxb-dev-sample,cleaneval-dev';
const DEFAULT_LIMIT = '50';
const DEFAULT_CONCURRENCIES = '1,2,4';
const TIMEOUT_MS = 60_000;
const LOAD_SAMPLE_MS = 5_000;
type Run = (page: Page) => Promise<unknown>;
const EXTRACTORS: Record<string, Run> = {
  pith: (page) => runStructural(page, 'text'),
  'readability.js': runReadability,
  defuddle: runDefuddle,
};

const USAGE = `Usage: npm run bench -- --throughput [options]

Pages per second (wall clock) and CPU seconds per page (this process and its Chromium) for Pith, Readability.js
and Defuddle on the dev pages, each page loaded fresh, at each --concurrency; load and extract time per page, and
the load average of the machine while it ran. CPU time is the robust figure on a shared machine.

Options:
  --bench-dir DIR        datasets directory (default ${relative(process.cwd(), DEFAULT_BENCH_DIR) || '.'})
  --datasets a,b         datasets to read pages from (default ${DEFAULT_DATASETS})
  --limit N              pages per dataset (default ${DEFAULT_LIMIT})
  --concurrency 1,2,4    concurrencies to measure (default ${DEFAULT_CONCURRENCIES})
  -h, --help             this text`;

interface Measure {
  extractor: string;
  concurrency: number;
  pages: number;
  failed: number;
  wallS: number;
  cpuS: number;
  loadMs: number;
  extractMs: number;
  /** CPU seconds of loading and of extracting, told apart at concurrency 1 only (one page at a time). */
  loadCpuS?: number;
  extractCpuS?: number;
  loadAverages: number[];
}

async function measure(items: DatasetItem[], extractor: string, concurrency: number, bundleDir: string): Promise<Measure> {
  const pool = new PagePool(bundleDir, DEFAULT_VIEWPORT);
  const extract = EXTRACTORS[extractor];
  const load = { pageScripts: false, timeoutMs: TIMEOUT_MS };
  const records = items.flatMap(({ item }) => ('record' in item ? [item.record] : []));
  // One page first, untimed: the browser launch is not part of the steady state.
  if (records[0]) await pool.withPage(0, recordSource(records[0].id, records[0].html, records[0].url), load, extract).catch(() => undefined);
  const split = concurrency === 1;
  const result: Measure = { extractor, concurrency, pages: 0, failed: 0, wallS: 0, cpuS: 0, loadMs: 0, extractMs: 0, loadAverages: [loadAverage()] };
  if (split) Object.assign(result, { loadCpuS: 0, extractCpuS: 0 });
  const sampler = setInterval(() => result.loadAverages.push(loadAverage()), LOAD_SAMPLE_MS);
  const cpuStart = treeCpuSeconds();
  const started = performance.now();
  async function* pages() {
    yield* records;
  }
  await mapOrdered(pages(), concurrency, async (record, slot) => {
    const opened = performance.now();
    const openedCpu = split ? treeCpuSeconds() : 0;
    try {
      await pool.withPage(slot, recordSource(record.id, record.html, record.url), load, async (page) => {
        const loaded = performance.now();
        const loadedCpu = split ? treeCpuSeconds() : 0;
        result.loadMs += loaded - opened;
        await extract(page);
        result.extractMs += performance.now() - loaded;
        if (split) {
          result.loadCpuS! += loadedCpu - openedCpu;
          result.extractCpuS! += treeCpuSeconds() - loadedCpu;
        }
      });
      result.pages += 1;
    } catch {
      result.failed += 1;
    }
  }, () => {});
  result.wallS = (performance.now() - started) / 1000;
  result.cpuS = treeCpuSeconds() - cpuStart;
  clearInterval(sampler);
  result.loadAverages.push(loadAverage());
  await pool.close();
  return result;
}

const TABLE_HEAD = [
  '| extractor | concurrency | pages (failed) | pages/s (wall) | CPU s per page | core-hours per million pages | load / extract, ms per page (wall) | load / extract, CPU ms per page | load average |',
  '|---|---|---|---|---|---|---|---|---|',
];

function row(m: Measure): string {
  const cpuPerPage = m.cpuS / m.pages;
  const perPage = (total: number): string => (total / m.pages).toFixed(0);
  const mean = m.loadAverages.reduce((a, b) => a + b, 0) / m.loadAverages.length;
  const cells = [
    m.extractor,
    String(m.concurrency),
    `${m.pages} (${m.failed})`,
    (m.pages / m.wallS).toFixed(2),
    cpuPerPage.toFixed(2),
    ((cpuPerPage * 1e6) / 3600).toFixed(0),
    `${perPage(m.loadMs)} / ${perPage(m.extractMs)}`,
    m.loadCpuS === undefined || m.extractCpuS === undefined ? '–' : `${perPage(m.loadCpuS * 1000)} / ${perPage(m.extractCpuS * 1000)}`,
    `${mean.toFixed(0)} (${Math.min(...m.loadAverages).toFixed(0)}–${Math.max(...m.loadAverages).toFixed(0)})`,
  ];
  return `| ${cells.join(' | ')} |`;
}

export async function main(argv: string[]): Promise<number> {
  stopOnSignals((line) => process.stderr.write(`${line}\n`));
  return exitCodeOf('bench --throughput', USAGE, async () => {
    let values;
    try {
      ({ values } = parseArgs({
        args: argv,
        strict: true,
        options: {
          'bench-dir': { type: 'string', default: DEFAULT_BENCH_DIR },
          datasets: { type: 'string', default: DEFAULT_DATASETS },
          limit: { type: 'string', default: DEFAULT_LIMIT },
          concurrency: { type: 'string', default: DEFAULT_CONCURRENCIES },
          help: { type: 'boolean', short: 'h' },
        },
      }));
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    if (values.help) return void process.stdout.write(`${USAGE}\n`);
    const concurrencies = values.concurrency.split(',').map((c) => parsePositiveInt('--concurrency', c.trim()));
    const datasets = await findDatasets(resolve(values['bench-dir']), values.datasets.split(',').map((d) => d.trim()));
    const items: DatasetItem[] = [];
    for await (const item of datasetItems(datasets, parsePositiveInt('--limit', values.limit))) items.push(item);
    const bundleDir = await ensurePageBundle();
    const lines = [
      `Throughput on ${items.length} pages (${datasets.map((d) => d.name).join(', ')}), each loaded fresh in headless Chromium, on ${cpus().length} cores:`,
      '',
      ...TABLE_HEAD,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    for (const concurrency of concurrencies) {
      for (const extractor of Object.keys(EXTRACTORS)) {
        process.stdout.write(`${row(await measure(items, extractor, concurrency, bundleDir))}\n`);
      }
    }
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2));
}
