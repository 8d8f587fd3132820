/**
 * Tokens for the n-gram models. Space-separated languages: lower-cased words, each punctuation mark a token, digit
 * runs folded to one number token. Chinese and Japanese have no spaces: every Han, Hiragana and Katakana character
 * is a token of its own (character level), as the benchmark's scorer counts them.
 */

export const UNKNOWN = '<unk>';
export const SENTENCE_START = '<s>';
export const SENTENCE_END = '</s>';
export const NUMBER = '<num>';

const TOKEN =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|\p{Nd}+(?:[.,:]\p{Nd}+)*|[\p{L}\p{M}]+(?:['’-][\p{L}\p{M}]+)*|[^\s\p{L}\p{M}\p{N}]/gu;
const DIGITS = /^\p{Nd}/u;
const SENTENCE_FINAL = new Set(['.', '!', '?', '。', '！', '？', '؟', '…']);

export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const match of text.toLowerCase().matchAll(TOKEN)) out.push(DIGITS.test(match[0]) ? NUMBER : match[0]);
  return out;
}

/**
 * The token sequences of a text's sentences (a sentence ends after ., !, ?, 。 and the like), each without the
 * boundary markers; the model adds them.
 */
export function sentences(text: string): string[][] {
  const out: string[][] = [];
  let current: string[] = [];
  for (const token of tokenize(text)) {
    current.push(token);
    if (SENTENCE_FINAL.has(token)) {
      out.push(current);
      current = [];
    }
  }
  if (current.length > 0) out.push(current);
  return out;
}

const WORD = /[\p{L}\p{N}]/u;

/** Words in a text (each CJK character one word; punctuation not counted). */
export function wordCount(text: string): number {
  return tokenize(text).filter((t) => t === NUMBER || WORD.test(t)).length;
}
