/**
 * Pith against Readability on the DEV benchmark pages, in the same headless Chromium on the same rendered pages.
 *   npm run bench -- [--bench-dir DIR] [--datasets a,b] [--limit N] [--stages gce,...] [--concurrency N]
 * Writes bench/results/YYYY-MM-DD-<stages>.md (also printed) and the per-page results beside it as .jsonl.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT } from '../vite.page.config';
import { datasetItems, findDatasets } from './lib/bench-datasets';
import { DATA_HELP, dataFileDataset } from './lib/bench-data-option';
import { benchPage, type BenchPage } from './lib/bench-page';
import { benchReport } from './lib/bench-report';
import { DEFAULT_VIEWPORT } from './lib/browser';
import { stopOnSignals } from './lib/shutdown';
import {
  UsageError,
  exitCodeOf,
  parsePositiveInt,
  parseSeconds,
  parseViewport,
} from './lib/cli-options';
import { JsonLinesWriter } from './lib/jsonl';
import { mapOrdered } from './lib/ordered-map';
import { ensurePageBundle } from './lib/page-bundle';
import { PagePool } from './lib/page-pool';
import { ModelPage } from './lib/model-page';
import { PerplexityPage } from './lib/perplexity-page';
import { wantsPerplexity } from './lib/in-page';
import { EMBEDDER_HELP, parseSemantic, SEMANTIC_TIMEOUT_HELP, SORE_HELP } from './lib/semantic-option';
import { parseStages, selectableStages, stagesLabel } from './lib/stages';
import { LLM_HELP, NodeLm, parseLlm } from './lib/deep-clean';

const DEFAULT_BENCH_DIR = resolve(PROJECT_ROOT, '../shared/bench');
const RESULTS_DIR = resolve(PROJECT_ROOT, 'bench/results');
const DEFAULT_CONCURRENCY = 2;
const DEFAULT_TIMEOUT_S = '30';
const PROGRESS_EVERY = 50;

const USAGE = `Usage: npm run bench -- [options]

Runs Pith and Readability on every page of every <dataset>.jsonl.gz in the bench directory and reports
P/R/F1, failure shares, time per stage and the paths taken, per dataset and per language.

Options:
  --bench-dir DIR       datasets directory (default ${relative(process.cwd(), DEFAULT_BENCH_DIR) || '.'})
  --datasets a,b        only these datasets (file names without .jsonl.gz)
  --data FILE           ${DATA_HELP}
  --limit N             only the first N pages of each dataset
  --stages gce,...      stages after the snapshot (known: ${selectableStages().join(', ')}; default gce)
  --embedder SPEC       ${EMBEDDER_HELP}
  --llm onnx:FOLDER     ${LLM_HELP}
  --sore k=…,c=…,d=…    ${SORE_HELP}
  --semantic-timeout S  ${SEMANTIC_TIMEOUT_HELP}
  --concurrency N       pages in parallel (default ${DEFAULT_CONCURRENCY})
  --timeout SECONDS     per page (default ${DEFAULT_TIMEOUT_S})
  --viewport WxH        window size (default ${DEFAULT_VIEWPORT.width}x${DEFAULT_VIEWPORT.height})
  --scripts on|off      run the pages' own inline scripts (default off: the truth was made from static markup)
  --out-dir DIR         where results go (default ${relative(process.cwd(), RESULTS_DIR)})
  --throughput          measure speed instead: pages per second and CPU time per page, with Readability.js and
                        Defuddle, at several concurrencies (npm run bench -- --throughput --help)
  -h, --help            this text`;

function localDate(date: Date): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const log = (line: string): void => {
  process.stderr.write(`${line}\n`);
};

function parseBenchArgs(argv: string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      options: {
        'bench-dir': { type: 'string', default: DEFAULT_BENCH_DIR },
        datasets: { type: 'string' },
        data: { type: 'string' },
        limit: { type: 'string' },
        stages: { type: 'string' },
        embedder: { type: 'string' },
        sore: { type: 'string' },
        'semantic-timeout': { type: 'string' },
        llm: { type: 'string' },
        concurrency: { type: 'string', default: String(DEFAULT_CONCURRENCY) },
        timeout: { type: 'string', default: DEFAULT_TIMEOUT_S },
        viewport: { type: 'string' },
        scripts: { type: 'string', default: 'off' },
        'out-dir': { type: 'string', default: RESULTS_DIR },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values } = parsed;
  if (values.scripts !== 'on' && values.scripts !== 'off') throw new UsageError(`--scripts must be on or off`);
  let stages;
  try {
    stages = values.stages === undefined ? undefined : parseStages(values.stages);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  return {
    help: values.help ?? false,
    benchDir: resolve(values['bench-dir']),
    datasets: values.datasets?.split(',').map((d) => d.trim()).filter(Boolean),
    data: values.data,
    limit: values.limit === undefined ? undefined : parsePositiveInt('--limit', values.limit),
    stages,
    semantic: parseSemantic(stages, values.embedder, values.sore, values['semantic-timeout']),
    llm: parseLlm(stages, values.llm),
    concurrency: parsePositiveInt('--concurrency', values.concurrency),
    timeoutMs: parseSeconds('--timeout', values.timeout),
    viewport: values.viewport === undefined ? DEFAULT_VIEWPORT : parseViewport(values.viewport),
    pageScripts: values.scripts === 'on',
    outDir: resolve(values['out-dir']),
  };
}

/** The report needs scores and timings only; texts go to the predictions file. */
function withoutTexts(page: BenchPage): BenchPage {
  return {
    ...page,
    pith: { ...page.pith, text: '' },
    readability: { ...page.readability, text: '' },
    defuddle: page.defuddle && { ...page.defuddle, text: '' },
    structural: page.structural && { ...page.structural, text: '' },
  };
}

