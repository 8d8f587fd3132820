/**
 * Sentence embeddings from an ONNX encoder through transformers.js: feature extraction with mean pooling and
 * L2 normalisation. Local models are read from `<root>/<model>/` (config.json, tokenizer files,
 * onnx/model_quantized.onnx for dtype q8); remote models are fetched from the hub on first use and cached by
 * transformers.js (browser Cache API).
 *
 * transformers.js keeps its settings in one global `env`, so loads are serialised and each sets what it needs.
 *
 * In a browser, transformers.js 4.3.1 chains every session creation and every inference run on one module-level
 * promise and never clears a rejection (cf. huggingface/transformers.js#1767): after one failure, everything
 * that follows in that JS context fails with the same error. So a WebGPU failure cannot fall back to WASM in
 * place; such failures surface as TransformersContextError and the host page reloads itself with WebGPU off
 * (ext/model-host/handlers.ts).
 */
import type { DataType, FeatureExtractionPipeline, ProgressInfo, Tensor } from '@huggingface/transformers';
import { batchesByLength } from './batches';
import { NO_PREFIXES, type RolePrefixes } from './prefixes';
import type { Embedder, EmbedderBackend, EmbedRole, LoadProgress, ProgressListener } from './types';
import { normalizeInPlace } from './vector';
import { probeWebGpu } from './webgpu';
import { errorMessage } from '../error-message';

export const ONNX_ID_PREFIX = 'onnx:';
/** Texts per ONNX call at most; texts are sorted by length first and cut into calls by `batchesByLength`. */
export const ONNX_BATCH_SIZE = 16;
/**
 * An ONNX call's fixed cost on WASM, in characters of padded text (characters stand in for tokens). A call pads every
 * text to its longest: fixed runs of 16 texts padded a page's text by half again, and cutting where the padding saved
 * outweighs a call cut the 12-layer fixture's embedding time by a quarter (2026-11-26, `tools/sore-speed.ts`; 10–80 measured
 * alike). On WebGPU padding costs little beside a call, so there calls stay as few as possible.
 */
export const ONNX_CALL_COST_CHARS = 30;
/** Above any page's padding: the fewest calls, and among those the least padding. */
const WEBGPU_CALL_COST_CHARS = 1e9;
export const ONNX_DEFAULT_DTYPE: DataType = 'q8';
/** Embedded once after loading: reveals the output size and pays the first-call cost before real work. */
const WARM_UP_TEXT = 'warm-up';
/** transformers.js's error for a file that is not there (raised before any ONNX session exists). */
const MODEL_FILE_NOT_FOUND = 'ModelFileNotFoundError';

export type OnnxDevicePreference = 'auto' | 'webgpu' | 'wasm';


/** URLs of onnxruntime-web's WASM factory and binary, as served by the extension (or a page origin). */
export interface OrtWasmPaths {
  mjs: string;
  wasm: string;
}

export interface OnnxEmbedderOptions {
  /** A folder under `root` for local models, or a hub id ("Xenova/multilingual-e5-small") for remote ones. */
  model: string;
  /** URL (browser) or directory (Node) holding local model folders; absent for hub-only models. */
  root?: string;
  /** Allow fetching from the hub. Off for everything bundled; on only for models the user chose to download. */
  allowRemote?: boolean;
  /** Browser only; Node always runs onnxruntime-node on the CPU. */
  device?: OnnxDevicePreference;
  dtype?: DataType;
  prefixes?: RolePrefixes;
  wasmPaths?: OrtWasmPaths;
  /** ORT WASM threads; ORT's default is min(4, ceil(cores / 2)). */
  threads?: number;
  batchSize?: number;
  onProgress?: ProgressListener;
  /** Why WebGPU must not be tried (it failed earlier in this host's life); forces WASM. */
  webgpuBlocked?: string;
}

/**
 * transformers.js can no longer create sessions or run models in this JS context (see the module comment);
 * only a new context (page reload) recovers. `webgpu` says whether WebGPU was involved, so the next context
 * can avoid it.
 */
export class TransformersContextError extends Error {
  override name = 'TransformersContextError';
  constructor(
    message: string,
    readonly webgpu: boolean,
  ) {
    super(message);
  }
}

type Device = 'webgpu' | 'wasm' | 'cpu';

interface DeviceChoice {
  device: Device;
  reason: string;
}

let loadChain: Promise<unknown> = Promise.resolve();

export function loadOnnxEmbedder(options: OnnxEmbedderOptions): Promise<Embedder> {
  const load = loadChain.then(() => loadNow(options));
  loadChain = load.catch(() => undefined);
  return load;
}

async function loadNow(options: OnnxEmbedderOptions): Promise<Embedder> {
  const { pipeline, env } = await import('@huggingface/transformers');
  env.allowLocalModels = options.root !== undefined;
  if (options.root !== undefined) env.localModelPath = localModelPath(options.root);
  env.allowRemoteModels = options.allowRemote ?? false;
  // Only hub downloads are worth caching; bundled files are already on disk.
  env.useBrowserCache = options.allowRemote ?? false;
  const wasm = env.backends.onnx.wasm;
  if (options.wasmPaths) {
    // Served by us, so never worth a second copy in the Cache API (which also refuses chrome-extension: URLs).
    env.useWasmCache = false;
  }
  if (wasm) {
    if (options.wasmPaths) wasm.wasmPaths = { ...options.wasmPaths };
    if (options.threads !== undefined) wasm.numThreads = options.threads;
  }
  const choice = await chooseDevice(options.device ?? 'auto', options.webgpuBlocked);
  let extractor: FeatureExtractionPipeline;
  try {
    extractor = await pipeline('feature-extraction', options.model, {
      device: choice.device,
      dtype: options.dtype ?? ONNX_DEFAULT_DTYPE,
      progress_callback: progressAggregator(options.onProgress),
    });
  } catch (error) {
    const message = `cannot load ${options.model} on ${choice.device}: ${errorMessage(error)}`;
    // A missing file fails before any session is created and leaves transformers.js usable.
    if (isNode() || (error instanceof Error && error.name === MODEL_FILE_NOT_FOUND)) throw new Error(message);
    throw new TransformersContextError(message, choice.device === 'webgpu');
  }
  const threads = choice.device === 'wasm' && wasm?.numThreads !== undefined ? `; ${wasm.numThreads} WASM thread${wasm.numThreads === 1 ? '' : 's'}` : '';
  return makeEmbedder(extractor, options, backendOf(choice.device), `${choice.reason}${threads}`);
}

