/**
 * Universal Sentence Encoder lite (512-d, English) on TensorFlow.js. The graph takes a sparse batch of
 * SentencePiece ids (`indices` [n,2] = (sentence, position), `values` [n]) and returns one row per sentence.
 */
import * as tf from '@tensorflow/tfjs-core';
import { loadGraphModel, type GraphModel } from '@tensorflow/tfjs-converter';
import { batchesByLength } from './batches';
import { SentencePieceTokenizer, type VocabEntry } from './sentencepiece';
import { initTfjsBackend, type TfjsBackendOptions } from './tfjs-backend';
import type { ByteLoader, Embedder, EmbedRole } from './types';
import { normalizeInPlace } from './vector';

export const USE_LITE_ID = 'use-lite';
export const USE_LITE_DIM = 512;
export const USE_LITE_FILES = { model: 'model.json', vocab: 'vocab.json' } as const;
/** Sentences per graph call at most: bounds memory and keeps one call well under a second on 2 cores. */
export const USE_LITE_BATCH_SIZE = 32;
/**
 * A graph call's fixed cost in padded tokens: measured on 2 cores (tf.profile), a call costs about 150 ms beyond its
 * tokens and a padded token about 6 ms, so a new call pays off once it saves some 25 tokens of padding.
 */
export const USE_LITE_CALL_COST_TOKENS = 25;
/** Longer texts are cut: cost grows with the square of the length and SORE segments are ≤ 400 characters. */
export const USE_LITE_MAX_TOKENS = 256;

export interface UseLiteOptions extends TfjsBackendOptions {
  batchSize?: number;
  maxTokens?: number;
}

interface ModelJson {
  modelTopology: object;
  weightsManifest: { paths: string[]; weights: tf.io.WeightsManifestEntry[] }[];
}

export async function loadUseLite(files: ByteLoader, options: UseLiteOptions = {}): Promise<Embedder> {
  const { backend, reason } = await initTfjsBackend(options);
  const [modelJson, vocab] = await Promise.all([
    readJson<ModelJson>(files, USE_LITE_FILES.model),
    readJson<VocabEntry[]>(files, USE_LITE_FILES.vocab),
  ]);
  const manifest = modelJson.weightsManifest[0];
  if (!manifest) throw new Error('USE-lite model.json has no weights manifest');
  const shards = await Promise.all(manifest.paths.map((path) => files(path)));
  const weightData = concatBuffers(shards);
  const model = await loadGraphModel({
    load: async () => ({ modelTopology: modelJson.modelTopology, weightSpecs: manifest.weights, weightData }),
  });
  const tokenizer = new SentencePieceTokenizer(vocab);
  const batchSize = options.batchSize ?? USE_LITE_BATCH_SIZE;
  const maxTokens = options.maxTokens ?? USE_LITE_MAX_TOKENS;

  return {
    id: USE_LITE_ID,
    dim: USE_LITE_DIM,
    backend,
    backendReason: reason,
    sameForRoles: true,
    languages: ['en'],
    // USE has no query/passage distinction.
    async embed(texts: string[], _role: EmbedRole): Promise<Float32Array[]> {
      const out: Float32Array[] = texts.map(() => new Float32Array(USE_LITE_DIM));
      // Texts with tokens, shortest first: the graph pads every sentence of a batch to the longest one.
      const pending = texts
        .map((text, index) => ({ index, ids: tokenizer.encode(text).slice(0, maxTokens) }))
        .filter((p) => p.ids.length > 0)
        .sort((a, b) => a.ids.length - b.ids.length);
      for (const batch of batchesByLength(pending, (p) => p.ids.length, batchSize, USE_LITE_CALL_COST_TOKENS)) {
        const rows = await runBatch(model, batch.map((b) => b.ids));
        batch.forEach((b, i) => (out[b.index] = normalizeInPlace(rows[i])));
      }
      return out;
    },
    async dispose() {
      model.dispose();
    },
  };
}

async function runBatch(model: GraphModel, batch: number[][]): Promise<Float32Array[]> {
  const count = batch.reduce((sum, ids) => sum + ids.length, 0);
  const indices = new Int32Array(count * 2);
  const values = new Int32Array(count);
  let k = 0;
  batch.forEach((ids, sentence) => {
    ids.forEach((id, position) => {
      indices[2 * k] = sentence;
      indices[2 * k + 1] = position;
      values[k] = id;
      k++;
    });
  });
  const inputs = { indices: tf.tensor2d(indices, [count, 2], 'int32'), values: tf.tensor1d(values, 'int32') };
  try {
    const output = await model.executeAsync(inputs);
    const tensor = Array.isArray(output) ? output[0] : output;
    const data = (await tensor.data()) as Float32Array;
    tf.dispose(output);
    return batch.map((_, i) => data.slice(i * USE_LITE_DIM, (i + 1) * USE_LITE_DIM));
  } finally {
    tf.dispose([inputs.indices, inputs.values]);
  }
}

async function readJson<T>(files: ByteLoader, path: string): Promise<T> {
  return JSON.parse(new TextDecoder().decode(await files(path))) as T;
}

function concatBuffers(buffers: ArrayBuffer[]): ArrayBuffer {
  const total = buffers.reduce((sum, b) => sum + b.byteLength, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const b of buffers) {
    out.set(new Uint8Array(b), offset);
    offset += b.byteLength;
  }
  return out.buffer;
}
