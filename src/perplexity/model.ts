/**
 * A word-bigram language model (character tokens for Chinese and Japanese, see tokenize.ts) and its perplexity.
 *
 * Smoothing: interpolated absolute discounting (the discounting of Kneser–Ney; the lower order is a plain unigram
 * distribution because most of it comes from a frequency list, which has no continuation counts):
 *   P(w | v) = max(c(v,w) − D, 0) / c(v) + D · N1+(v·) / c(v) · Pu(w),   and Pu(w) alone when v was never seen.
 * Pu mixes the frequency list and the corpus' unigram counts; an out-of-vocabulary token gets the unknown mass
 * spread over `oovTypes` unseen types, so a line of unknown words costs what a line of rare words costs.
 */
import { sentences, SENTENCE_END, SENTENCE_START } from './tokenize';

export const MODEL_FORMAT = 'pith-bigram-1';

/** The model as the trainer builds it (the shipped file is its binary encoding, `encodeModel`). */
export interface NgramModelFile {
  format: typeof MODEL_FORMAT;
  lang: string;
  /** 'word' for space-separated languages; 'char' when CJK characters are the tokens. */
  level: 'word' | 'char';
  smoothing: 'interpolated-absolute-discounting';
  discount: number;
  /** Unseen types the unknown mass is shared by. */
  oovTypes: number;
  /** Token strings by id; id 0 is <unk>, 1 <s>, 2 </s>. */
  vocab: string[];
  /** −ln Pu(w) · 1000, rounded, by id (id 0: the whole unknown mass). */
  unigram: number[];
  /** Bigram counts, sorted by (context, word), as [context delta, word id (delta within a context), count] triples. */
  bigrams: number[];
  sources: string[];
}

/**
 * What the stage scores a block with: a language's n-gram model, or a causal language model (lm-model.ts).
 * `level` says which cutoff applies (perplexities per word, per character and per LM token are not comparable).
 */
export interface PerplexityModel {
  /** The language it models (ISO 639-1). */
  lang: string;
  level: 'word' | 'char' | 'lm';
  /** How a reason names it ("German model" when absent). */
  name?: string;
  score(text: string): Perplexity | Promise<Perplexity>;
}

export interface NgramModel extends PerplexityModel {
  level: 'word' | 'char';
  score(text: string): Perplexity;
  has(token: string): boolean;
  logProb(previous: string, token: string): number;
}

export interface Perplexity {
  perplexity: number;
  tokens: number;
  /** Tokens not in the vocabulary. */
  unknown: number;
  /** Sentences scored (each adds one sentence-end token to `tokens`). */
  sentences: number;
}

const LOG_SCALE = 1000;

/**
 * The shipped file: the model as flat little-endian arrays, so loading it is a gunzip and typed-array views, with no
 * JSON to parse and no map of bigrams to build (the JSON format took 60–240 ms per language to load).
 *   "PBG2", u32 header length, header JSON (UTF-8), zero padding to 4 bytes, then u32 arrays:
 *   unigram[V] (−ln Pu · 1000), offsets[V + 1] (each context's bigram rows), words[B] (ascending within a context),
 *   counts[B]; then the vocabulary as UTF-8, one token per line.
 */
export const BINARY_FORMAT = 'pith-bigram-2';
const MAGIC = 0x32474250; // "PBG2" read as a little-endian u32

interface BinaryHeader {
  format: typeof BINARY_FORMAT;
  lang: string;
  level: 'word' | 'char';
  smoothing: NgramModelFile['smoothing'];
  discount: number;
  oovTypes: number;
  vocabSize: number;
  bigrams: number;
  /** Length of the vocabulary text in bytes: the file's end, to tell a damaged file. */
  vocabBytes: number;
  sources: string[];
}

/** The model file in the binary format (what build-perplexity ships). */
export function encodeModel(file: NgramModelFile): Uint8Array {
  if (file.format !== MODEL_FORMAT) throw new Error(`unknown perplexity model format "${String(file.format)}" (expected ${MODEL_FORMAT})`);
  const size = file.vocab.length;
  const rows = file.bigrams.length / 3;
  const offsets = new Uint32Array(size + 1);
  const words = new Uint32Array(rows);
  const counts = new Uint32Array(rows);
  let context = 0;
  let word = 0;
  for (let r = 0; r < rows; r++) {
    const contextDelta = file.bigrams[r * 3]!;
    context += contextDelta;
    word = contextDelta === 0 ? word + file.bigrams[r * 3 + 1]! : file.bigrams[r * 3 + 1]!;
    words[r] = word;
    counts[r] = file.bigrams[r * 3 + 2]!;
    offsets[context + 1]! += 1;
  }
  for (let v = 0; v < size; v++) offsets[v + 1]! += offsets[v]!;
  const header: BinaryHeader = {
    format: BINARY_FORMAT,
    lang: file.lang,
    level: file.level,
    smoothing: file.smoothing,
    discount: file.discount,
    oovTypes: file.oovTypes,
    vocabSize: size,
    bigrams: rows,
    vocabBytes: 0,
    sources: file.sources,
  };
  const encoder = new TextEncoder();
  const vocabBytes = encoder.encode(file.vocab.join('\n'));
  const headerBytes = encoder.encode(JSON.stringify({ ...header, vocabBytes: vocabBytes.length }));
  const arraysAt = Math.ceil((8 + headerBytes.length) / 4) * 4;
  const arrayWords = size + (size + 1) + rows * 2;
  const out = new Uint8Array(arraysAt + arrayWords * 4 + vocabBytes.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, headerBytes.length, true);
  out.set(headerBytes, 8);
  let at = arraysAt;
  for (const array of [Uint32Array.from(file.unigram), offsets, words, counts]) {
    for (const value of array) {
      view.setUint32(at, value, true);
      at += 4;
    }
  }
  out.set(vocabBytes, at);
  return out;
}

