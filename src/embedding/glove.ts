/**
 * GloVe 6B 100-d (top 50k words, int8 rows with one float scale each) as a sentence embedder: the SIF-weighted
 * mean of the word vectors. Word frequencies are not shipped, so p(w) is estimated from the word's rank with
 * Zipf's law. (SIF's removal of the corpus's first principal component is not done: there is no corpus here.)
 */
import type { ByteLoader, Embedder, EmbedRole } from './types';
import { normalizeInPlace } from './vector';

export const GLOVE_ID = 'glove';
export const GLOVE_DIM = 100;
export const GLOVE_FILES = { vocab: 'vocab.txt', vectors: 'vectors.i8.bin', scales: 'scales.f32.bin' } as const;
/** SIF's smoothing constant a in a / (a + p(w)); the SIF paper's recommended range is 1e-4…1e-3. */
export const SIF_A = 1e-3;
/** Word tokens: letters and digits, optionally joined by hyphens or apostrophes ("e-mail", "o'clock"). */
const WORD = /[\p{L}\p{N}]+(?:[-'’][\p{L}\p{N}]+)*/gu;
const JOINERS = /[-'’]/u;

export interface GloveOptions {
  sifA?: number;
}

export interface GloveModel {
  vocab: Map<string, number>;
  vectors: Int8Array;
  scales: Float32Array;
  /** SIF weight per row. */
  weights: Float32Array;
}

export async function loadGlove(files: ByteLoader, options: GloveOptions = {}): Promise<Embedder> {
  const [vocabBytes, vectorBytes, scaleBytes] = await Promise.all([
    files(GLOVE_FILES.vocab),
    files(GLOVE_FILES.vectors),
    files(GLOVE_FILES.scales),
  ]);
  const model = buildGloveModel(new TextDecoder().decode(vocabBytes), vectorBytes, scaleBytes, options.sifA ?? SIF_A);
  return {
    id: GLOVE_ID,
    dim: GLOVE_DIM,
    backend: 'static',
    backendReason: '',
    sameForRoles: true,
    languages: ['en'],
    async embed(texts: string[], _role: EmbedRole): Promise<Float32Array[]> {
      return texts.map((text) => embedText(model, text));
    },
  };
}

export function buildGloveModel(vocabText: string, vectorBytes: ArrayBuffer, scaleBytes: ArrayBuffer, sifA: number): GloveModel {
  const words = vocabText.split('\n');
  if (words[words.length - 1] === '') words.pop();
  const count = words.length;
  if (vectorBytes.byteLength !== count * GLOVE_DIM) {
    throw new Error(`GloVe vectors: expected ${count * GLOVE_DIM} bytes, got ${vectorBytes.byteLength}`);
  }
  if (scaleBytes.byteLength !== count * 4) throw new Error(`GloVe scales: expected ${count * 4} bytes`);
  const vocab = new Map<string, number>();
  words.forEach((word, row) => {
    if (!vocab.has(word)) vocab.set(word, row);
  });
  const scaleView = new DataView(scaleBytes);
  const scales = new Float32Array(count);
  for (let row = 0; row < count; row++) scales[row] = scaleView.getFloat32(row * 4, true);
  return { vocab, vectors: new Int8Array(vectorBytes), scales, weights: sifWeights(count, sifA) };
}

/** a / (a + p(w)) with p(rank r, 0-based) = 1 / ((r + 1) · H_count), Zipf's law over the vocabulary. */
export function sifWeights(count: number, sifA: number): Float32Array {
  let harmonic = 0;
  for (let k = 1; k <= count; k++) harmonic += 1 / k;
  const weights = new Float32Array(count);
  for (let row = 0; row < count; row++) weights[row] = sifA / (sifA + 1 / ((row + 1) * harmonic));
  return weights;
}

export function embedText(model: GloveModel, text: string): Float32Array {
  const sum = new Float32Array(GLOVE_DIM);
  for (const row of wordRows(model.vocab, text)) {
    const factor = model.weights[row] * model.scales[row];
    const offset = row * GLOVE_DIM;
    for (let d = 0; d < GLOVE_DIM; d++) sum[d] += factor * model.vectors[offset + d];
  }
  return normalizeInPlace(sum);
}

/** Vocabulary rows of the text's words; a joined word not in the vocabulary is looked up by its parts. */
function wordRows(vocab: Map<string, number>, text: string): number[] {
  const rows: number[] = [];
  for (const match of text.toLowerCase().matchAll(WORD)) {
    const word = match[0];
    const row = vocab.get(word);
    if (row !== undefined) {
      rows.push(row);
      continue;
    }
    if (!JOINERS.test(word)) continue;
    for (const part of word.split(JOINERS)) {
      const partRow = vocab.get(part);
      if (partRow !== undefined) rows.push(partRow);
    }
  }
  return rows;
}
