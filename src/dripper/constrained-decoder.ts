/**
 * Constrained decoding over a tokenizer's vocabulary: a logits processor that masks every token that would take
 * the answer out of the label grammar, and the decoding loop that uses it. The loop lets the grammar write the
 * fixed text itself (the seed's "deterministically managed" syntax) and asks the model only at each label.
 */
import { LabelGrammar, type GrammarState } from './output-grammar';

export interface TokenVocab {
  /** Each token's text ('' for special tokens and byte pieces that are not text on their own). */
  readonly strings: readonly string[];
  readonly eos: number;
}

/** Token ids grouped by their first character, built once per vocabulary. */
export class VocabIndex {
  private readonly byFirst = new Map<string, number[]>();

  constructor(readonly vocab: TokenVocab) {
    vocab.strings.forEach((s, id) => {
      if (s.length === 0 || id === vocab.eos) return;
      const first = s[0];
      const list = this.byFirst.get(first);
      if (list) list.push(id);
      else this.byFirst.set(first, [id]);
    });
  }

  /**
   * Characters of the answer that no token spells alone. The decoder relies on there being none (byte-level BPE
   * has a token for every byte): otherwise a valid prefix could have no valid continuation.
   */
  missingChars(chars: string): string[] {
    return [...new Set(chars)].filter((ch) => !this.vocab.strings.includes(ch));
  }

  startingWith(ch: string): readonly number[] {
    return this.byFirst.get(ch) ?? [];
  }
}

/** Every character an answer can contain. */
export const ANSWER_CHARS = '{}":,0123456789mainother';

/** Tokens allowed after `state`: those whose text keeps the answer valid; end-of-sequence only when complete. */
export function allowedTokens(grammar: LabelGrammar, index: VocabIndex, state: GrammarState): number[] {
  if (grammar.isComplete(state)) return [index.vocab.eos];
  const allowed: number[] = [];
  for (const ch of grammar.nextChars(state)) {
    for (const id of index.startingWith(ch)) {
      if (grammar.advance(state, index.vocab.strings[id]) !== null) allowed.push(id);
    }
  }
  return allowed;
}

/** Sets every disallowed logit to -Infinity, in place; returns the allowed ids. */
export function maskLogits(logits: Float32Array | number[], grammar: LabelGrammar, index: VocabIndex, state: GrammarState): number[] {
  const allowed = allowedTokens(grammar, index, state);
  const keep = new Set(allowed);
  for (let i = 0; i < logits.length; i++) if (!keep.has(i)) logits[i] = -Infinity;
  return allowed;
}

export function argmax(values: ArrayLike<number>): number {
  let best = 0;
  for (let i = 1; i < values.length; i++) if (values[i] > values[best]) best = i;
  return best;
}

/**
 * Follows the tokens a model generated (e.g. inside transformers.js `generate`) and masks the next logits. Keeps
 * the state of the answer so far, so each step costs only the new token.
 */
export class LabelConstraint {
  readonly grammar: LabelGrammar;
  private state: GrammarState;
  private seen = 0;

  constructor(
    readonly index: VocabIndex,
    ids: readonly string[],
  ) {
    this.grammar = new LabelGrammar(ids);
    this.state = this.grammar.start;
  }

  /** `generated`: the tokens produced after the prompt so far. Throws if one of them broke the grammar. */
  mask(logits: Float32Array | number[], generated: readonly number[]): number[] {
    for (; this.seen < generated.length; this.seen++) {
      const next = this.grammar.advance(this.state, this.index.vocab.strings[generated[this.seen]]);
      if (next === null) throw new Error(`token ${generated[this.seen]} broke the answer format`);
      this.state = next;
    }
    return maskLogits(logits, this.grammar, this.index, this.state);
  }
}

export interface DecodeOptions {
  index: VocabIndex;
  ids: readonly string[];
  /** Tokens of the fixed text the grammar writes (the model's own tokenizer, without special tokens). */
  encode(text: string): number[];
  /** The model's logits for the token after `generated` (the prompt is the caller's). */
  nextLogits(generated: readonly number[]): Promise<Float32Array>;
  /** false: every token goes through the model and the mask (slower; the property tests use it). */
  forceFixedText?: boolean;
  signal?: AbortSignal;
  maxSteps?: number;
}

export interface DecodeResult {
  text: string;
  tokens: number[];
  /** Model calls. */
  steps: number;
}

export async function decodeLabels(options: DecodeOptions): Promise<DecodeResult> {
  const grammar = new LabelGrammar(options.ids);
  const strings = options.index.vocab.strings;
  const force = options.forceFixedText ?? true;
  const maxSteps = options.maxSteps ?? 64 * (options.ids.length + 2);
  let state = grammar.start;
  let text = '';
  const tokens: number[] = [];
  let steps = 0;
  while (!grammar.isComplete(state)) {
    options.signal?.throwIfAborted();
    const forced = force ? grammar.forcedAhead(state) : '';
    if (forced) {
      tokens.push(...options.encode(forced));
      text += forced;
      state = grammar.advance(state, forced)!;
      continue;
    }
    if (steps >= maxSteps) throw new Error(`decoding stopped after ${steps} steps`);
    const logits = await options.nextLogits(tokens);
    steps++;
    const allowed = maskLogits(logits, grammar, options.index, state);
    if (allowed.length === 0) throw new Error(`no token of the vocabulary continues the answer after ${JSON.stringify(text)}`);
    const token = argmax(logits);
    const next = grammar.advance(state, strings[token]);
    if (next === null) throw new Error(`token ${token} broke the answer format`); // unreachable: the mask forbids it
    tokens.push(token);
    text += strings[token];
    state = next;
  }
  return { text, tokens, steps };
}
