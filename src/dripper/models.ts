/**
 * Deep clean's models: which language model runs on which engine, and the default for each engine.
 *
 * Spec strings (stored in the user's settings, passed to the model host):
 * - `webllm:<model id>`: a WebLLM prebuilt model (WebGPU). `webllm:Qwen3-0.6B` is the default and picks the
 *   4-bit build the adapter can run: q4f16_1 with the `shader-f16` feature (1.4 GB of GPU memory), else q4f32_1.
 * - `hub:<repo>[@dtype]`: a transformers.js causal LM downloaded from the model hub (WebGPU, else WASM).
 *   The default is `onnx-community/Qwen3-0.6B-ONNX`, q4f16 on WebGPU and q4 on WASM.
 * - `onnx:<folder>`: a transformers.js model packaged with the extension (the test fixture); nothing to download.
 *
 * Why Qwen3-0.6B: it is the seed's model size (Dripper fine-tunes Qwen3-0.6B), both engines publish a build of it,
 * and at 4 bits it fits a laptop GPU's memory. The seed's fine-tuned weights are not published for either engine,
 * so the base instruction model is asked with the seed's prompt; its label quality is not measured here.
 */

export type LmModelSpec =
  | { kind: 'webllm'; spec: string; modelId: string; name: string }
  | { kind: 'hub'; spec: string; repo: string; dtype?: string; name: string }
  | { kind: 'packaged'; spec: string; folder: string; name: string };

export const DEFAULT_WEBLLM_MODEL = 'webllm:Qwen3-0.6B';
export const DEFAULT_TRANSFORMERS_MODEL = 'hub:onnx-community/Qwen3-0.6B-ONNX';

/** The WebLLM build of the default model for an adapter with or without 16-bit float shaders. */
export function webLlmModelId(modelId: string, shaderF16: boolean): string {
  if (modelId !== 'Qwen3-0.6B') return modelId;
  return shaderF16 ? 'Qwen3-0.6B-q4f16_1-MLC' : 'Qwen3-0.6B-q4f32_1-MLC';
}

/** The dtype a hub model loads with on a device unless the spec names one. */
export function hubDtype(spec: Extract<LmModelSpec, { kind: 'hub' }>, device: 'webgpu' | 'wasm' | 'cpu'): string {
  return spec.dtype ?? (device === 'webgpu' ? 'q4f16' : 'q4');
}

/** The name reasons show: "Qwen3-0.6B" for every build of it, else the model's last path part. */
function displayName(id: string): string {
  const last = id.split('/').pop() ?? id;
  const qwen = /^(Qwen3-[\d.]+B)/i.exec(last);
  return qwen ? qwen[1] : last.replace(/-ONNX$/i, '');
}

export function parseLmModel(spec: string): LmModelSpec {
  const colon = spec.indexOf(':');
  const kind = colon < 0 ? '' : spec.slice(0, colon);
  const rest = spec.slice(colon + 1).trim();
  if (!rest) throw new Error(`deep clean model "${spec}" names no model`);
  if (kind === 'webllm') return { kind: 'webllm', spec, modelId: rest, name: displayName(rest) };
  if (kind === 'onnx') return { kind: 'packaged', spec, folder: rest, name: rest.split('/').pop() ?? rest };
  if (kind === 'hub') {
    const at = rest.lastIndexOf('@');
    const repo = at > 0 ? rest.slice(0, at) : rest;
    if (!/^[\w.-]+\/[\w.-]+$/.test(repo)) throw new Error(`"${repo}" is not a model hub id (owner/name)`);
    return { kind: 'hub', spec, repo, dtype: at > 0 ? rest.slice(at + 1) : undefined, name: displayName(repo) };
  }
  throw new Error(`deep clean does not know the model "${spec}" (use webllm:…, hub:owner/name or onnx:folder)`);
}

/** "312 MB", "5.6 MB", "1.4 GB": a download size as the reader shows it. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(1)} GB`;
  if (bytes >= 1e7) return `${Math.round(bytes / 1e6)} MB`;
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1e3))} kB`;
}
