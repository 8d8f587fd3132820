/**
 * Messages between the model host page and its embedding Worker (embed-worker.ts). The host keeps the outlier
 * index, the queue and the messaging; the Worker only loads models and embeds, so inference never runs on the host
 * page's main thread (which extension pages share with the reader: a long model call there would freeze the reader).
 */
import type { OrtWasmPaths } from '@/src/embedding/onnx';
import type { TfjsWasmPaths } from '@/src/embedding/tfjs-backend';
import type { EmbedderBackend, EmbedRole, LoadProgress } from '@/src/embedding/types';

/** The serialisable part of an EmbedderEnvironment: the model store travels as its root URL. */
export interface WorkerEnvironment {
  storeRoot: string;
  tfjsWasmPaths?: TfjsWasmPaths;
  tfjsBackend?: 'wasm' | 'cpu';
  ortWasmPaths?: OrtWasmPaths;
  webgpuBlocked?: string;
  /** ORT WASM threads for ONNX models (src/embedding/threads.ts). */
  onnxThreads?: number;
}

export type ToWorker =
  | { type: 'load'; id: number; spec: string; environment: WorkerEnvironment }
  | { type: 'embed'; id: number; model: number; texts: string[]; role: EmbedRole }
  | { type: 'dispose'; id: number; model: number };

export interface LoadedModel {
  model: number;
  id: string;
  dim: number;
  backend: EmbedderBackend;
  backendReason: string;
  languages?: readonly string[];
  sameForRoles?: boolean;
}

export type FromWorker =
  | { type: 'loaded'; id: number; loaded: LoadedModel }
  | { type: 'progress'; id: number; progress: LoadProgress }
  | { type: 'vectors'; id: number; dim: number; data: Float32Array }
  | { type: 'done'; id: number }
  | { type: 'error'; id: number; name: string; message: string; webgpu?: boolean };
