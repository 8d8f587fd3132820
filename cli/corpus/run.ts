/**
 * A corpus run: every page of the inputs through the pipeline in one headless Chromium (a tab per --concurrency
 * slot), one JSON line per page written in input order as soon as it and those before it are done. A page that fails
 * or times out is a line with its error, never a gap.
 */
import { existsSync, statSync } from 'node:fs';
import { CHROMIUM_PATH, type Viewport } from '../../scripts/lib/browser';
import { Failure } from '../../scripts/lib/cli-options';
import { JsonLinesWriter } from '../../scripts/lib/jsonl';
import { mapOrdered } from '../../scripts/lib/ordered-map';
import { ensurePageBundle } from '../../scripts/lib/page-bundle';
import { PagePool } from '../../scripts/lib/page-pool';
import { onShutdown } from '../../scripts/lib/shutdown';
import { errorLine, extractItem, type ExtractSettings, type ResultLine } from './extract-item';
import { corpusItems, expandInputs, STDIN } from './inputs';
import { noSkips, type CorpusItem, type SkipCounts } from './items';
import { Progress } from './progress';
import { idsDone, selectItems, type SelectionCounts, type Shard } from './selection';

export interface CorpusJob extends ExtractSettings {
  inputs: string[];
  /** undefined: standard output. */
  out: string | undefined;
  resume: boolean;
  shard: Shard | undefined;
  concurrency: number;
  limit: number | undefined;
  maxPageBytes: number;
  viewport: Viewport;
  /** Pass the pages' console errors and warnings on to stderr. */
  pageConsole: boolean;
  progressBar: boolean;
  serve: boolean;
}

export interface RunSummary {
  pages: number;
  errors: number;
  skipped: SkipCounts;
  selection: SelectionCounts;
  seconds: number;
}

type OutputLine = ResultLine | { end: string };

async function* limited(items: AsyncIterable<CorpusItem>, limit: number | undefined): AsyncGenerator<CorpusItem> {
  let pages = 0;
  for await (const item of items) {
    if (limit !== undefined && item.kind !== 'flush' && pages++ >= limit) return;
    yield item;
  }
}

function inputBytes(files: readonly string[]): number {
  return files.reduce((sum, file) => sum + (file === STDIN ? 0 : statSync(file).size), 0);
}

export function summaryLine(summary: RunSummary): string {
  const rate = summary.seconds > 0 ? summary.pages / summary.seconds : 0;
  const notes = [
    summary.skipped.notHtml && `${summary.skipped.notHtml} non-HTML records skipped`,
    summary.skipped.notOk && `${summary.skipped.notOk} non-2xx responses skipped`,
    summary.selection.resumed && `${summary.selection.resumed} already done (--resume)`,
    summary.selection.otherShards && `${summary.selection.otherShards} left to other shards`,
  ].filter(Boolean);
  return `${summary.pages} pages, ${summary.errors} errors, ${summary.seconds.toFixed(1)} s, ${rate.toFixed(2)} pages/s${notes.length ? `; ${notes.join(', ')}` : ''}`;
}

export async function runCorpus(job: CorpusJob, log: (line: string) => void): Promise<RunSummary> {
  // Checked first: without it every page would become an error line, and --resume would count them as done.
  if (!existsSync(CHROMIUM_PATH)) throw new Failure(`Chromium not found at ${CHROMIUM_PATH}: install it (Debian: apt-get install chromium) or name it in PITH_CHROMIUM`);
  const files = await expandInputs(job.inputs);
  const done = job.resume && job.out !== undefined ? await idsDone(job.out) : new Set<string>();
  const bundleDir = await ensurePageBundle(log);
  const progress = job.progressBar ? new Progress(inputBytes(files)) : undefined;
  const say = progress ? (line: string) => progress.log(line) : log;
  const pool = new PagePool(bundleDir, job.viewport, job.pageConsole ? say : undefined);
  const writer = new JsonLinesWriter(job.out ?? process.stdout, { append: job.resume });
  const forgetWriter = onShutdown(() => writer.close());
  const skipped = noSkips();
  const selection: SelectionCounts = { otherShards: 0, resumed: 0 };
  const summary: RunSummary = { pages: 0, errors: 0, skipped, selection, seconds: 0 };
  const started = performance.now();

  const items = corpusItems(files, { maxPageBytes: job.maxPageBytes, onBytes: (n) => progress?.readBytes(n), serve: job.serve }, skipped);
  const work = (item: CorpusItem, slot: number): Promise<OutputLine> | OutputLine => {
    if (item.kind === 'flush') return { end: item.token };
    if (item.kind === 'error') return errorLine(item, item.error);
    return extractItem(pool, slot, item, job);
  };
  const emit = async (line: OutputLine): Promise<void> => {
    await writer.write(line);
    if ('end' in line) return;
    summary.pages += 1;
    if (line.error !== undefined) {
      summary.errors += 1;
      say(`${line.id}: ${line.error}`);
    }
    progress?.pageDone(line.error !== undefined);
  };
  try {
    await mapOrdered(limited(selectItems(items, job.shard, done, selection), job.limit), job.concurrency, async (item, slot) => work(item, slot), emit);
  } finally {
    forgetWriter();
    await writer.close();
    await pool.close();
    progress?.stop();
  }
  summary.seconds = (performance.now() - started) / 1000;
  return summary;
}
