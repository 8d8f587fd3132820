import { describe, expect, it } from 'vitest';
import { embedForSore, planEmbedding } from '../../../src/sore/embed-plan';
import { recordingEmbedder as recorder } from '../../helpers/recording-embedder';

describe('SORE embedding plan', () => {
  it('embeds each distinct text once, shortest first, and gives every segment its vector in order', async () => {
    const { embedder, calls } = recorder(false);
    const segments = ['A long paragraph sentence here.', 'Share', 'Advertisement', 'Share'];
    const out = await embedForSore(embedder, 'The topic', segments, 2);
    expect(calls).toEqual([
      { texts: ['The topic'], role: 'query' },
      { texts: ['Share', 'Advertisement'], role: 'passage' },
      { texts: ['A long paragraph sentence here.'], role: 'passage' },
    ]);
    expect(out.vectors.map((v) => v[0])).toEqual([31, 5, 13, 5]);
    expect(Array.from(out.anchor)).toEqual([9, 1]);
    expect(out).toMatchObject({ texts: 4, calls: 3 });
  });

  it('lets the anchor share the segments\' calls when the model embeds both roles alike (USE-lite)', async () => {
    const { embedder, calls } = recorder(true);
    const out = await embedForSore(embedder, 'Topic', ['Share', 'Topic'], 64);
    expect(calls).toEqual([{ texts: ['Share', 'Topic'], role: 'passage' }]);
    expect(out.anchor[0]).toBe(5);
    expect(planEmbedding('Topic', ['x'], true)).toEqual({ query: [], passage: ['x', 'Topic'] });
  });

  it('checks the caller\'s time limit before every call', async () => {
    const { embedder, calls } = recorder(true);
    let checks = 0;
    const stop = () => {
      if (++checks > 1) throw new Error('time limit');
    };
    await expect(embedForSore(embedder, 'Topic', ['a', 'bb', 'ccc'], 2, stop)).rejects.toThrow('time limit');
    expect(calls).toHaveLength(1);
  });
});
