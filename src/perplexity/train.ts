/**
 * Builds a bigram model file from real sentences and a word frequency list (pure: the build script and the unit
 * tests feed it text). Deterministic: the same input gives the same file.
 */
import { MODEL_FORMAT, type NgramModelFile } from './model';
import { sentences, SENTENCE_END, SENTENCE_START, tokenize, UNKNOWN } from './tokenize';

export interface TrainOptions {
  lang: string;
  level: 'word' | 'char';
  /** How many of the frequency list's most frequent words enter the vocabulary. */
  frequencyWords?: number;
  discount?: number;
  oovTypes?: number;
  /** Weight of the frequency list in the unigram mixture (the rest: the sentences' unigram counts). */
  frequencyWeight?: number;
  sources?: string[];
}

export const DEFAULT_FREQUENCY_WORDS = 15_000;
export const DEFAULT_DISCOUNT = 0.75;
export const DEFAULT_OOV_TYPES = 10_000;
const DEFAULT_FREQUENCY_WEIGHT = 0.5;
const LOG_SCALE = 1000;

/** "word count" lines, most frequent first. */
export function parseFrequencyList(text: string): [string, number][] {
  const out: [string, number][] = [];
  for (const line of text.split('\n')) {
    const [word, count] = line.trim().split(/\s+/);
    const n = Number(count);
    if (word && Number.isFinite(n) && n > 0) out.push([word, n]);
  }
  return out;
}

function increment(map: Map<string, number>, key: string, by = 1): void {
  map.set(key, (map.get(key) ?? 0) + by);
}

export function trainModel(corpus: string[], frequencies: [string, number][], options: TrainOptions): NgramModelFile {
  const discount = options.discount ?? DEFAULT_DISCOUNT;
  const weight = options.frequencyWeight ?? DEFAULT_FREQUENCY_WEIGHT;

  // Frequency list: its words as this model tokenizes them (characters for zh/ja), with their counts.
  const listed = new Map<string, number>();
  let listedTotal = 0;
  let keptTotal = 0;
  frequencies.forEach(([word, count], rank) => {
    listedTotal += count;
    if (rank >= (options.frequencyWords ?? DEFAULT_FREQUENCY_WORDS)) return;
    keptTotal += count;
    for (const token of tokenize(word)) increment(listed, token, count);
  });

  const unigrams = new Map<string, number>();
  const bigrams = new Map<string, Map<string, number>>();
  let corpusTokens = 0;
  for (const line of corpus) {
    for (const sentence of sentences(line)) {
      let previous = SENTENCE_START;
      for (const token of [...sentence, SENTENCE_END]) {
        increment(unigrams, token);
        corpusTokens += 1;
        let followers = bigrams.get(previous);
        if (!followers) bigrams.set(previous, (followers = new Map()));
        increment(followers, token);
        previous = token;
      }
    }
  }

  const vocab = [UNKNOWN, SENTENCE_START, SENTENCE_END];
  const rest = new Set([...listed.keys(), ...unigrams.keys()]);
  for (const token of vocab) rest.delete(token);
  vocab.push(...[...rest].sort());
  const ids = new Map(vocab.map((t, i) => [t, i]));

  // Unknown mass: the list's words beyond the vocabulary, and (Good–Turing) the corpus' singletons.
  const singletons = [...unigrams.values()].filter((c) => c === 1).length;
  const listUnknown = listedTotal > 0 ? 1 - keptTotal / listedTotal : 0;
  const corpusUnknown = corpusTokens > 0 ? singletons / corpusTokens : 0;
  const listedSum = [...listed.values()].reduce((a, b) => a + b, 0);
  const probability = (token: string): number => {
    if (token === UNKNOWN) return weight * listUnknown + (1 - weight) * corpusUnknown;
    if (token === SENTENCE_START) return 0;
    const fromList = listedSum > 0 ? ((listed.get(token) ?? 0) / listedSum) * (1 - listUnknown) : 0;
    const fromCorpus = corpusTokens > 0 ? ((unigrams.get(token) ?? 0) / corpusTokens) * (1 - corpusUnknown) : 0;
    return weight * fromList + (1 - weight) * fromCorpus;
  };
  const unigram = vocab.map((token) => {
    const p = probability(token);
    return p > 0 ? Math.round(-Math.log(p) * LOG_SCALE) : 99_999;
  });

  const triples: [number, number, number][] = [];
  for (const [previous, followers] of bigrams) {
    for (const [token, count] of followers) triples.push([ids.get(previous)!, ids.get(token)!, count]);
  }
  triples.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const encoded: number[] = [];
  let lastContext = 0;
  let lastWord = 0;
  for (const [context, word, count] of triples) {
    const contextDelta = context - lastContext;
    encoded.push(contextDelta, contextDelta === 0 ? word - lastWord : word, count);
    lastContext = context;
    lastWord = word;
  }

  return {
    format: MODEL_FORMAT,
    lang: options.lang,
    level: options.level,
    smoothing: 'interpolated-absolute-discounting',
    discount,
    oovTypes: options.oovTypes ?? DEFAULT_OOV_TYPES,
    vocab,
    unigram,
    bigrams: encoded,
    sources: options.sources ?? [],
  };
}
