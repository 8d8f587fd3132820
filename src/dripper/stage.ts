/**
 * The deep-clean stage: simplify the page, cut it into chunks that fit the model, label every block, and remove
 * the kept blocks the model labels "other". Any failure (no engine, time limit, context overflow, an answer that
 * is not a valid label map) leaves the extraction as it was, with a run and a summary saying why.
 */
import { decide, logRun } from '../decisions/record';
import type { Extraction } from '../pipeline/types';
import { chunkPage, ContextOverflowError } from './chunk';
import { MalformedAnswerError, parseLabels } from './labels';
import { simplifyPage, type SimplifyOptions } from './simplify';
import type { DeepCleanFallback, DeepCleanSummary } from './summary';
import type { BlockLabel, LabelEngine } from './types';
import { errorMessage } from '../error-message';

export interface DeepCleanOptions extends SimplifyOptions {
  /** For the whole stage (all chunks); past it the result before deep clean stays. */
  timeoutMs?: number;
  maxChunks?: number;
  signal?: AbortSignal;
}

export const DEFAULT_DEEP_CLEAN_TIMEOUT_MS = 120_000;
export const DEFAULT_MAX_CHUNKS = 24;

export function lmReason(model: string): string {
  return `Labelled other by the language model (${model}, deep clean)`;
}

class DeepCleanTimeout extends Error {}

function fallbackKind(error: unknown): DeepCleanFallback {
  if (error instanceof DeepCleanTimeout) return 'timeout';
  if (error instanceof ContextOverflowError) return 'overflow';
  if (error instanceof MalformedAnswerError) return 'malformed';
  return 'failed';
}

const FALLBACK_WORDS: Record<DeepCleanFallback, string> = {
  unavailable: 'is not available',
  timeout: 'ran out of time',
  overflow: 'does not fit the page in its context',
  malformed: 'gave an answer that is not a valid label map',
  failed: 'failed',
};

/** Records that deep clean did not change the extraction, and why (also used when no engine can run at all). */
export function deepCleanFallback(extraction: Extraction, summary: Omit<DeepCleanSummary, 'status' | 'reason'>, kind: DeepCleanFallback, detail: string): Extraction {
  const reason = `Deep clean ${FALLBACK_WORDS[kind]} (${detail}); the structural result stands`;
  logRun(extraction.record, { stage: 'lm', path: `lm:fallback:${kind}`, ms: summary.promptMs + summary.labelMs, note: reason });
  extraction.deepClean = { ...summary, status: kind, reason };
  return extraction;
}

export function emptySummary(model: string, backend: string): Omit<DeepCleanSummary, 'status' | 'reason'> {
  return { model, backend, items: 0, chunks: 0, steps: 0, promptTokens: 0, removed: 0, promptMs: 0, labelMs: 0 };
}

function withTimeout<T>(work: (signal: AbortSignal) => Promise<T>, ms: number, outer?: AbortSignal): Promise<T> {
  const controller = new AbortController();
  const onAbort = () => controller.abort(outer?.reason);
  outer?.addEventListener('abort', onAbort);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new DeepCleanTimeout(`it took longer than the time limit of ${limit}`);
      controller.abort(error);
      reject(error);
    }, ms);
  });
  const running = work(controller.signal);
  running.catch(() => undefined);
  return Promise.race([running, expired]).finally(() => {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onAbort);
  });
}

export async function runDeepClean(extraction: Extraction, engine: LabelEngine, options: DeepCleanOptions = {}): Promise<Extraction> {
  const summary = emptySummary(engine.model, engine.backend);
  const started = performance.now();
  const timeoutMs = options.timeoutMs ?? DEFAULT_DEEP_CLEAN_TIMEOUT_MS;
  let labelStarted = started;
  const labels = new Map<number, BlockLabel>();
  let page;
  try {
    await withTimeout(async (signal) => {
      page = simplifyPage(extraction.snapshot, options);
      summary.items = page.items.length;
      const chunks = await chunkPage(page, {
        title: extraction.snapshot.metadata.title,
        contextTokens: engine.contextTokens,
        countTokens: (texts) => engine.countTokens(texts),
        maxChunks: options.maxChunks ?? DEFAULT_MAX_CHUNKS,
      });
      summary.chunks = chunks.length;
      summary.promptTokens = chunks.reduce((sum, c) => sum + c.promptTokens, 0);
      labelStarted = performance.now();
      summary.promptMs = labelStarted - started;
      for (const chunk of chunks) {
        const answer = await engine.label(chunk, signal);
        summary.steps += answer.steps;
        for (const [id, label] of parseLabels(answer.text, chunk.ids)) labels.set(Number(id), label);
      }
    }, timeoutMs, options.signal);
  } catch (error) {
    const now = performance.now();
    if (summary.promptMs === 0) summary.promptMs = now - started;
    else summary.labelMs = now - labelStarted;
    return deepCleanFallback(extraction, summary, fallbackKind(error), errorMessage(error));
  }
  summary.labelMs = performance.now() - labelStarted;

  const { record } = extraction;
  let mainButRemoved = 0;
  for (const item of page!.items) {
    const label = labels.get(item.itemId);
    for (const block of item.blocks) {
      const kept = record.decisions[block]?.kept ?? false;
      if (label === 'other' && kept) {
        decide(record, {
          block,
          kept: false,
          stage: 'lm',
          reason: lmReason(engine.model),
          cause: 'lm-label',
          evidence: { kind: 'lm-label', model: engine.model, label, item: item.itemId },
        });
        summary.removed++;
      } else if (label === 'main' && !kept) {
        mainButRemoved++;
      }
    }
  }
  const reason = `Deep clean with ${engine.model} (${engine.backend}): ${summary.items} blocks labelled in ${summary.chunks} ${summary.chunks === 1 ? 'chunk' : 'chunks'}, ${summary.removed} kept blocks labelled other removed`;
  const note = `${reason}; ${mainButRemoved} removed blocks labelled main left removed; ${page!.dropped.length} blocks left out of the model's input (navigation, header, footer, hidden)`;
  logRun(record, { stage: 'lm', path: 'lm', ms: summary.promptMs + summary.labelMs, note });
  extraction.deepClean = { ...summary, status: 'applied', reason };
  extraction.timings['lm-prompt'] = summary.promptMs;
  extraction.timings.lm = summary.labelMs;
  extraction.timings.total = (extraction.timings.total ?? 0) + summary.promptMs + summary.labelMs;
  return extraction;
}
