/**
 * The model host's embedding Worker: loads embedders by spec and runs them off the host page's main thread.
 * No extension API is used (Workers have none); the host sends model and WASM URLs (embed-worker-protocol.ts).
 */
import { createEmbedder } from '@/src/embedding/registry';
import type { Embedder } from '@/src/embedding/types';
import { urlModelStore } from '@/src/embedding/url-store';
import type { FromWorker, ToWorker } from './embed-worker-protocol';

const models = new Map<number, Embedder>();
let nextModel = 1;

const post = (message: FromWorker, transfer: Transferable[] = []) => (self as unknown as Worker).postMessage(message, transfer);

function fail(id: number, error: unknown): void {
  const e = error instanceof Error ? error : new Error(String(error));
  post({ type: 'error', id, name: e.name, message: e.message, webgpu: (e as { webgpu?: boolean }).webgpu });
}

async function handle(message: ToWorker): Promise<void> {
  switch (message.type) {
    case 'load': {
      const { storeRoot, ...rest } = message.environment;
      const embedder = await createEmbedder(message.spec, {
        ...rest,
        store: urlModelStore(storeRoot),
        onProgress: (progress) => post({ type: 'progress', id: message.id, progress }),
      });
      const model = nextModel++;
      models.set(model, embedder);
      const { id, dim, backend, backendReason, languages, sameForRoles } = embedder;
      post({ type: 'loaded', id: message.id, loaded: { model, id, dim, backend, backendReason, languages, sameForRoles } });
      return;
    }
    case 'embed': {
      const embedder = models.get(message.model);
      if (!embedder) throw new Error(`model ${message.model} is not loaded in the embedding worker`);
      const vectors = await embedder.embed(message.texts, message.role);
      // One buffer for all vectors, handed over rather than copied.
      const data = new Float32Array(vectors.length * embedder.dim);
      vectors.forEach((v, i) => data.set(v, i * embedder.dim));
      post({ type: 'vectors', id: message.id, dim: embedder.dim, data }, [data.buffer]);
      return;
    }
    case 'dispose': {
      await models.get(message.model)?.dispose?.();
      models.delete(message.model);
      post({ type: 'done', id: message.id });
    }
  }
}

self.addEventListener('message', (event: MessageEvent<ToWorker>) => {
  handle(event.data).catch((error: unknown) => fail(event.data.id, error));
});