export function main(argv: string[]): Promise<number> {
  stopOnSignals(log);
  return exitCodeOf('bench', USAGE, async () => {
    const args = parseBenchArgs(argv);
    if (args.help) {
      process.stdout.write(`${USAGE}\n`);
      return;
    }
    const started = performance.now();
    const datasets = args.data ? [await dataFileDataset(args.data)] : await findDatasets(args.benchDir, args.datasets);
    const bundleDir = await ensurePageBundle(log);
    const label = stagesLabel(args.stages) + (args.semantic ? `-${[args.semantic.embedder, ...Object.entries(args.semantic.params ?? {}).map(([k, v]) => `${k}${v}`)].join('-').replace(/[^a-z0-9.-]+/gi, '_')}` : '');
    const date = localDate(new Date());
    await mkdir(args.outDir, { recursive: true });
    const reportPath = join(args.outDir, `${date}-${label}.md`);
    const predictionsPath = join(args.outDir, `${date}-${label}.jsonl`);

    const pool = new PagePool(bundleDir, args.viewport);
    const models = args.semantic ? new ModelPage(bundleDir, args.semantic) : undefined;
    const perplexityHost = wantsPerplexity(args.stages) ? new PerplexityPage(bundleDir) : undefined;
    const writer = new JsonLinesWriter(predictionsPath);
    const pages: BenchPage[] = [];
    let browser = '';
    try {
      browser = await pool.browserVersion();
      log(`bench: ${datasets.map((d) => d.name).join(', ')}${args.limit ? ` (first ${args.limit} each)` : ''}, stages ${label}`);
      const options = { stages: args.stages, models, perplexityHost, lm: args.llm ? new NodeLm(args.llm) : undefined, load: { pageScripts: args.pageScripts, timeoutMs: args.timeoutMs } };
      await mapOrdered(
        datasetItems(datasets, args.limit),
        args.concurrency,
        (item, worker) => benchPage(pool, worker, item, options),
        async (page) => {
          await writer.write(page);
          pages.push(withoutTexts(page));
          if (page.error) log(`${page.dataset}/${page.id}: ${page.error}`);
          if (pages.length % PROGRESS_EVERY === 0) {
            log(`${pages.length} pages, ${((performance.now() - started) / 1000).toFixed(0)} s`);
          }
        },
      );
    } finally {
      await writer.close();
      await pool.close();
      await models?.close();
      await perplexityHost?.close();
    }

    const wallMs = performance.now() - started;
    const report = benchReport(pages, {
      date,
      stages: label,
      viewport: `${args.viewport.width}x${args.viewport.height}`,
      concurrency: args.concurrency,
      pageScripts: args.pageScripts,
      browser,
      wallMs,
      benchDir: relative(PROJECT_ROOT, args.benchDir) || '.',
    });
    await writeFile(reportPath, report);
    process.stdout.write(report);
    log(`\nwrote ${relative(process.cwd(), reportPath)} and ${relative(process.cwd(), predictionsPath)}`);
    log(`total wall time: ${(wallMs / 1000).toFixed(1)} s for ${pages.length} pages (${(wallMs / Math.max(1, pages.length)).toFixed(0)} ms per page)`);
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const argv = process.argv.slice(2);
  // `npm run bench -- --throughput [options]`: pages per second and CPU time per page instead (bench-throughput.ts).
  const throughput = argv.includes('--throughput') ? (await import('./bench-throughput')).main : undefined;
  process.exitCode = await (throughput ? throughput(argv.filter((a) => a !== '--throughput')) : main(argv));
}
