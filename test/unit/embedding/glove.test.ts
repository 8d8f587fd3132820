// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { GLOVE_DIM, loadGlove, sifWeights } from '../../../src/embedding/glove';
import type { Embedder } from '../../../src/embedding/types';
import { cosine, l2Norm } from '../../../src/embedding/vector';
import { gloveFiles } from '../../helpers/models';

describe('GloVe 100-d with SIF weights', () => {
  let embedder: Embedder;

  beforeAll(async () => {
    embedder = await loadGlove(gloveFiles());
  });

  async function similarity(a: string, b: string): Promise<number> {
    const [va, vb] = await embedder.embed([a, b], 'passage');
    return cosine(va, vb);
  }

  it('ranks related pairs above unrelated ones', async () => {
    const pairs: [string, string, string][] = [
      ['Subscribe to our newsletter', 'Sign up for our mailing list', 'The recipe needs two eggs'],
      ['Copyright 2024. All rights reserved.', 'All content is protected by copyright', 'The cat slept on the warm carpet'],
      ['We use cookies to improve your experience', 'This site uses cookies. Accept all cookies', 'The river flooded the village'],
    ];
    for (const [anchor, related, unrelated] of pairs) {
      expect(await similarity(anchor, related)).toBeGreaterThan(await similarity(anchor, unrelated));
    }
  });

  it('gives unit-norm vectors, and zero vectors for text without known words', async () => {
    const [known, unknown, empty] = await embedder.embed(['The village by the river', 'zxqv qqqjjj ☃', ''], 'query');
    expect(embedder.dim).toBe(GLOVE_DIM);
    expect(l2Norm(known)).toBeCloseTo(1, 5);
    expect(l2Norm(unknown)).toBe(0);
    expect(l2Norm(empty)).toBe(0);
    expect(cosine(known, unknown)).toBe(0);
  });

  it('is case-insensitive and looks up hyphenated words by their parts', async () => {
    expect(await similarity('RIVER Village', 'river village')).toBeCloseTo(1, 6);
    const [joined, parts] = await embedder.embed(['river-village', 'river village'], 'passage');
    expect(cosine(joined, parts)).toBeCloseTo(1, 6);
  });

  it('weights frequent words down', () => {
    const weights = sifWeights(50_000, 1e-3);
    expect(weights[0]).toBeLessThan(0.05); // "the"
    expect(weights[10_000]).toBeGreaterThan(0.99);
  });
});
