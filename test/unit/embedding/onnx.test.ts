// @vitest-environment node
// The fixture has random weights: these tests check plumbing (shapes, norms, determinism, prefixes), never meaning.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadOnnxEmbedder, onnxCalls } from '../../../src/embedding/onnx';
import { E5_PREFIXES } from '../../../src/embedding/prefixes';
import type { Embedder } from '../../../src/embedding/types';
import { cosine, l2Norm } from '../../../src/embedding/vector';
import { MODELS_DIR, TINY_ONNX } from '../../helpers/models';

const HIDDEN_SIZE = (JSON.parse(readFileSync(join(MODELS_DIR, TINY_ONNX, 'config.json'), 'utf8')) as { hidden_size: number }).hidden_size;
const SEGMENTS = 100;

describe('ONNX embedder (transformers.js, tiny random fixture)', () => {
  let plain: Embedder;
  let prefixed: Embedder;

  beforeAll(async () => {
    plain = await loadOnnxEmbedder({ model: TINY_ONNX, root: MODELS_DIR });
    prefixed = await loadOnnxEmbedder({ model: TINY_ONNX, root: MODELS_DIR, prefixes: E5_PREFIXES });
  });

  it('reports the fixture hidden size and the Node backend', () => {
    expect(plain.dim).toBe(HIDDEN_SIZE);
    expect(plain.id).toBe(`onnx:${TINY_ONNX}`);
    expect(plain.backend).toBe('node');
  });

  it('gives unit-norm vectors in input order, and zero vectors for blank text', async () => {
    const texts = ['A short one.', '', 'A much longer sentence that pads differently from the short one.', 'Mittel.'];
    const vectors = await plain.embed(texts, 'passage');
    expect(vectors).toHaveLength(texts.length);
    expect(l2Norm(vectors[1])).toBe(0);
    for (const i of [0, 2, 3]) {
      expect(vectors[i].length).toBe(HIDDEN_SIZE);
      expect(l2Norm(vectors[i])).toBeCloseTo(1, 5);
      const [single] = await plain.embed([texts[i]], 'passage');
      expect(cosine(vectors[i], single)).toBeGreaterThan(0.9999);
    }
  });

  it('is deterministic', async () => {
    const [a] = await plain.embed(['Same text twice.'], 'query');
    const [b] = await plain.embed(['Same text twice.'], 'query');
    expect(Array.from(a)).toEqual(Array.from(b));
  });

  it('applies the role prefixes', async () => {
    const text = 'Where is the station?';
    const [query] = await prefixed.embed([text], 'query');
    const [passage] = await prefixed.embed([text], 'passage');
    const [explicit] = await plain.embed([`query: ${text}`], 'query');
    const [bare] = await plain.embed([text], 'query');
    expect(cosine(query, explicit)).toBeGreaterThan(0.9999);
    expect(cosine(query, passage)).toBeLessThan(0.9999);
    expect(cosine(query, bare)).toBeLessThan(0.9999);
  });

  it(`embeds ${SEGMENTS} segments`, async () => {
    const texts = Array.from({ length: SEGMENTS }, (_, i) => `Segment ${i}: ${'the quick brown fox jumps over the lazy dog '.repeat(1 + (i % 4))}`);
    await plain.embed(texts, 'passage');
    const start = performance.now();
    const vectors = await plain.embed(texts, 'passage');
    console.log(`[onnx tiny] ${SEGMENTS} segments in ${(performance.now() - start).toFixed(0)} ms (Node, warm)`);
    expect(vectors).toHaveLength(SEGMENTS);
  });
});

describe('ONNX model calls', () => {
  // Ten short lines and two paragraphs of 300 characters: one call would pad every line to 300 characters.
  const lines = Array.from({ length: 10 }, (_, i) => `Menu item ${i}`);
  const paragraphs = ['a'.repeat(300), 'b'.repeat(300)];
  const texts = [paragraphs[0], ...lines, '  ', paragraphs[1]];

  it('on WASM puts the short lines and the paragraphs in separate calls, each text once, blank ones left out', () => {
    const calls = onnxCalls(texts, 'wasm');
    expect(calls.map((call) => call.map((t) => t.index))).toEqual([[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [0, 12]]);
  });

  it('on WebGPU, where a call costs more than padding, makes as few calls as the batch size allows', () => {
    expect(onnxCalls(texts, 'webgpu')).toHaveLength(1);
    expect(onnxCalls(texts, 'webgpu', 8)).toHaveLength(2);
  });
});
