/**
 * The model host's state: one lazily created embedder per spec, one outlier index per key, and a promise chain
 * that runs requests one at a time (models are large; two concurrent loads or runs would only compete for the
 * same cores and memory). Status questions bypass the chain so they answer while a long job runs.
 *
 * No browser API is used here: the offscreen page wires it to messages, and tests drive it in Node.
 */
import type { OutlierIndex } from '@/src/ann/outlier-index';
import { canonicalSpec, createEmbedder, parseEmbedderSpec, type EmbedderEnvironment, type EmbedderSpec } from '@/src/embedding/registry';
import type { Embedder, EmbedRole, LoadProgress } from '@/src/embedding/types';
import { cachingEmbedder } from '@/src/embedding/vector-cache';
import type { EmbedResponse, ModelStatus } from './protocol';
import { errorMessage } from '../../src/error-message';

/** Makes an embedder (default: in this JS context; the extension host passes one that loads it in a Worker). */
export type EmbedderFactory = (spec: string, environment: EmbedderEnvironment) => Promise<Embedder>;

/** Checks whether a hub model's files are already cached (browser only; absent in Node). */
export type DownloadProbe = (spec: Extract<EmbedderSpec, { kind: 'onnx' }>) => Promise<boolean>;

interface Slot {
  status: ModelStatus;
  embedder?: Promise<Embedder>;
}

/** What `run` hands to a job: the host's models and indexes, used without further queueing. */
export interface HostContext {
  embedder(spec: string): Promise<Embedder>;
  embed(spec: string, texts: string[], role: EmbedRole): Promise<Float32Array[]>;
  index(key: string, build: () => Promise<OutlierIndex>): Promise<OutlierIndex>;
}

export class ModelHost {
  private readonly slots = new Map<string, Slot>();
  private readonly indexes = new Map<string, Promise<OutlierIndex>>();
  private chain: Promise<unknown> = Promise.resolve();
  private readonly context: HostContext = {
    embedder: (spec) => this.embedder(spec),
    embed: async (spec, texts, role) => (await this.embedder(spec)).embed(texts, role),
    index: (key, build) => this.index(key, build),
  };

  constructor(
    private readonly environment: Omit<EmbedderEnvironment, 'onProgress'>,
    private readonly probeDownload?: DownloadProbe,
    private readonly create: EmbedderFactory = createEmbedder,
  ) {}

  /** Runs `job` after every job queued before it; its failure does not stop later jobs. */
  run<T>(job: (context: HostContext) => Promise<T>): Promise<T> {
    const result = this.chain.then(() => job(this.context));
    this.chain = result.catch(() => undefined);
    return result;
  }

  async embed(spec: string, texts: string[], role: EmbedRole): Promise<EmbedResponse> {
    return this.run(async () => {
      const embedder = await this.embedder(spec);
      const start = performance.now();
      const vectors = await embedder.embed(texts, role);
      const ms = performance.now() - start;
      return { vectors: vectors.map((v) => Array.from(v)), dim: embedder.dim, backend: embedder.backend, ms };
    });
  }

  /**
   * Starts loading without queueing behind running jobs and reports the status at once; `loading` settles when
   * the load does (its failure is also recorded in the status).
   */
  async load(spec: string): Promise<{ status: ModelStatus; loading: Promise<unknown> }> {
    let loading: Promise<unknown>;
    try {
      loading = this.embedder(spec);
    } catch (error) {
      loading = Promise.reject(error); // an invalid spec: status() explains it
    }
    loading.catch(() => undefined);
    return { status: await this.status(spec), loading };
  }

  async status(spec: string): Promise<ModelStatus> {
    let parsed: EmbedderSpec;
    try {
      parsed = parseEmbedderSpec(spec);
    } catch (error) {
      return { state: 'error', message: errorMessage(error) };
    }
    const slot = this.slots.get(canonicalSpec(parsed));
    const status: ModelStatus = slot ? { ...slot.status } : { state: 'absent' };
    if (parsed.kind === 'onnx' && parsed.remote && this.probeDownload && status.state !== 'ready') {
      status.downloaded = await this.probeDownload(parsed).catch(() => false);
    }
    return status;
  }

  /** The embedder for a spec, created on first use; a failed load is retried by the next call. */
  embedder(spec: string): Promise<Embedder> {
    const parsed = parseEmbedderSpec(spec);
    const key = canonicalSpec(parsed);
    const existing = this.slots.get(key);
    if (existing?.embedder) return existing.embedder;
    const slot: Slot = { status: { state: 'loading', message: `loading ${key}` } };
    const onProgress = (p: LoadProgress) => {
      slot.status = { state: 'loading', progress: p.fraction, message: `loading ${p.file}` };
    };
    slot.embedder = this.create(spec, { ...this.environment, onProgress }).then(
      (model) => {
        const embedder = cachingEmbedder(model);
        slot.status = { state: 'ready', backend: embedder.backend, message: embedder.backendReason };
        return embedder;
      },
      (error: unknown) => {
        slot.status = { state: 'error', message: errorMessage(error) };
        slot.embedder = undefined;
        throw error;
      },
    );
    this.slots.set(key, slot);
    return slot.embedder;
  }

  /** An outlier index kept for the host's lifetime (deserialise once, not per page). */
  index(key: string, build: () => Promise<OutlierIndex>): Promise<OutlierIndex> {
    let index = this.indexes.get(key);
    if (!index) {
      index = build();
      index.catch(() => this.indexes.delete(key));
      this.indexes.set(key, index);
    }
    return index;
  }
}