function u32Array(bytes: Uint8Array, at: number, length: number): Uint32Array {
  // A view when the bytes are aligned (little-endian hosts, which every browser Pith runs in is); a copy otherwise.
  const offset = bytes.byteOffset + at;
  return offset % 4 === 0 ? new Uint32Array(bytes.buffer, offset, length) : new Uint32Array(bytes.slice(at, at + length * 4).buffer);
}

/** A model from its binary file; throws a message naming the problem when the bytes are not one. */
export function decodeModel(bytes: Uint8Array): NgramModel {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 8 || view.getUint32(0, true) !== MAGIC) throw new Error(`not a perplexity model file (expected format ${BINARY_FORMAT})`);
  const headerLength = view.getUint32(4, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + headerLength))) as BinaryHeader;
  if (header.format !== BINARY_FORMAT) throw new Error(`unknown perplexity model format "${String(header.format)}" (expected ${BINARY_FORMAT})`);
  const size = header.vocabSize;
  let at = Math.ceil((8 + headerLength) / 4) * 4;
  if (at + (2 * size + 1 + 2 * header.bigrams) * 4 + header.vocabBytes !== bytes.byteLength) {
    throw new Error(`perplexity model file for ${header.lang} is damaged (${bytes.byteLength} bytes, not the size its header gives)`);
  }
  const unigramScaled = u32Array(bytes, at, size);
  at += size * 4;
  const offsets = u32Array(bytes, at, size + 1);
  at += (size + 1) * 4;
  const words = u32Array(bytes, at, header.bigrams);
  at += header.bigrams * 4;
  const counts = u32Array(bytes, at, header.bigrams);
  at += header.bigrams * 4;
  const vocab = new TextDecoder().decode(bytes.subarray(at)).split('\n');
  if (vocab.length !== size) throw new Error(`perplexity model file for ${header.lang} is damaged (${vocab.length} tokens, expected ${size})`);
  return bigramModel(header, vocab, unigramScaled, offsets, words, counts);
}

export function loadModel(file: NgramModelFile): NgramModel {
  return decodeModel(encodeModel(file));
}

function bigramModel(
  header: BinaryHeader,
  vocab: string[],
  unigramScaled: Uint32Array,
  offsets: Uint32Array,
  words: Uint32Array,
  counts: Uint32Array,
): NgramModel {
  const ids = new Map<string, number>();
  for (let id = 0; id < vocab.length; id++) ids.set(vocab[id]!, id);
  const oovLogProb = -unigramScaled[0]! / LOG_SCALE - Math.log(header.oovTypes);
  // Each context's total count, computed on first use (most contexts are never seen on a page).
  const totals = new Float64Array(vocab.length).fill(-1);
  const total = (v: number): number => {
    let t = totals[v]!;
    if (t < 0) {
      t = 0;
      for (let r = offsets[v]!; r < offsets[v + 1]!; r++) t += counts[r]!;
      totals[v] = t;
    }
    return t;
  };
  const lowerLog = (id: number) => (id === 0 ? oovLogProb : -unigramScaled[id]! / LOG_SCALE);
  const count = (v: number, w: number): number => {
    let lo = offsets[v]!;
    let hi = offsets[v + 1]!;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const x = words[mid]!;
      if (x === w) return counts[mid]!;
      if (x < w) lo = mid + 1;
      else hi = mid;
    }
    return 0;
  };
  const D = header.discount;
  const logProbIds = (v: number, w: number): number => {
    const t = v === 0 ? 0 : total(v);
    if (t === 0) return lowerLog(w);
    const c = w === 0 ? 0 : count(v, w);
    const followers = offsets[v + 1]! - offsets[v]!;
    return Math.log(Math.max(c - D, 0) / t + ((D * followers) / t) * Math.exp(lowerLog(w)));
  };
  const start = ids.get(SENTENCE_START)!;
  const end = ids.get(SENTENCE_END)!;
  const model: NgramModel = {
    lang: header.lang,
    level: header.level,
    score(text) {
      let sum = 0;
      let tokens = 0;
      let unknown = 0;
      let n = 0;
      for (const sentence of sentences(text)) {
        n += 1;
        let previous = start;
        for (const token of sentence) {
          const id = ids.get(token) ?? 0;
          if (id === 0) unknown += 1;
          sum += logProbIds(previous, id);
          previous = id;
        }
        sum += logProbIds(previous, end);
        tokens += sentence.length + 1;
      }
      return { perplexity: tokens === 0 ? 1 : Math.exp(-sum / tokens), tokens, unknown, sentences: n };
    },
    has: (token) => ids.has(token),
    logProb: (previous, token) => logProbIds(ids.get(previous) ?? 0, ids.get(token) ?? 0),
  };
  return model;
}

/** Perplexity per token (sentence ends included) of a text's sentences under the model. */
export function perplexity(model: NgramModel, text: string): Perplexity {
  return model.score(text);
}
