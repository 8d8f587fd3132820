// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { loadUseLite, USE_LITE_DIM } from '../../../src/embedding/use-lite';
import type { Embedder } from '../../../src/embedding/types';
import { cosine, l2Norm } from '../../../src/embedding/vector';
import { TFJS_WASM_DIR, useLiteFiles } from '../../helpers/models';

const BATCH_OF = 40;

describe('USE-lite (TensorFlow.js)', () => {
  let embedder: Embedder;
  let loadMs = 0;

  beforeAll(async () => {
    const start = performance.now();
    embedder = await loadUseLite(useLiteFiles(), { wasmPaths: TFJS_WASM_DIR });
    loadMs = performance.now() - start;
    console.log(`[use-lite] backend ${embedder.backend} (${embedder.backendReason}); load ${loadMs.toFixed(0)} ms`);
  });

  async function similarity(a: string, b: string): Promise<number> {
    const [va, vb] = await embedder.embed([a, b], 'passage');
    return cosine(va, vb);
  }

  it('ranks a paraphrase above an unrelated sentence', async () => {
    const related = await similarity('Subscribe to our newsletter', 'Sign up for our mailing list');
    const unrelated = await similarity('Subscribe to our newsletter', 'The recipe needs two eggs');
    expect(related).toBeGreaterThan(unrelated + 0.3);
  });

  it('recognises copyright boilerplate', async () => {
    const related = await similarity('Copyright 2024. All rights reserved.', 'All content is protected by copyright');
    const unrelated = await similarity('Copyright 2024. All rights reserved.', 'The cat slept on the warm carpet');
    expect(related).toBeGreaterThan(unrelated + 0.3);
  });

  it('gives unit-norm 512-d vectors', async () => {
    const vectors = await embedder.embed(['We use cookies to improve your experience', 'Hello'], 'query');
    expect(embedder.dim).toBe(USE_LITE_DIM);
    for (const v of vectors) {
      expect(v.length).toBe(USE_LITE_DIM);
      expect(l2Norm(v)).toBeCloseTo(1, 4);
    }
  });

  it('gives a zero vector for empty text and keeps the others aligned', async () => {
    const [empty, text, blank] = await embedder.embed(['', 'Read more', '   '], 'passage');
    expect(l2Norm(empty)).toBe(0);
    expect(l2Norm(blank)).toBe(0);
    const [alone] = await embedder.embed(['Read more'], 'passage');
    expect(cosine(text, alone)).toBeGreaterThan(0.9999);
  });

  it(`embeds a batch of ${BATCH_OF} in input order (spanning two graph calls)`, async () => {
    const texts = Array.from({ length: BATCH_OF }, (_, i) =>
      i % 2 === 0 ? `Paragraph ${i} explains how the river flooded the village.` : `Share this on social media, item ${i}.`,
    );
    const start = performance.now();
    const vectors = await embedder.embed(texts, 'passage');
    const ms = performance.now() - start;
    console.log(`[use-lite] ${BATCH_OF} sentences in ${ms.toFixed(0)} ms = ${(ms / BATCH_OF).toFixed(1)} ms/sentence`);
    expect(vectors).toHaveLength(BATCH_OF);
    for (const i of [0, 7, 33, 39]) {
      const [single] = await embedder.embed([texts[i]], 'passage');
      expect(cosine(vectors[i], single)).toBeGreaterThan(0.9999);
    }
  });
});
