// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { buildOutlierIndex, distinctPhrases } from '../../../src/sore/outlier-index-build';
import type { Embedder } from '../../../src/embedding/types';

/** A toy "English-only" model: words it knows get a direction; text with no known word embeds as zero. */
const WORDS: Record<string, number> = { subscribe: 0, newsletter: 1, share: 2, facebook: 3, copyright: 4 };
const toy: Embedder = {
  id: 'toy',
  dim: 5,
  backend: 'static',
  backendReason: '',
  embed: async (texts) =>
    texts.map((t) => {
      const v = new Float32Array(5);
      for (const w of t.toLowerCase().split(/\W+/)) if (w in WORDS) v[WORDS[w]] += 1;
      const n = Math.hypot(...v);
      return n > 0 ? v.map((x) => x / n) : v;
    }),
};

describe('the outlier phrase index', () => {
  it('leaves out phrases the model cannot represent, and keeps the rest searchable', async () => {
    const groups = [
      { id: 'calls-to-action', label: 'calls to action', phrases: ['Subscribe to our newsletter', '订阅我们的新闻通讯'] },
      { id: 'social', label: 'social media', phrases: ['Share on Facebook', 'شارك على فيسبوك'] },
    ];
    const { index, dropped } = await buildOutlierIndex(toy, groups);
    expect(dropped.map((d) => d.phrase).sort()).toEqual(['شارك على فيسبوك', '订阅我们的新闻通讯'].sort());
    const [query] = await toy.embed(['Share this on Facebook'], 'passage');
    expect(index.nearest(query, 1)[0]).toMatchObject({ group: 'social', phrase: 'Share on Facebook' });
  });

  it('drops vectors shared by different phrases but keeps a phrase listed twice once', () => {
    const v = Float32Array.from([1, 0, 0, 0, 0]);
    const { kept, dropped } = distinctPhrases([
      { group: 'a', phrase: 'x one', vector: v },
      { group: 'b', phrase: 'y two', vector: v },
      { group: 'c', phrase: 'Copyright', vector: Float32Array.from([0, 0, 0, 0, 1]) },
      { group: 'c', phrase: 'copyright', vector: Float32Array.from([0, 0, 0, 0, 1]) },
    ]);
    expect(dropped.map((d) => d.phrase)).toEqual(['x one', 'y two']);
    expect(kept.map((k) => k.phrase)).toEqual(['Copyright']);
  });
});
