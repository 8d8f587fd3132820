/**
 * Embedders that run in the model host's Worker (embed-worker.ts), seen from the host page as ordinary embedders.
 * A Worker that cannot start (or dies) fails the load or the call with a sentence; a lost transformers.js context
 * keeps its error name, so the host still reloads itself as it does when the model runs in the page.
 */
import type { EmbedderEnvironment } from '@/src/embedding/registry';
import type { Embedder, EmbedRole } from '@/src/embedding/types';
import type { FromWorker, ToWorker, WorkerEnvironment } from './embed-worker-protocol';

type Pending = { resolve(message: FromWorker): void; reject(error: Error): void; onProgress?: EmbedderEnvironment['onProgress'] };

export class EmbedWorker {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  /** Set once the Worker cannot start or has died: why. */
  broken: Error | undefined;

  constructor(private readonly worker: Worker) {
    worker.addEventListener('message', (event: MessageEvent<FromWorker>) => this.receive(event.data));
    worker.addEventListener('error', (event) => this.breakAll(`the embedding worker failed: ${event.message || 'it could not start'}`));
    worker.addEventListener('messageerror', () => this.breakAll('the embedding worker sent a message that could not be read'));
  }

  /** An embedder for `spec` loaded in the Worker. */
  async load(spec: string, environment: WorkerEnvironment, onProgress?: EmbedderEnvironment['onProgress']): Promise<Embedder> {
    const reply = await this.request({ type: 'load', id: 0, spec, environment }, onProgress);
    if (reply.type !== 'loaded') throw new Error(`the embedding worker answered ${reply.type} to a load`);
    const { model, ...info } = reply.loaded;
    return {
      ...info,
      embed: async (texts: string[], role: EmbedRole) => {
        if (texts.length === 0) return [];
        const answer = await this.request({ type: 'embed', id: 0, model, texts, role });
        if (answer.type !== 'vectors') throw new Error(`the embedding worker answered ${answer.type} to an embed`);
        return texts.map((_, i) => answer.data.subarray(i * answer.dim, (i + 1) * answer.dim));
      },
      dispose: async () => {
        await this.request({ type: 'dispose', id: 0, model });
      },
    };
  }

  terminate(): void {
    this.worker.terminate();
    this.breakAll('the embedding worker was stopped');
  }

  private request(message: ToWorker, onProgress?: Pending['onProgress']): Promise<FromWorker> {
    if (this.broken) return Promise.reject(this.broken);
    const id = this.nextId++;
    return new Promise<FromWorker>((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress });
      this.worker.postMessage({ ...message, id });
    });
  }

  private receive(message: FromWorker): void {
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    if (message.type === 'progress') {
      waiting.onProgress?.(message.progress);
      return;
    }
    this.pending.delete(message.id);
    if (message.type === 'error') {
      const error = Object.assign(new Error(message.message), { webgpu: message.webgpu });
      error.name = message.name;
      waiting.reject(error);
    } else {
      waiting.resolve(message);
    }
  }

  private breakAll(reason: string): void {
    this.broken ??= new Error(reason);
    for (const waiting of this.pending.values()) waiting.reject(this.broken);
    this.pending.clear();
  }
}
