/**
 * Deep clean's transformers.js engine: a causal LM run step by step, its logits masked by the label grammar
 * (src/dripper/constrained-decoder.ts), greedy choice at each label. The grammar writes the fixed text itself, so
 * the model runs once per block. With a model that has past-key-values inputs (every exported decoder LM, such as
 * Qwen3's ONNX build) each step feeds only the tokens added since the last step and reuses the cache of the prompt
 * and the answer so far; a model without them (the shared GPT-2 fixture) runs the whole sequence at every step.
 * Node (onnxruntime-node, the CLI) and the browser (onnxruntime-web, the model host) load it the same way.
 */
import type { DataType, PreTrainedModel, PreTrainedTokenizer } from '@huggingface/transformers';
import { ANSWER_CHARS, decodeLabels, VocabIndex, type TokenVocab } from './constrained-decoder';
import type { LabelAnswer, LabelEngine, LabelRequest } from './types';

export interface TransformersEngineOptions {
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
  /** Override the context window read from the model's config. */
  contextTokens?: number;
  /** Reuse past keys and values between steps when the model takes them (default true). */
  kvCache?: boolean;
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

/** Each token's text; special tokens and byte pieces that are not text on their own are ''. */
export function vocabStrings(tokenizer: PreTrainedTokenizer, size: number): string[] {
  const special = new Set(tokenizer.all_special_ids);
  const strings: string[] = [];
  for (let id = 0; id < size; id++) {
    if (special.has(id)) {
      strings.push('');
      continue;
    }
    const text = tokenizer.decode([id], { skip_special_tokens: false, clean_up_tokenization_spaces: false });
    strings.push(text.includes('\uFFFD') ? '' : text);
  }
  return strings;
}

function contextOf(config: Record<string, unknown>): number {
  for (const key of ['max_position_embeddings', 'n_positions', 'n_ctx']) {
    const value = config[key];
    if (typeof value === 'number' && value > 0) return value;
  }
  return 2048;
}

function asPrompt(tokenizer: PreTrainedTokenizer, prompt: string): string {
  if (!tokenizer.chat_template) return prompt;
  return tokenizer.apply_chat_template([{ role: 'user', content: prompt }], { tokenize: false, add_generation_prompt: true }) as string;
}

type Tensor = import('@huggingface/transformers').Tensor;

export class TransformersLabelEngine implements LabelEngine {
  readonly backend: string;
  /** Whether steps reuse the model's past keys and values (it has the inputs, and it was not turned off). */
  readonly kvCache: boolean;
  private readonly index: VocabIndex;

  constructor(
    readonly model: string,
    private readonly tokenizer: PreTrainedTokenizer,
    private readonly lm: PreTrainedModel,
    private readonly tensor: typeof import('@huggingface/transformers').Tensor,
    readonly contextTokens: number,
    device: string,
    kvCache = true,
  ) {
    this.backend = `transformers.js, ${device}`;
    const inputs = (lm as unknown as { sessions: Record<string, { inputNames: string[] }> }).sessions.model?.inputNames ?? [];
    this.kvCache = kvCache && inputs.some((name) => name.startsWith('past_key_values.'));
    const vocabSize = (lm.config as unknown as { vocab_size: number }).vocab_size;
    const vocab: TokenVocab = { strings: vocabStrings(tokenizer, vocabSize), eos: tokenizer.eos_token_id ?? 0 };
    this.index = new VocabIndex(vocab);
    const missing = this.index.missingChars(ANSWER_CHARS);
    if (missing.length > 0) throw new Error(`${model}'s vocabulary has no token for ${missing.map((c) => JSON.stringify(c)).join(', ')}: it cannot spell every answer`);
  }

  private encode(text: string): number[] {
    return this.tokenizer.encode(text, { add_special_tokens: false });
  }

  async countTokens(texts: readonly string[]): Promise<number[]> {
    return texts.map((t) => this.encode(t).length);
  }

