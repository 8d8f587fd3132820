/**
 * The reader's semantic pass: after the structural result is shown, load the user's model in the model host
 * (polling its status for progress), run SORE there, and say what happened. Any failure leaves the structural
 * result in place. The host client is injected so the flow does not depend on a running extension.
 */
import { loadViaHost, modelStatusViaHost, soreViaHost } from '@/ext/model-host/client';
import type { IndexSource, ModelStatus, SoreResponse } from '@/ext/model-host/protocol';
import type { SoreSettings } from '@/ext/sore-settings';
import { parseEmbedderSpec } from '@/src/embedding/registry';
import { findRemoteModel } from '@/src/embedding/remote-models';
import { withSemanticFailure } from '@/src/pipeline/semantic-failure';
import type { Extraction } from '@/src/pipeline/types';
import { errorClause } from '@/src/error-message';

export interface SemanticSummary {
  /** The SORE run's path ('sore', 'sore:raised-cutoffs', …). */
  path: string;
  backend: string;
  removedBlocks: number;
  dimmedSegments: number;
  indexSource: IndexSource;
  indexMs: number;
  ms: number;
}

export type SemanticState =
  | { phase: 'settings' }
  | { phase: 'ask'; offer: ModelOffer }
  | { phase: 'declined' }
  | { phase: 'loading-model'; progress?: number; downloading: boolean }
  | { phase: 'running' }
  /** SORE ran and its decisions are shown. */
  | { phase: 'done'; summary: SemanticSummary }
  /** SORE ran but left the structural result (fallback or nothing to examine). */
  | { phase: 'unchanged'; message: string; summary: SemanticSummary }
  | { phase: 'failed'; message: string };

export interface ModelOffer {
  spec: string;
  /** e.g. "Xenova/multilingual-e5-small" or "Universal Sentence Encoder lite". */
  name: string;
  /** Bytes downloaded on first use; 0 for a model bundled with the extension. */
  downloadBytes: number;
}

const BUNDLED_NAMES: Record<string, string> = {
  'use-lite': 'Universal Sentence Encoder lite',
  glove: 'GloVe word vectors',
};

