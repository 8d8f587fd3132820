/**
 * Loading a transformers.js causal language model (local folder or hub id), the same way in Node (onnxruntime-node,
 * the CLI) and in the browser (onnxruntime-web), with the hub download's plan, progress and cancel. Used by deep
 * clean's label engine and the perplexity stage's LM route.
 */
import type { DataType, PreTrainedModel, PreTrainedTokenizer } from '@huggingface/transformers';

export interface CausalLmOptions {
  /** A folder under `root` (local) or a hub id (remote, when allowed). */
  model: string;
  /** Directory (Node) or URL (browser) of local model folders. */
  root?: string;
  allowRemote?: boolean;
  dtype?: DataType;
  device?: 'cpu' | 'wasm' | 'webgpu';
  wasmPaths?: { mjs: string; wasm: string };
  /** The name reasons use (default: the model folder's last part). */
  displayName?: string;
  /** Where hub models come from (default huggingface.co; a mirror or a test server). */
  remoteHost?: string;
  /** Download progress over every file of the model (bytes; `total` is known once each file's size is). */
  onProgress?: (progress: DownloadProgress) => void;
  /** Stops a download: the files stored so far are removed (see forgetHubModel). */
  signal?: AbortSignal;
}

export interface DownloadProgress {
  loaded: number;
  total: number;
}

/** What loading a hub model will fetch: its files, their size, and whether the browser cache has them all. */
export interface DownloadPlan {
  files: string[];
  bytes: number;
  cached: boolean;
}

export interface CausalLm {
  name: string;
  device: 'cpu' | 'wasm' | 'webgpu';
  tokenizer: PreTrainedTokenizer;
  lm: PreTrainedModel;
  tensor: typeof import('@huggingface/transformers').Tensor;
  config: Record<string, unknown>;
}

type Transformers = typeof import('@huggingface/transformers');

/** The dtype a model loads with unless the options name one. */
const DEFAULT_DTYPE: DataType = 'q8';

function configure(transformers: Transformers, options: CausalLmOptions): void {
  const { env } = transformers;
  env.allowLocalModels = options.root !== undefined;
  if (options.root !== undefined) env.localModelPath = options.root.endsWith('/') ? options.root : `${options.root}/`;
  env.allowRemoteModels = options.allowRemote ?? false;
  env.useBrowserCache = (options.allowRemote ?? false) && typeof caches !== 'undefined';
  if (options.remoteHost) env.remoteHost = options.remoteHost.endsWith('/') ? options.remoteHost : `${options.remoteHost}/`;
  const wasm = env.backends.onnx.wasm;
  if (wasm && options.wasmPaths) {
    env.useWasmCache = false;
    wasm.wasmPaths = { ...options.wasmPaths };
  }
}

function deviceOf(options: CausalLmOptions): 'cpu' | 'wasm' | 'webgpu' {
  const isNode = typeof process !== 'undefined' && !!process.versions?.node;
  return options.device ?? (isNode ? 'cpu' : 'wasm');
}

/** The files a hub model needs at this dtype and device, their total size, and whether all are cached. */
export async function hubDownloadPlan(options: CausalLmOptions): Promise<DownloadPlan> {
  const transformers = await import('@huggingface/transformers');
  configure(transformers, { ...options, allowRemote: true });
  const { ModelRegistry } = transformers;
  const build = { dtype: options.dtype ?? DEFAULT_DTYPE, device: deviceOf(options) };
  const files = await ModelRegistry.get_files(options.model, build);
  const sizes = await Promise.all(files.map((file) => ModelRegistry.get_file_metadata(options.model, file)));
  const missing = files.filter((_, i) => !sizes[i].exists);
  if (missing.length > 0) throw new Error(`${options.model} has no ${missing.join(', ')} at ${transformers.env.remoteHost}`);
  const cached = transformers.env.useBrowserCache && (await ModelRegistry.is_cached(options.model, build));
  // Asking stored config.json: a model the user has not agreed to download leaves nothing behind.
  if (!cached && transformers.env.useBrowserCache) await ModelRegistry.clear_cache(options.model, build);
  return { files, bytes: sizes.reduce((sum, meta) => sum + (meta.size ?? 0), 0), cached };
}

/** Removes every cached file of a hub model (after a cancelled or failed download: nothing half-stored stays). */
export async function forgetHubModel(options: CausalLmOptions): Promise<void> {
  const transformers = await import('@huggingface/transformers');
  configure(transformers, { ...options, allowRemote: true });
  await transformers.ModelRegistry.clear_cache(options.model, { dtype: options.dtype ?? DEFAULT_DTYPE, device: deviceOf(options) });
}

export async function loadCausalLm(options: CausalLmOptions): Promise<CausalLm> {
  const transformers = await import('@huggingface/transformers');
  const { env, AutoTokenizer, AutoModelForCausalLM, Tensor } = transformers;
  configure(transformers, options);
  const device = deviceOf(options);
  const { signal, onProgress } = options;
  const fetchBefore = env.fetch;
  // The cancel reaches every request of the download through transformers.js's fetch hook.
  if (signal) env.fetch = (input, init) => fetchBefore(input, { ...init, signal });
  // The tokenizer and the model load one after the other, each with its own running total: sum over every file.
  const files = new Map<string, { loaded: number; total: number }>();
  const progress_callback = onProgress
    ? (info: { status: string; files?: Record<string, { loaded: number; total: number }> }) => {
        if (info.status !== 'progress_total' || !info.files) return;
        for (const [file, p] of Object.entries(info.files)) files.set(file, p);
        let loaded = 0;
        let total = 0;
        for (const p of files.values()) {
          loaded += p.loaded;
          total += p.total;
        }
        onProgress({ loaded, total });
      }
    : undefined;
  try {
    const tokenizer = await AutoTokenizer.from_pretrained(options.model, { progress_callback });
    signal?.throwIfAborted();
    const lm = await AutoModelForCausalLM.from_pretrained(options.model, { dtype: options.dtype ?? DEFAULT_DTYPE, device, progress_callback });
    signal?.throwIfAborted();
    const name = options.displayName ?? options.model.split('/').pop() ?? options.model;
    return { name, device, tokenizer, lm, tensor: Tensor, config: lm.config as unknown as Record<string, unknown> };
  } finally {
    if (signal) env.fetch = fetchBefore;
  }
}

/** The model's context window from its config (2048 when it does not say). */
export function contextOf(config: Record<string, unknown>): number {
  for (const key of ['max_position_embeddings', 'n_positions', 'n_ctx']) {
    const value = config[key];
    if (typeof value === 'number' && value > 0) return value;
  }
  return 2048;
}