/**
 * transformers.js 4.3.1's get_file_metadata skips the local check for any local path that is an http(s) URL
 * (and only tries the hub, which is off for local models). pipeline() asks it whether tokenizer_config.json
 * exists; told no, it builds the pipeline without a tokenizer, and the first call fails with
 * "this.tokenizer is not a function". chrome-extension: roots are not affected. A same-origin http(s) root
 * (the CLI's page) is therefore given as a root-relative path, which that check does not take for a URL and
 * fetch resolves against the page.
 */
function localModelPath(root: string): string {
  const origin = globalThis.location?.origin;
  if (isNode() || !origin || !/^https?:/i.test(root)) return root;
  const url = new URL(root);
  return url.origin === origin ? `${url.pathname}${url.search}` : root;
}

async function chooseDevice(preference: OnnxDevicePreference, webgpuBlocked: string | undefined): Promise<DeviceChoice> {
  if (isNode()) return { device: 'cpu', reason: 'Node: onnxruntime-node on the CPU' };
  if (webgpuBlocked !== undefined) return { device: 'wasm', reason: webgpuBlocked };
  if (preference === 'wasm') return { device: 'wasm', reason: 'WASM requested' };
  const probe = await probeWebGpu();
  if (preference === 'webgpu') return { device: 'webgpu', reason: `WebGPU requested (${probe.reason})` };
  return probe.usable ? { device: 'webgpu', reason: probe.reason } : { device: 'wasm', reason: probe.reason };
}

async function makeEmbedder(
  extractor: FeatureExtractionPipeline,
  options: OnnxEmbedderOptions,
  backend: EmbedderBackend,
  backendReason: string,
): Promise<Embedder> {
  const batchSize = options.batchSize ?? ONNX_BATCH_SIZE;
  const prefixes = options.prefixes ?? NO_PREFIXES;
  const runBatch = async (texts: string[]): Promise<Float32Array[]> => {
    let output: Tensor;
    try {
      output = await extractor(texts, { pooling: 'mean', normalize: true });
    } catch (error) {
      if (isNode()) throw error;
      throw new TransformersContextError(`${options.model} failed on ${backend}: ${errorMessage(error)}`, backend === 'webgpu');
    }
    const [rows, dim] = output.dims;
    const data = output.data as Float32Array;
    const vectors = Array.from({ length: rows }, (_, i) => normalizeInPlace(data.slice(i * dim, (i + 1) * dim)));
    output.dispose();
    return vectors;
  };
  const [probe] = await runBatch([WARM_UP_TEXT]);
  const dim = probe.length;

  return {
    id: `${ONNX_ID_PREFIX}${options.model}`,
    dim,
    backend,
    backendReason,
    sameForRoles: prefixes.query === prefixes.passage,
    async embed(texts: string[], role: EmbedRole): Promise<Float32Array[]> {
      const out: Float32Array[] = texts.map(() => new Float32Array(dim));
      for (const batch of onnxCalls(texts, backend, batchSize)) {
        const vectors = await runBatch(batch.map((t) => prefixes[role] + t.text));
        batch.forEach((t, i) => (out[t.index] = vectors[i]));
      }
      return out;
    },
    async dispose() {
      await extractor.dispose();
    },
  };
}

/**
 * The texts of one `embed` in model calls: blank texts are left out (they stay zero vectors, the Embedder contract),
 * the rest go shortest first, cut where a new call saves more padding than it costs.
 */
export function onnxCalls(texts: readonly string[], backend: EmbedderBackend, batchSize = ONNX_BATCH_SIZE): { index: number; text: string }[][] {
  const order = texts
    .map((text, index) => ({ index, text: text.trim() }))
    .filter((t) => t.text.length > 0)
    .sort((a, b) => a.text.length - b.text.length);
  const callCost = backend === 'webgpu' ? WEBGPU_CALL_COST_CHARS : ONNX_CALL_COST_CHARS;
  return batchesByLength(order, (t) => t.text.length, batchSize, callCost);
}

/** Folds transformers.js progress events into one aggregate for the whole model. */
function progressAggregator(listener: ProgressListener | undefined): ((info: ProgressInfo) => void) | undefined {
  if (!listener) return undefined;
  let file = '';
  return (info) => {
    if (info.status === 'initiate' || info.status === 'download' || info.status === 'progress') file = info.file;
    if (info.status !== 'progress_total') return;
    const update: LoadProgress = {
      loaded: info.loaded,
      total: info.total,
      fraction: info.total > 0 ? Math.min(1, info.loaded / info.total) : undefined,
      file,
    };
    listener(update);
  };
}

function backendOf(device: Device): EmbedderBackend {
  return device === 'cpu' ? 'node' : device;
}


function isNode(): boolean {
  return typeof process !== 'undefined' && process.release?.name === 'node';
}
