/**
 * `npm run extract -- --in pages.jsonl[.gz] --out predictions.jsonl`: one output line {"id","text","ms"} per input
 * line, in input order. A page that fails gets {"id","text":"","ms","error"}; the batch always goes on.
 */
import { existsSync } from 'node:fs';
import { logSemanticReady, ModelPage } from './model-page';
import { Failure, oneLine } from './cli-options';
import { addSemantic, runStructural, wantsSemantic } from './in-page';
import { NodePerplexityLm, perplexityOption } from './perplexity-lm';
import { JsonLinesWriter, readJsonLines } from './jsonl';
import { mapOrdered } from './ordered-map';
import { ensurePageBundle } from './page-bundle';
import { addDeepClean, deepCleanOf, NodeLm } from './deep-clean';
import { PagePool } from './page-pool';
import { recordSource } from './page-source';
import { toRecord, type RecordOrError } from './records';
import type { ExtractJob } from './extract-job';
import { onShutdown } from './shutdown';

export interface BatchJob extends ExtractJob {
  out: string;
  limit: number | undefined;
  concurrency: number;
  pageScripts: boolean;
}

export interface Prediction {
  id: string;
  text: string;
  /** extract() + format() in the page; for a failed page, the time until it failed. */
  ms: number;
  error?: string;
  /** The semantic pass failed or ran out of time; `text` is then the structural result. */
  semantic_error?: string;
  /** Deep clean: 'applied', or why the structural result stands. */
  deep_clean?: string;
}

const PROGRESS_EVERY = 25;

export async function* inputRecords(path: string, limit: number | undefined): AsyncGenerator<RecordOrError> {
  let count = 0;
  for await (const line of readJsonLines(path)) {
    if (limit !== undefined && count >= limit) return;
    count += 1;
    yield toRecord(line);
  }
}

export function roundMs(ms: number): number {
  return Math.round(ms * 10) / 10;
}

export async function extractBatch(job: BatchJob, log: (line: string) => void): Promise<void> {
  if (!existsSync(job.input)) throw new Failure(`file not found: ${job.input}`);
  const bundleDir = await ensurePageBundle(log);
  const consoleSink = job.quiet ? undefined : log;
  const pool = new PagePool(bundleDir, job.viewport, consoleSink);
  const models = job.semantic ? new ModelPage(bundleDir, job.semantic, consoleSink, (ready) => logSemanticReady(ready, log)) : undefined;
  const semantic = wantsSemantic(job.stages, models);
  const lm = job.llm ? new NodeLm(job.llm) : undefined;
  const perplexityLm = job.perplexityLm ? new NodePerplexityLm(job.perplexityLm) : undefined;
  const writer = new JsonLinesWriter(job.out);
  const forgetWriter = onShutdown(() => writer.close());
  const started = performance.now();
  let done = 0;
  let errors = 0;
  let semanticErrors = 0;

  const predict = async (item: RecordOrError, worker: number): Promise<Prediction> => {
    if (!('record' in item)) return { id: item.id, text: '', ms: 0, error: item.error };
    const { record } = item;
    const pageStarted = performance.now();
    let structural;
    try {
      structural = await pool.withPage(
        worker,
        recordSource(record.id, record.html, record.url),
        { pageScripts: job.pageScripts, timeoutMs: job.timeoutMs + (lm?.options.timeoutMs ?? 0) },
        async (page) => {
          await perplexityLm?.connect(page);
          const run = await runStructural(page, job.format, semantic || lm !== undefined, perplexityOption(job.stages, job.perplexityLm), job.exportOptions);
          return lm ? addDeepClean(page, run, job.format, lm, job.exportOptions, semantic) : run;
        },
      );
    } catch (error) {
      return { id: record.id, text: '', ms: roundMs(performance.now() - pageStarted), error: oneLine(error) };
    }
    // The semantic pass runs after the page is closed, under its own limit: it can never cost the structural text.
    const run = semantic && models ? await addSemantic(structural, job.format, models, job.exportOptions) : structural;
    const line: Prediction = { id: record.id, text: run.output, ms: roundMs(run.ms) };
    if (run.semanticError !== undefined) line.semantic_error = run.semanticError;
    const deepClean = deepCleanOf(structural);
    if (deepClean) line.deep_clean = deepClean.status === 'applied' ? 'applied' : deepClean.reason;
    return line;
  };

  try {
    await mapOrdered(inputRecords(job.input, job.limit), job.concurrency, predict, async (prediction) => {
      await writer.write(prediction);
      done += 1;
      if (prediction.error) {
        errors += 1;
        log(`${prediction.id}: ${prediction.error}`);
      }
      if (prediction.semantic_error) {
        semanticErrors += 1;
        log(`${prediction.id}: semantic pass failed, structural result kept: ${prediction.semantic_error}`);
      }
      if (done % PROGRESS_EVERY === 0) log(`${done} pages…`);
    });
  } finally {
    forgetWriter();
    await writer.close();
    await pool.close();
    await models?.close();
  }
  const seconds = (performance.now() - started) / 1000;
  const semanticNote = semantic ? `, ${semanticErrors} kept their structural result (semantic pass failed)` : '';
  log(`${done} pages, ${errors} errors${semanticNote}, ${seconds.toFixed(1)} s → ${job.out}`);
}