  async label(request: LabelRequest, signal?: AbortSignal): Promise<LabelAnswer> {
    const started = performance.now();
    const prompt = this.tokenizer.encode(asPrompt(this.tokenizer, request.prompt), { add_special_tokens: true });
    // The cache holds keys and values for the first `cached` tokens of the sequence (prompt, then answer).
    let past: Record<string, Tensor> | undefined;
    let cached = 0;
    const step = async (ids: number[]): Promise<Float32Array> => {
      if (ids.length > this.contextTokens) throw new Error(`the answer ran past the model's ${this.contextTokens} tokens`);
      const fresh = this.kvCache ? ids.slice(cached) : ids;
      const input = new this.tensor('int64', BigInt64Array.from(fresh, BigInt), [1, fresh.length]);
      const mask = new this.tensor('int64', new BigInt64Array(ids.length).fill(1n), [1, ids.length]);
      const output = (await this.lm({ input_ids: input, attention_mask: mask, ...(past ? { past_key_values: past } : {}) })) as Record<string, Tensor>;
      if (this.kvCache) {
        past = {};
        for (const [name, value] of Object.entries(output)) if (name.startsWith('present')) past[name.replace('present', 'past_key_values')] = value;
        cached = ids.length;
      }
      const logits = output.logits as unknown as { data: Float32Array; dims: number[] };
      const vocab = logits.dims[logits.dims.length - 1];
      return Float32Array.from(logits.data.subarray((fresh.length - 1) * vocab, fresh.length * vocab));
    };
    const result = await decodeLabels({
      index: this.index,
      ids: request.ids,
      encode: (text) => this.encode(text),
      signal,
      nextLogits: (generated) => step([...prompt, ...generated]),
    });
    return { text: result.text, steps: result.steps, promptTokens: prompt.length, ms: performance.now() - started };
  }
}

type Transformers = typeof import('@huggingface/transformers');

function configure(transformers: Transformers, options: TransformersEngineOptions): void {
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

function deviceOf(options: TransformersEngineOptions): 'cpu' | 'wasm' | 'webgpu' {
  const isNode = typeof process !== 'undefined' && !!process.versions?.node;
  return options.device ?? (isNode ? 'cpu' : 'wasm');
}

/** The files a hub model needs at this dtype and device, their total size, and whether all are cached. */
export async function hubDownloadPlan(options: TransformersEngineOptions): Promise<DownloadPlan> {
  const transformers = await import('@huggingface/transformers');
  configure(transformers, { ...options, allowRemote: true });
  const { ModelRegistry } = transformers;
  const dtype = options.dtype ?? 'q8';
  const files = await ModelRegistry.get_files(options.model, { dtype, device: deviceOf(options) });
  const sizes = await Promise.all(files.map((file) => ModelRegistry.get_file_metadata(options.model, file)));
  const missing = files.filter((_, i) => !sizes[i].exists);
  if (missing.length > 0) throw new Error(`${options.model} has no ${missing.join(', ')} at ${transformers.env.remoteHost}`);
  const cached = transformers.env.useBrowserCache && (await ModelRegistry.is_cached(options.model, { dtype, device: deviceOf(options) }));
  // Asking stored config.json: a model the user has not agreed to download leaves nothing behind.
  if (!cached && transformers.env.useBrowserCache) await ModelRegistry.clear_cache(options.model, { dtype, device: deviceOf(options) });
  return { files, bytes: sizes.reduce((sum, meta) => sum + (meta.size ?? 0), 0), cached };
}

/** Removes every cached file of a hub model (after a cancelled or failed download: nothing half-stored stays). */
export async function forgetHubModel(options: TransformersEngineOptions): Promise<void> {
  const transformers = await import('@huggingface/transformers');
  configure(transformers, { ...options, allowRemote: true });
  await transformers.ModelRegistry.clear_cache(options.model, { dtype: options.dtype ?? 'q8', device: deviceOf(options) });
}

export async function loadTransformersEngine(options: TransformersEngineOptions): Promise<TransformersLabelEngine> {
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
    const lm = await AutoModelForCausalLM.from_pretrained(options.model, { dtype: options.dtype ?? 'q8', device, progress_callback });
    signal?.throwIfAborted();
    const context = options.contextTokens ?? contextOf(lm.config as unknown as Record<string, unknown>);
    const name = options.displayName ?? options.model.split('/').pop() ?? options.model;
    return new TransformersLabelEngine(name, tokenizer, lm, Tensor, context, device, options.kvCache ?? true);
  } finally {
    if (signal) env.fetch = fetchBefore;
  }
}