export function modelOffer(spec: string): ModelOffer {
  try {
    const parsed = parseEmbedderSpec(spec);
    if (parsed.kind !== 'onnx') return { spec, name: BUNDLED_NAMES[parsed.kind] ?? parsed.kind, downloadBytes: 0 };
    if (!parsed.remote) return { spec, name: parsed.model, downloadBytes: 0 };
    return { spec, name: parsed.model, downloadBytes: findRemoteModel(parsed.model)?.downloadBytes ?? 0 };
  } catch {
    return { spec, name: spec, downloadBytes: 0 };
  }
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The one line `#pith-semantic` shows for a state (the 'ask' prompt has its own markup). */
export function semanticMessage(state: SemanticState): string {
  switch (state.phase) {
    case 'settings':
      return 'Semantic pass: reading settings…';
    case 'ask':
      return '';
    case 'declined':
      return 'Structural mode';
    case 'loading-model': {
      const verb = state.downloading ? 'Downloading model' : 'Loading model';
      return state.progress === undefined ? `${verb}…` : `${verb}… ${Math.round(state.progress * 100)}%`;
    }
    case 'running':
      return 'Semantic pass…';
    case 'done': {
      const { summary: s } = state;
      const dimmed = s.dimmedSegments > 0 ? `, ${plural(s.dimmedSegments, 'sentence')} dimmed` : '';
      return `Semantic pass: ${plural(s.removedBlocks, 'block')} removed${dimmed}.`;
    }
    case 'unchanged':
      return state.message;
    case 'failed':
      return state.message;
  }
}

/** What the status line says ran: the structural stages only, or the semantic pass on top. */
export function modeLabel(state: SemanticState): string {
  switch (state.phase) {
    case 'done':
      return 'Semantic (SORE)';
    case 'unchanged':
      return 'Semantic (SORE kept the structural result)';
    case 'loading-model':
    case 'running':
    case 'settings':
      return 'Structural only, semantic pass pending';
    case 'failed':
      return 'Structural only (semantic pass failed)';
    default:
      return 'Structural only';
  }
}

export interface HostClient {
  load(spec: string): Promise<ModelStatus>;
  status(spec: string): Promise<ModelStatus>;
  sore(extraction: Extraction, settings: SoreSettings): Promise<SoreResponse>;
}

export const extensionHostClient: HostClient = { load: loadViaHost, status: modelStatusViaHost, sore: soreViaHost };

export interface RunOptions {
  client?: HostClient;
  report: (state: SemanticState) => void;
  cancelled: () => boolean;
  pollMs?: number;
  /** Limit for the SORE request itself (the model is loaded before it). */
  soreTimeoutMs?: number;
}

const POLL_MS = 250;
const SORE_TIMEOUT_MS = 180_000;
const MAX_RELOADS = 3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(message)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Counts of what SORE changed, from the extraction it returned. */
export function summarise(response: SoreResponse, path: string): SemanticSummary {
  const { extraction, info } = response;
  const decisions = extraction.record.decisions;
  const removedBlocks = decisions.filter((d) => d && d.stage === 'sore' && !d.kept).length;
  const dimmedSegments = (extraction.segments ?? []).filter((s) => !s.kept && s.origin === 'kept' && decisions[s.block]?.kept).length;
  return { path, backend: info.backend, removedBlocks, dimmedSegments, indexSource: info.indexSource, indexMs: info.indexMs, ms: info.ms };
}

/**
 * Loads the model (reporting progress), runs SORE and reports the outcome. Resolves with the extraction to show:
 * SORE's; on a failure the structural one with a 'sore:failed' run saying why (so the export says it too); null
 * when cancelled.
 */
export async function runSemanticPass(structural: Extraction, settings: SoreSettings, options: RunOptions): Promise<Extraction | null> {
  const { report, cancelled } = options;
  const client = options.client ?? extensionHostClient;
  const spec = settings.model;
  const fail = (message: string): Extraction | null => {
    if (cancelled()) return null;
    report({ phase: 'failed', message: `${message}. Showing the structural result.` });
    return withSemanticFailure(structural, message.replace(/^Semantic pass failed:? ?/, '') || message);
  };

  report({ phase: 'loading-model', downloading: false });
  try {
    let status = await client.load(spec);
    let reloads = 0;
    while (status.state !== 'ready') {
      if (cancelled()) return null;
      if (status.state === 'error') return fail(`Semantic pass failed: the model ${spec} couldn’t be loaded (${status.message ?? 'unknown error'})`);
      if (status.state === 'absent') {
        // The host restarted (or was closed) while loading: start again, a few times at most.
        if (++reloads > MAX_RELOADS) return fail(`Semantic pass failed: the model host keeps restarting while loading ${spec}`);
        status = await client.load(spec);
        continue;
      }
      report({ phase: 'loading-model', progress: status.progress, downloading: status.downloaded === false });
      await sleep(options.pollMs ?? POLL_MS);
      status = await client.status(spec);
    }
  } catch (error) {
    return fail(`Semantic pass failed: the model host didn’t answer (${errorClause(error)})`);
  }
  if (cancelled()) return null;

  report({ phase: 'running' });
  let response: SoreResponse;
  try {
    const seconds = Math.round((options.soreTimeoutMs ?? SORE_TIMEOUT_MS) / 1000);
    response = await withTimeout(client.sore(structural, settings), options.soreTimeoutMs ?? SORE_TIMEOUT_MS, `it took longer than ${seconds} s`);
  } catch (error) {
    return fail(`Semantic pass failed: ${errorClause(error)}`);
  }
  if (cancelled()) return null;

  const run = [...response.extraction.record.runs].reverse().find((r) => r.stage === 'sore');
  const path = run?.path ?? 'unknown';
  const summary = summarise(response, path);
  if (path === 'sore:failed' || !run) {
    const note = run?.note?.split('; ').find((n) => /failed/.test(n));
    if (cancelled()) return null;
    report({ phase: 'failed', message: `Semantic pass failed${note ? `: ${note}` : ''}. Showing the structural result.` });
    // SORE's own record already holds the failed run and no decision: it is the structural result, said so.
    return run ? response.extraction : withSemanticFailure(structural, 'the model host returned no semantic run');
  }
  if (path === 'sore:kept-structural') {
    const share = Math.round((settings.fallbackShare ?? 0.5) * 100);
    report({ phase: 'unchanged', summary, message: `Semantic pass kept the structural result: it would have removed more than ${share}% of the text (${path}, backend ${summary.backend})` });
  } else if (path.startsWith('skipped')) {
    report({ phase: 'unchanged', summary, message: `Semantic pass skipped: ${path.replace(/^skipped:/, '').replace(/-/g, ' ')} (backend ${summary.backend})` });
  } else {
    report({ phase: 'done', summary });
  }
  return response.extraction;
}
