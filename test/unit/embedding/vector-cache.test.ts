import { describe, expect, it } from 'vitest';
import type { Embedder } from '../../../src/embedding/types';
import { cachingEmbedder } from '../../../src/embedding/vector-cache';
import { recordingEmbedder } from '../../helpers/recording-embedder';

describe('cachingEmbedder', () => {
  it('sends each text to the model once across calls (a menu line on the next page costs nothing)', async () => {
    const { embedder: model, calls } = recordingEmbedder();
    const cached = cachingEmbedder(model);
    const first = await cached.embed(['Home', 'Advertisement', 'Home'], 'passage');
    const second = await cached.embed(['Advertisement', 'A new paragraph'], 'passage');
    expect(calls.map((c) => c.texts)).toEqual([['Home', 'Advertisement'], ['A new paragraph']]);
    expect(Array.from(first[0])).toEqual([4, 0]);
    expect(Array.from(second[0])).toEqual(Array.from(first[1]));
    expect(cached.stats).toEqual({ requested: 5, reused: 2, embedded: 3 });
  });

  it('keeps queries and passages apart (e5 embeds them differently)', async () => {
    const { embedder: model, calls } = recordingEmbedder();
    const cached = cachingEmbedder(model);
    await cached.embed(['topic'], 'passage');
    const [query] = await cached.embed(['topic'], 'query');
    expect(calls).toHaveLength(2);
    expect(Array.from(query)).toEqual([5, 1]);
  });

  it('forgets the least recently used text beyond its capacity, and callers cannot change what it holds', async () => {
    const { embedder: model, calls } = recordingEmbedder();
    const cached = cachingEmbedder(model, 2);
    const [a] = await cached.embed(['a'], 'passage');
    a[0] = 99;
    await cached.embed(['b'], 'passage');
    await cached.embed(['a'], 'passage'); // a is now the most recent
    await cached.embed(['c'], 'passage'); // b goes
    await cached.embed(['a', 'b'], 'passage');
    expect(calls.map((c) => c.texts)).toEqual([['a'], ['b'], ['c'], ['b']]);
    expect(Array.from((await cached.embed(['a'], 'passage'))[0])).toEqual([1, 0]);
  });

  it('passes a model failure on and caches nothing from it', async () => {
    const { embedder: model, calls } = recordingEmbedder();
    let fail = true;
    const flaky: Embedder = { ...model, embed: (t, r) => (fail ? Promise.reject(new Error('out of memory')) : model.embed(t, r)) };
    const cached = cachingEmbedder(flaky);
    await expect(cached.embed(['x'], 'passage')).rejects.toThrow('out of memory');
    fail = false;
    await cached.embed(['x'], 'passage');
    expect(calls).toHaveLength(1);
  });
});
