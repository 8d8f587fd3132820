/**
 * Loading a transformers.js causal language model (local folder or hub id), the same way in Node (onnxruntime-node,
 * the CLI) and in the browser (onnxruntime-web). Used by deep clean's label engine and the perplexity stage's LM route.
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
}

export interface CausalLm {
  name: string;
  device: string;
  tokenizer: PreTrainedTokenizer;
  lm: PreTrainedModel;
  tensor: typeof import('@huggingface/transformers').Tensor;
  config: Record<string, unknown>;
}

export async function loadCausalLm(options: CausalLmOptions): Promise<CausalLm> {
  const transformers = await import('@huggingface/transformers');
  const { env, AutoTokenizer, AutoModelForCausalLM, Tensor } = transformers;
  env.allowLocalModels = options.root !== undefined;
  if (options.root !== undefined) env.localModelPath = options.root.endsWith('/') ? options.root : `${options.root}/`;
  env.allowRemoteModels = options.allowRemote ?? false;
  env.useBrowserCache = options.allowRemote ?? false;
  const wasm = env.backends.onnx.wasm;
  if (wasm && options.wasmPaths) {
    env.useWasmCache = false;
    wasm.wasmPaths = { ...options.wasmPaths };
  }
  const isNode = typeof process !== 'undefined' && !!process.versions?.node;
  const device = options.device ?? (isNode ? 'cpu' : 'wasm');
  const tokenizer = await AutoTokenizer.from_pretrained(options.model);
  const lm = await AutoModelForCausalLM.from_pretrained(options.model, { dtype: options.dtype ?? 'q8', device });
  const name = options.displayName ?? options.model.split('/').pop() ?? options.model;
  return { name, device, tokenizer, lm, tensor: Tensor, config: lm.config as unknown as Record<string, unknown> };
}

/** The model's context window from its config (2048 when it does not say). */
export function contextOf(config: Record<string, unknown>): number {
  for (const key of ['max_position_embeddings', 'n_positions', 'n_ctx']) {
    const value = config[key];
    if (typeof value === 'number' && value > 0) return value;
  }
  return 2048;
}
