import { describe, expect, it } from 'vitest';
import type { FromWorker, ToWorker } from '../../../ext/model-host/embed-worker-protocol';
import { EmbedWorker } from '../../../ext/model-host/worker-embedder';

/** Stands in for the Worker: answers each message with `reply` on the next turn. */
class FakeWorker extends EventTarget {
  sent: ToWorker[] = [];
  constructor(private readonly reply: (message: ToWorker) => FromWorker[]) {
    super();
  }
  postMessage(message: ToWorker): void {
    this.sent.push(message);
    setTimeout(() => {
      for (const data of this.reply(message)) this.dispatchEvent(Object.assign(new Event('message'), { data }));
    });
  }
  terminate(): void {}
  fail(message: string): void {
    this.dispatchEvent(Object.assign(new Event('error'), { message }));
  }
}

const loaded = (id: number): FromWorker => ({ type: 'loaded', id, loaded: { model: 7, id: 'use-lite', dim: 2, backend: 'tfjs-wasm', backendReason: 'WASM backend initialised', sameForRoles: true } });

describe('embedders in the model host Worker', () => {
  it('loads with progress and embeds, one vector per text from one transferred buffer', async () => {
    const worker = new FakeWorker((m) =>
      m.type === 'load'
        ? [{ type: 'progress', id: m.id, progress: { loaded: 1, total: 2, fraction: 0.5, file: 'model.json' } }, loaded(m.id)]
        : m.type === 'embed'
          ? [{ type: 'vectors', id: m.id, dim: 2, data: Float32Array.of(1, 0, 0, 1) }]
          : [{ type: 'done', id: m.id }],
    );
    const progress: number[] = [];
    const embedder = await new EmbedWorker(worker as unknown as Worker).load('use-lite', { storeRoot: 'chrome-extension://x/models/' }, (p) => progress.push(p.fraction ?? -1));
    expect(progress).toEqual([0.5]);
    expect(embedder).toMatchObject({ id: 'use-lite', dim: 2, backend: 'tfjs-wasm', sameForRoles: true });
    const vectors = await embedder.embed(['a', 'b'], 'passage');
    expect(vectors.map((v) => Array.from(v))).toEqual([[1, 0], [0, 1]]);
    expect(worker.sent[1]).toMatchObject({ type: 'embed', model: 7, texts: ['a', 'b'], role: 'passage' });
  });

  it('keeps the name of a lost transformers.js context, so the host still reloads itself', async () => {
    const worker = new FakeWorker((m) => [{ type: 'error', id: m.id, name: 'TransformersContextError', message: 'cannot load on webgpu', webgpu: true }]);
    const error = await new EmbedWorker(worker as unknown as Worker).load('onnx:x', { storeRoot: '/' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'TransformersContextError', message: 'cannot load on webgpu', webgpu: true });
  });

  it('fails what is waiting, and every later call, with a sentence when the Worker dies', async () => {
    const worker = new FakeWorker(() => []);
    const host = new EmbedWorker(worker as unknown as Worker);
    const pending = host.load('use-lite', { storeRoot: '/' });
    worker.fail('out of memory');
    await expect(pending).rejects.toThrow('the embedding worker failed: out of memory');
    await expect(host.load('glove', { storeRoot: '/' })).rejects.toThrow('the embedding worker failed: out of memory');
    expect(host.broken?.message).toBe('the embedding worker failed: out of memory');
  });
});
