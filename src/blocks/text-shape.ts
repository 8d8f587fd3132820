/** The shape of a block's text, language-neutral: words, sentence ends, digits, capitals, common words. */
const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;
/** Sentence-final punctuation of many scripts (Latin, CJK, Devanagari, Arabic, Greek question mark). */
const SENTENCE_END = /[.!?。！？।؟;](?=\s|$|["'”’)\]])/gu;
const PER_CHARACTER = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

export interface TextShape {
  words: number;
  sentenceEnds: number;
  digitShare: number;
  capitalShare: number;
  /** Share of the words that are among the most frequent words of some language. */
  frequentShare: number;
  meanWordLength: number;
  endsWithStop: boolean;
}

export function textShape(text: string, isFrequent: (word: string) => boolean): TextShape {
  const words: string[] = [];
  for (const m of text.matchAll(WORD)) {
    const w = m[0];
    // Scripts without spaces: each character counts as a word (as the scorer counts them).
    if (PER_CHARACTER.test(w)) for (const c of w) words.push(c);
    else words.push(w);
  }
  let digits = 0;
  let capitals = 0;
  let letters = 0;
  for (const c of text) {
    if (c >= '0' && c <= '9') digits++;
    else if (c.toLowerCase() !== c) capitals++;
    if (c.toLowerCase() !== c.toUpperCase()) letters++;
  }
  let frequent = 0;
  let length = 0;
  for (const w of words) {
    if (isFrequent(w.toLowerCase())) frequent++;
    length += w.length;
  }
  const chars = Math.max(1, text.length);
  return {
    words: words.length,
    sentenceEnds: (text.match(SENTENCE_END) ?? []).length,
    digitShare: digits / chars,
    capitalShare: letters > 0 ? capitals / letters : 0,
    frequentShare: words.length > 0 ? frequent / words.length : 0,
    meanWordLength: words.length > 0 ? length / words.length : 0,
    endsWithStop: /[.!?。！？।؟]["'”’)\]]?\s*$/u.test(text),
  };
}
