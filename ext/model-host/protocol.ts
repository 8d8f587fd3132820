/**
 * Messages to and from the model host: the Chrome offscreen document, or on Firefox an iframe of the same page
 * inside the background page. Every extension context receives runtime messages; only the host answers the
 * host's types, and only the background answers `ensure`.
 */
import { defineExtensionMessaging, type Logger } from '@webext-core/messaging';
import type { EmbedderBackend, EmbedRole } from '@/src/embedding/types';
import type { Extraction } from '@/src/pipeline/types';
import type { PhraseEdits } from '@/src/sore/groups';
import type { SoreParams } from '@/src/sore/params';

export interface EmbedRequest {
  /** An embedder spec (src/embedding/registry.ts), e.g. "use-lite" or "onnx:synthetic-tiny-bert-mbert-vocab". */
  spec: string;
  texts: string[];
  role: EmbedRole;
}

export interface EmbedResponse {
  /** L2-normalised, one per text, in order (runtime messages are JSON, hence plain arrays). */
  vectors: number[][];
  dim: number;
  backend: EmbedderBackend;
  /** Time spent embedding in the host, excluding any model load. */
  ms: number;
}

export type ModelState = 'absent' | 'loading' | 'ready' | 'error';

export interface ModelStatus {
  state: ModelState;
  /** 0…1 while a download's size is known. */
  progress?: number;
  backend?: EmbedderBackend;
  /** Why the backend was chosen (ready), what is loading, or what went wrong (error). */
  message?: string;
  /** For hub models: whether the files are already in the browser cache (no download needed). */
  downloaded?: boolean;
}

export interface SpecRequest {
  spec: string;
}

/** A semantic pass (SORE) over a structural extraction, with the user's model, thresholds and phrase edits. */
export interface SoreRequest {
  extraction: Extraction;
  /** Embedder spec, as in EmbedRequest. */
  spec: string;
  params: Partial<SoreParams>;
  /** The user's edits to the shipped outlier phrase lists, by group id. */
  phraseEdits: Record<string, PhraseEdits>;
}

/** Where the outlier index of a SORE request came from: this host's memory, the persisted copy, or a fresh build. */
export type IndexSource = 'memory' | 'persisted' | 'built';

export interface SoreRunInfo {
  backend: EmbedderBackend;
  /** The outlier index's key (model configuration + phrase-list hash). */
  indexKey: string;
  indexSource: IndexSource;
  /** Time to get the index (embedding every phrase when built; deserialising when persisted). */
  indexMs: number;
  groups: number;
  /** Phrases in the lists (after the user's edits), and how many of them the index holds (see distinctPhrases). */
  phrases: number;
  indexedPhrases: number;
  /** The whole request in the host, model load and index included. */
  ms: number;
}

export interface SoreResponse {
  /** The extraction with SORE's decisions applied (the structural ones kept in `supersedes`), its run and timings. */
  extraction: Extraction;
  info: SoreRunInfo;
}

/**
 * Deep clean: one call to the label engine of `model` (loaded once per host), its description ('info'), or its
 * download: what it would fetch ('plan'), start it ('download'), progress ('status'), stop it ('cancel').
 */
export interface LmHostRequest {
  /** A deep clean model spec (src/dripper/models.ts): webllm:…, hub:owner/name[@dtype] or onnx:<folder>. */
  model: string;
  /** Where hub models are downloaded from (default https://huggingface.co/). */
  hubHost?: string;
  call: import('@/src/dripper/bridge-engine').LmCall | { op: 'info' | 'plan' | 'download' | 'status' | 'cancel' };
}

/** What a deep clean model needs before it can run ('plan'). */
export interface LmDownloadPlan {
  /** The model's name as the reader shows it, e.g. "Qwen3-0.6B". */
  name: string;
  needsDownload: boolean;
  /** Bytes to download; null when the source does not say. */
  bytes: number | null;
  /** Which build and engine, e.g. "4 files, q4f16, transformers.js on WebGPU". */
  detail?: string;
}

export interface LmDownloadStatus {
  state: 'absent' | 'downloading' | 'ready' | 'cancelled' | 'error';
  loaded?: number;
  total?: number;
  /** 0…1 when known. */
  fraction?: number;
  /** The engine's own words on what it is fetching (WebLLM). */
  text?: string;
  /** Why it stopped (cancelled, error). */
  message?: string;
}

/** The perplexity stage's input: the snapshot (its HTML copy and node table left out: the stage reads blocks). */
export interface PerplexityRequest {
  snapshot: import('@/src/snapshot/types').PageSnapshot;
  record: import('@/src/decisions/types').DecisionRecord;
  params: import('@/src/perplexity/params').PerplexityParams;
}

export type HostKind = 'offscreen' | 'background-frame';

export interface HostInfo {
  kind: HostKind;
}

export interface ModelHostProtocol {
  /** Answered by the host as soon as its listener is registered (before any heavy module is loaded). */
  'pith.modelHost.ping'(): HostInfo;
  'pith.modelHost.embed'(request: EmbedRequest): EmbedResponse;
  'pith.modelHost.modelStatus'(request: SpecRequest): ModelStatus;
  /** Starts loading (downloading) a model without embedding anything; answers with the status at that moment. */
  'pith.modelHost.load'(request: SpecRequest): ModelStatus;
  /** Runs SORE over an extraction (loads the model and builds or restores the outlier index as needed). */
  'pith.modelHost.sore'(request: SoreRequest): SoreResponse;
  /** The perplexity stage over a structural extraction, with the models this host keeps for the session. */
  'pith.modelHost.perplexity'(request: PerplexityRequest): import('@/src/perplexity/stage').PerplexityOutcome;
  /** Deep clean's language model: token counts, labels, or what the engine is (src/dripper/bridge-engine.ts). */
  'pith.modelHost.lm'(request: LmHostRequest): unknown;
  /** Answered by the background: creates the host if needed, for contexts that cannot (content scripts). */
  'pith.modelHost.ensure'(): HostInfo;
}

/** Per-message debug logging is noise; warnings and errors still reach the console. */
const quietLogger: Logger = {
  debug: () => undefined,
  log: () => undefined,
  warn: (...args) => console.warn(...args),
  error: (...args) => console.error(...args),
};

export const modelHostMessaging = defineExtensionMessaging<ModelHostProtocol>({ logger: quietLogger });

/** What the host answers while it reloads itself; clients treat it like "no host yet" and wait. */
export const HOST_RESTARTING = 'model host restarting';
/** Name of the error after which the host reloads (src/embedding/onnx.ts TransformersContextError). */
export const CONTEXT_LOST_ERROR = 'TransformersContextError';

/** The host page (WXT builds entrypoints/offscreen/index.html to /offscreen.html). */
export const HOST_PAGE_PATH = '/offscreen.html';
