/**
 * Embedder specs, shared by the CLI's `--embedder` and the extension's options:
 *
 *   use-lite                     Universal Sentence Encoder lite (bundled, English)
 *   glove                        GloVe 100-d, SIF-weighted (bundled, English)
 *   onnx:<folder>[?options]      a transformers.js model in the local model store
 *   hub:<org>/<name>[?options]   a model from REMOTE_MODELS, downloaded on first use
 *
 * Options (query string): prefix=e5|none, device=auto|webgpu|wasm, dtype=q8|fp32|fp16|… .
 * onnx folders whose name contains "e5" get the e5 prefixes unless prefix=none.
 *
 * Each embedder module is imported only when its spec is loaded, so parsing a spec costs nothing.
 */
import type { DataType } from '@huggingface/transformers';
import type { OnnxDevicePreference, OrtWasmPaths } from './onnx';
import { E5_PREFIXES, NO_PREFIXES, type RolePrefixes } from './prefixes';
import { findRemoteModel, REMOTE_MODELS } from './remote-models';
import type { TfjsWasmPaths } from './tfjs-backend';
import type { Embedder, ModelStore, ProgressListener } from './types';

/** Folders in the model store (same names as in shared/models, so a Node store can point straight at it). */
export const MODEL_FOLDERS = { useLite: 'use-lite', glove: 'glove-6b-100d-top50k-int8' } as const;

const E5_NAME = /(^|[-_/.])e5([-_/.]|$)/i;
const DEVICES: readonly OnnxDevicePreference[] = ['auto', 'webgpu', 'wasm'];
const DTYPES: readonly DataType[] = ['fp32', 'fp16', 'q8', 'int8', 'uint8', 'q4', 'bnb4', 'q4f16'];
/** A folder name: no path escapes, no scheme. */
const FOLDER = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)?$/;

export type EmbedderSpec =
  | { kind: 'use-lite' }
  | { kind: 'glove' }
  | {
      kind: 'onnx';
      /** Folder in the store, or hub id when remote. */
      model: string;
      remote: boolean;
      prefixes: RolePrefixes;
      device: OnnxDevicePreference;
      dtype: DataType;
    };

export class EmbedderSpecError extends Error {
  override name = 'EmbedderSpecError';
}

export function parseEmbedderSpec(spec: string): EmbedderSpec {
  const text = spec.trim();
  if (text === 'use-lite') return { kind: 'use-lite' };
  if (text === 'glove') return { kind: 'glove' };
  const match = /^(onnx|hub):([^?]+)(?:\?(.*))?$/.exec(text);
  if (!match) throw new EmbedderSpecError(`unknown embedder "${spec}"; expected use-lite, glove, onnx:<folder> or hub:<id>`);
  const [, scheme, model, query = ''] = match;
  if (!FOLDER.test(model)) throw new EmbedderSpecError(`invalid model name "${model}" in "${spec}"`);
  const params = new URLSearchParams(query);
  for (const key of params.keys()) {
    if (key !== 'prefix' && key !== 'device' && key !== 'dtype') throw new EmbedderSpecError(`unknown option "${key}" in "${spec}"`);
  }
  const remote = scheme === 'hub';
  const known = remote ? findRemoteModel(model) : undefined;
  if (remote && !known) {
    throw new EmbedderSpecError(`"${model}" is not a known hub model; choose one of ${REMOTE_MODELS.map((m) => m.id).join(', ')}`);
  }
  return {
    kind: 'onnx',
    model,
    remote,
    prefixes: parsePrefix(params.get('prefix'), known ? known.prefixes ?? NO_PREFIXES : E5_NAME.test(model) ? E5_PREFIXES : NO_PREFIXES, spec),
    device: parseChoice(params.get('device'), DEVICES, 'auto', 'device', spec),
    dtype: parseChoice(params.get('dtype'), DTYPES, 'q8', 'dtype', spec),
  };
}

/** One string per distinct model configuration: the key under which a host keeps its instance. */
export function canonicalSpec(spec: EmbedderSpec): string {
  if (spec.kind !== 'onnx') return spec.kind;
  const prefix = spec.prefixes.query || spec.prefixes.passage ? 'e5' : 'none';
  return `${spec.remote ? 'hub' : 'onnx'}:${spec.model}?prefix=${prefix}&device=${spec.device}&dtype=${spec.dtype}`;
}

/** What the embedders need from the place they run in. */
export interface EmbedderEnvironment {
  /** Where bundled/local model folders are. */
  store: ModelStore;
  tfjsWasmPaths?: TfjsWasmPaths;
  /** 'cpu' skips tfjs's WASM backend (e.g. where WASM is unavailable). */
  tfjsBackend?: 'wasm' | 'cpu';
  ortWasmPaths?: OrtWasmPaths;
  /** Why ONNX models must not try WebGPU here (it failed earlier in this host's life). */
  webgpuBlocked?: string;
  /** onnxruntime-web WASM threads (src/embedding/threads.ts); unset: ORT's default. */
  onnxThreads?: number;
  onProgress?: ProgressListener;
}

export async function createEmbedder(spec: string | EmbedderSpec, environment: EmbedderEnvironment): Promise<Embedder> {
  const parsed = typeof spec === 'string' ? parseEmbedderSpec(spec) : spec;
  switch (parsed.kind) {
    case 'use-lite': {
      const { loadUseLite } = await import('./use-lite');
      return loadUseLite(environment.store.files(MODEL_FOLDERS.useLite), {
        prefer: environment.tfjsBackend,
        wasmPaths: environment.tfjsWasmPaths,
      });
    }
    case 'glove': {
      const { loadGlove } = await import('./glove');
      return loadGlove(environment.store.files(MODEL_FOLDERS.glove));
    }
    case 'onnx': {
      const { loadOnnxEmbedder } = await import('./onnx');
      return loadOnnxEmbedder({
        model: parsed.model,
        root: parsed.remote ? undefined : environment.store.root,
        allowRemote: parsed.remote,
        device: parsed.device,
        dtype: parsed.dtype,
        prefixes: parsed.prefixes,
        wasmPaths: environment.ortWasmPaths,
        webgpuBlocked: environment.webgpuBlocked,
        threads: environment.onnxThreads,
        onProgress: environment.onProgress,
      });
    }
  }
}

function parsePrefix(value: string | null, fallback: RolePrefixes, spec: string): RolePrefixes {
  if (value === null) return fallback;
  if (value === 'e5') return E5_PREFIXES;
  if (value === 'none') return NO_PREFIXES;
  throw new EmbedderSpecError(`prefix must be e5 or none in "${spec}"`);
}

function parseChoice<T extends string>(value: string | null, allowed: readonly T[], fallback: T, name: string, spec: string): T {
  if (value === null) return fallback;
  const found = allowed.find((a) => a === value);
  if (found === undefined) throw new EmbedderSpecError(`${name} must be one of ${allowed.join(', ')} in "${spec}"`);
  return found;
}
