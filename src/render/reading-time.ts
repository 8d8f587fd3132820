/**
 * Reading time: 230 words a minute for space-separated scripts; Chinese, Japanese and Korean are counted per
 * character, at 500 characters a minute.
 */

export const WORDS_PER_MINUTE = 230;
export const CJK_CHARACTERS_PER_MINUTE = 500;

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
const WORD = /[\p{L}\p{N}]/u;

export function countReadingUnits(text: string): { words: number; cjk: number } {
  const cjk = text.match(CJK)?.length ?? 0;
  const words = text
    .replace(CJK, ' ')
    .split(/\s+/)
    .filter((token) => WORD.test(token)).length;
  return { words, cjk };
}

/** Whole minutes, at least 1 when there is any text, 0 when there is none. */
export function readingMinutes(text: string): number {
  const { words, cjk } = countReadingUnits(text);
  if (words === 0 && cjk === 0) return 0;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE + cjk / CJK_CHARACTERS_PER_MINUTE));
}
