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

/** The file format as shipped in public/perplexity/<lang>.json.gz. */
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

export function loadModel(file: NgramModelFile): NgramModel {
  if (file.format !== MODEL_FORMAT) throw new Error(`unknown perplexity model format "${String(file.format)}" (expected ${MODEL_FORMAT})`);
  const ids = new Map<string, number>();
  file.vocab.forEach((token, id) => ids.set(token, id));
  const size = file.vocab.length;
  const unigram = Float64Array.from(file.unigram, (v) => -v / LOG_SCALE);
  const oovLogProb = unigram[0]! - Math.log(file.oovTypes);
  const pairs = new Map<number, number>();
  const totals = new Float64Array(size);
  const followers = new Float64Array(size);
  let context = 0;
  let word = 0;
  for (let i = 0; i + 2 < file.bigrams.length; i += 3) {
    const contextDelta = file.bigrams[i]!;
    context += contextDelta;
    word = contextDelta === 0 ? word + file.bigrams[i + 1]! : file.bigrams[i + 1]!;
    const count = file.bigrams[i + 2]!;
    pairs.set(context * size + word, count);
    totals[context]! += count;
    followers[context]! += 1;
  }
  const D = file.discount;
  const lowerLog = (id: number) => (id === 0 ? oovLogProb : unigram[id]!);
  const model: NgramModel = {
    lang: file.lang,
    level: file.level,
    score: (text) => perplexity(model, text),
    has: (token) => ids.has(token),
    logProb(previous, token) {
      const v = ids.get(previous) ?? 0;
      const w = ids.get(token) ?? 0;
      const total = totals[v]!;
      if (v === 0 || total === 0) return lowerLog(w);
      const count = w === 0 ? 0 : (pairs.get(v * size + w) ?? 0);
      const p = Math.max(count - D, 0) / total + ((D * followers[v]!) / total) * Math.exp(lowerLog(w));
      return Math.log(p);
    },
  };
  return model;
}

/** Perplexity per token (sentence ends included) of a text's sentences under the model. */
export function perplexity(model: NgramModel, text: string): Perplexity {
  let sum = 0;
  let tokens = 0;
  let unknown = 0;
  let count = 0;
  for (const sentence of sentences(text)) {
    count += 1;
    let previous = SENTENCE_START;
    for (const token of [...sentence, SENTENCE_END]) {
      sum += model.logProb(previous, token);
      previous = token;
      tokens += 1;
      if (!model.has(token)) unknown += 1;
    }
  }
  return { perplexity: tokens === 0 ? 1 : Math.exp(-sum / tokens), tokens, unknown, sentences: count };
}
