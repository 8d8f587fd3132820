/**
 * Messages between the model host page and its embedding Worker (embed-worker.ts). The host keeps the outlier
 * index, the queue and the messaging; the Worker only loads models and embeds, so inference never runs on the host
 * page's main thread (which extension pages share with the reader: a long model call there would freeze the reader).
 */
import type { EmbedderEnvironment } from '@/src/embedding/registry';
import type { Embedder, EmbedRole, LoadProgress } from '@/src/embedding/types';

/** The serialisable part of an EmbedderEnvironment: the model store travels as its root URL. */
export type WorkerEnvironment = Omit<EmbedderEnvironment, 'store' | 'onProgress'> & { storeRoot: string };

export type ToWorker =
  | { type: 'load'; id: number; spec: string; environment: WorkerEnvironment }
  | { type: 'embed'; id: number; model: number; texts: string[]; role: EmbedRole }
  | { type: 'dispose'; id: number; model: number };

/** The loaded embedder's description (everything but its methods), with its number in the Worker. */
export type LoadedModel = Pick<Embedder, 'id' | 'dim' | 'backend' | 'backendReason' | 'languages' | 'sameForRoles'> & { model: number };

export type FromWorker =
  | { type: 'loaded'; id: number; loaded: LoadedModel }
  | { type: 'progress'; id: number; progress: LoadProgress }
  | { type: 'vectors'; id: number; dim: number; data: Float32Array }
  | { type: 'done'; id: number }
  | { type: 'error'; id: number; name: string; message: string; webgpu?: boolean };
