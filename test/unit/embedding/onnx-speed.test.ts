// @vitest-environment node
// Opt-in (PITH_BENCH=1): loads the 68 MB L12 fixture, the shape of multilingual-e5-small. Random weights.
import { describe, expect, it } from 'vitest';
import { loadOnnxEmbedder } from '../../../src/embedding/onnx';
import { hasModelFolder, L12_ONNX, MODELS_DIR } from '../../helpers/models';

const SEGMENTS = 100;
const RUNS = 3;
const enabled = process.env.PITH_BENCH === '1' && hasModelFolder(L12_ONNX);

describe.skipIf(!enabled)('ONNX embedder speed (L12/384 fixture)', () => {
  it(`embeds ${SEGMENTS} segments`, async () => {
    let start = performance.now();
    const embedder = await loadOnnxEmbedder({ model: L12_ONNX, root: MODELS_DIR });
    console.log(`[onnx L12] load + warm-up ${(performance.now() - start).toFixed(0)} ms`);
    // ~15–60 tokens, like SORE segments.
    const texts = Array.from({ length: SEGMENTS }, (_, i) => `Segment ${i}: ${'the quick brown fox jumps over the lazy dog '.repeat(1 + (i % 5))}`);
    for (let run = 0; run < RUNS; run++) {
      start = performance.now();
      const vectors = await embedder.embed(texts, 'passage');
      console.log(`[onnx L12] run ${run + 1}: ${SEGMENTS} segments in ${(performance.now() - start).toFixed(0)} ms`);
      expect(vectors).toHaveLength(SEGMENTS);
    }
  }, 300_000);
});
