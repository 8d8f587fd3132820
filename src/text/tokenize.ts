/**
 * Language-aware tokens for scoring extractions: lower-cased, punctuation dropped, each Han / Hiragana / Katakana
 * character one token (those scripts have no spaces, and the word segmenter's dictionary guesses would make scores
 * depend on the ICU version), everything else split on Unicode word boundaries.
 * Hangul is left to the word segmenter: Korean separates words with spaces.
 */

/** Characters counted one token each. Script_Extensions so that marks like 'ー' and '々' count too. */
const PER_CHARACTER_SCRIPT = /[\p{Script_Extensions=Han}\p{Script_Extensions=Hiragana}\p{Script_Extensions=Katakana}]/u;
const LETTER_OR_NUMBER = /[\p{L}\p{N}]/u;
/** Punctuation and symbols inside a word-like segment ("don't", "3.14", "U.S.A") are dropped, not split on. */
const PUNCTUATION_OR_SYMBOL = /[\p{P}\p{S}]/gu;
/** Invisible characters HTML text often carries (soft hyphen, zero-width space/joiners, BOM). */
const INVISIBLE = /[\u00AD\u200B-\u200D\u2060\uFEFF]/g;

const segmenter = new Intl.Segmenter('und', { granularity: 'word' });
/**
 * V8 iterates Intl.Segmenter results in time that grows with the length of the whole input (per segment), so a
 * 100 kB page takes seconds. Whitespace is always a word boundary, so segmenting whitespace-delimited chunks of
 * about this size gives the same tokens in linear time.
 */
const SEGMENT_CHUNK_CHARS = 2_000;
const WHITESPACE_RUN = /\s+/;

function* chunks(text: string): Generator<string> {
  let chunk = '';
  for (const piece of text.split(WHITESPACE_RUN)) {
    if (chunk && chunk.length + piece.length >= SEGMENT_CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
    chunk = chunk ? `${chunk} ${piece}` : piece;
  }
  if (chunk) yield chunk;
}

/** Unicode compatibility forms (full-width Latin, half-width Katakana, ligatures) folded, lower-cased, invisibles gone. */
export function normaliseText(text: string): string {
  return text.normalize('NFKC').replace(INVISIBLE, '').toLowerCase();
}

function isPerCharacter(char: string): boolean {
  return PER_CHARACTER_SCRIPT.test(char) && LETTER_OR_NUMBER.test(char);
}

/** Splits one word-like segment: per-character scripts become single tokens, other runs stay whole. */
function pushSegmentTokens(segment: string, tokens: string[]): void {
  let run = '';
  for (const char of segment) {
    if (isPerCharacter(char)) {
      if (run) tokens.push(run);
      run = '';
      tokens.push(char);
    } else {
      run += char;
    }
  }
  if (run) tokens.push(run);
}

export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  for (const chunk of chunks(normaliseText(text))) {
    for (const { segment, isWordLike } of segmenter.segment(chunk)) {
      if (!isWordLike) continue;
      const word = segment.replace(PUNCTUATION_OR_SYMBOL, '');
      if (word) pushSegmentTokens(word, tokens);
    }
  }
  return tokens;
}
