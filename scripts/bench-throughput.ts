/**
 * Throughput of the corpus path: pages per second and pages per CPU-second ("per core") for Pith, Readability.js
 * and Defuddle in the same headless Chromium, at several concurrencies, with the time a page spends loading beside
 * the time it spends extracting. CPU time is that of this process and its Chromium, read from /proc.
 *   npm run bench:throughput -- [--datasets a,b] [--limit N] [--concurrency 1,2,4]
 * Timings need a quiet machine: on a shared one they say nothing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT } from '../vite.page.config';
import { DEFAULT_VIEWPORT } from './lib/browser';
import { datasetItems, findDatasets, type DatasetItem } from './lib/bench-datasets';
import { exitCodeOf, parsePositiveInt, UsageError } from './lib/cli-options';
import { runDefuddle, runReadability, runStructural } from './lib/in-page';
import { mapOrdered } from './lib/ordered-map';
import { ensurePageBundle } from './lib/page-bundle';
import { PagePool } from './lib/page-pool';
import { recordSource } from './lib/page-source';
import { stopOnSignals } from './lib/shutdown';

const DEFAULT_BENCH_DIR = resolve(PROJECT_ROOT, '../shared/bench');
const DEFAULT_DATASETS = 'wcxb-dev-sample,cleaneval-dev';
const DEFAULT_LIMIT = '50';
const DEFAULT_CONCURRENCIES = '1,2,4';
const TIMEOUT_MS = 60_000;
const CLOCK_TICKS = 100; // USER_HZ on Linux
const EXTRACTORS = {
  pith: (page: Parameters<typeof runStructural>[0]) => runStructural(page, 'text').then((r) => r.ms),
  'readability.js': (page: Parameters<typeof runReadability>[0]) => runReadability(page).then((r) => r.ms),
  defuddle: (page: Parameters<typeof runDefuddle>[0]) => runDefuddle(page).then((r) => r.ms),
} as const;
type Extractor = keyof typeof EXTRACTORS;

const USAGE = `Usage: npm run bench:throughput -- [options]

Pages per second (wall) and per CPU-second (this process and its Chromium) for Pith, Readability.js and
Defuddle on the dev pages, each page loaded fresh, at each --concurrency; load and extract time per page.

Options:
  --bench-dir DIR        datasets directory (default ${relative(process.cwd(), DEFAULT_BENCH_DIR) || '.'})
  --datasets a,b         datasets to read pages from (default ${DEFAULT_DATASETS})
  --limit N              pages per dataset (default ${DEFAULT_LIMIT})
  --concurrency 1,2,4    concurrencies to measure (default ${DEFAULT_CONCURRENCIES})
  -h, --help             this text`;

/** CPU seconds used so far by this process and every live descendant (with the reaped children they waited for). */
function cpuSeconds(): number {
  const parents = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
      parents.set(Number(entry), Number(fields[1]));
      ticks.set(Number(entry), Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]));
    } catch {
      // the process ended while we read
    }
  }
  const tree = new Set([process.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, parent] of parents) if (tree.has(parent) && !tree.has(pid)) (tree.add(pid), (grew = true));
  }
  let total = 0;
  for (const pid of tree) total += ticks.get(pid) ?? 0;
  return total / CLOCK_TICKS;
}

interface Measure {
  extractor: Extractor;
  concurrency: number;
  pages: number;
  failed: number;
  wallS: number;
  cpuS: number;
  loadMs: number;
  extractMs: number;
}

async function measure(items: DatasetItem[], extractor: Extractor, concurrency: number, bundleDir: string): Promise<Measure> {
  const pool = new PagePool(bundleDir, DEFAULT_VIEWPORT);
  // One page first, untimed: the browser launch is not part of the steady state.
  const warm = items.find((i) => 'record' in i.item);
  if (warm && 'record' in warm.item) {
    const { record } = warm.item;
    await pool.withPage(0, recordSource(record.id, record.html, record.url), { pageScripts: false, timeoutMs: TIMEOUT_MS }, EXTRACTORS[extractor]).catch(() => undefined);
  }
  const result: Measure = { extractor, concurrency, pages: 0, failed: 0, wallS: 0, cpuS: 0, loadMs: 0, extractMs: 0 };
  const cpuStart = cpuSeconds();
  const started = performance.now();
  async function* pages() {
    yield* items;
  }
  await mapOrdered(pages(), concurrency, async ({ item }, slot) => {
    if (!('record' in item)) return;
    const opened = performance.now();
    try {
      const { record } = item;
      await pool.withPage(slot, recordSource(record.id, record.html, record.url), { pageScripts: false, timeoutMs: TIMEOUT_MS }, async (page) => {
        const loaded = performance.now();
        result.loadMs += loaded - opened;
        await EXTRACTORS[extractor](page);
        result.extractMs += performance.now() - loaded;
      });
      result.pages += 1;
    } catch {
      result.failed += 1;
    }
  }, () => {});
  result.wallS = (performance.now() - started) / 1000;
  result.cpuS = cpuSeconds() - cpuStart;
  await pool.close();
  return result;
}

function row(m: Measure): string {
  const perCpuS = m.pages / m.cpuS;
  const coreHours = 1e6 / perCpuS / 3600;
  const cells = [
    m.extractor,
    String(m.concurrency),
    String(m.pages),
    (m.pages / m.wallS).toFixed(2),
    perCpuS.toFixed(2),
    coreHours.toFixed(0),
    (m.loadMs / m.pages).toFixed(0),
    (m.extractMs / m.pages).toFixed(0),
  ];
  return `| ${cells.join(' | ')} |`;
}

export async function main(argv: string[]): Promise<number> {
  stopOnSignals((line) => process.stderr.write(`${line}\n`));
  return exitCodeOf('bench:throughput', USAGE, async () => {
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
      `Throughput on ${items.length} pages (${datasets.map((d) => d.name).join(', ')}), each loaded fresh in headless Chromium:`,
      '',
      '| extractor | concurrency | pages | pages/s (wall) | pages per CPU-second | core-hours per million pages | load ms/page | extract ms/page |',
      '|---|---|---|---|---|---|---|---|',
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    for (const concurrency of concurrencies) {
      for (const extractor of Object.keys(EXTRACTORS) as Extractor[]) {
        process.stdout.write(`${row(await measure(items, extractor, concurrency, bundleDir))}\n`);
      }
    }
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2));
}
