/** The shape of a block's text, language-neutral: words, sentence ends, digits. */
const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;
/**
 * Sentence-final punctuation: Latin-style marks before a space, the end or a closing quote; the full-width marks of
 * Chinese and Japanese anywhere (those scripts put no space after them); Devanagari, Arabic, Greek question mark.
 */
const SENTENCE_END = /[.!?;।؟](?=\s|$|["'”’)\]])|[。！？]/gu;
const PER_CHARACTER = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

export interface TextShape {
  /** The words, lower-cased; in scripts without spaces each character is a word (as the scorer counts them). */
  words: string[];
  sentenceEnds: number;
  digitShare: number;
  endsWithStop: boolean;
}

export function textShape(text: string): TextShape {
  const words: string[] = [];
  for (const m of text.matchAll(WORD)) {
    const w = m[0].toLowerCase();
    if (PER_CHARACTER.test(w)) for (const c of w) words.push(c);
    else words.push(w);
  }
  let digits = 0;
  for (const c of text) if (c >= '0' && c <= '9') digits++;
  return {
    words,
    sentenceEnds: (text.match(SENTENCE_END) ?? []).length,
    digitShare: digits / Math.max(1, text.length),
    endsWithStop: /[.!?。！？।؟]["'”’)\]]?\s*$/u.test(text),
  };
}

/**
 * The page's own most frequent words: in running text these are its function words ("the", "и", "的", "się"),
 * whatever the language, so a block's share of them says how much it reads like prose without a word list.
 */
export function pageCommonWords(shapes: TextShape[], count = 40): Set<string> {
  const tally = new Map<string, number>();
  for (const s of shapes) for (const w of s.words) tally.set(w, (tally.get(w) ?? 0) + 1);
  return new Set([...tally].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, count).map(([w]) => w));
}

export function commonShare(shape: TextShape, common: Set<string>): number {
  if (shape.words.length === 0) return 0;
  let hits = 0;
  for (const w of shape.words) if (common.has(w)) hits++;
  return hits / shape.words.length;
}
