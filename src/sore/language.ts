/**
 * Whether the embedder reads the page's language. An English-only model (USE-lite, GloVe) places lorem ipsum,
 * Japanese or Spanish lines wherever its subword pieces fall: on Readability's test pages it matched a Japanese
 * news sentence to an outlier group and took "Links", "link" and "Images" from lorem-ipsum pages. On a page in a
 * language the model does not read, SORE leaves the structural result alone.
 *
 * The page's language is told from its kept text by two signs that must agree:
 *   - the share of the model language's most common words (for English 0.13–0.50 of the words of every English
 *     dev page with prose, 0.00–0.11 on lorem ipsum, French, German, Polish, Spanish, Japanese and Chinese
 *     pages), and
 *   - franc's trigram guess, which must name another language (it cannot tell lorem ipsum, whose nearest trigram
 *     profile is French or Italian, but it keeps an English shop page of product names, whose common-word share
 *     is low too, in English).
 * A language without a common-word list here is told by franc alone; a text too short to tell is read.
 */
import type { Block } from '../snapshot/types';
import { detectLanguage, primaryTag } from '../perplexity/detect';
import { weightedLength } from './segment';

/** The most common words of a language, lower case (function words, which every prose sentence has). */
const COMMON_WORDS: Record<string, ReadonlySet<string>> = {
  en: new Set(
    ('the of and to a in is that for it as was with be by on not he i this are or his from at which but have an they ' +
      'you were her she there been one all we their has would when if so no will more what can who its than them out ' +
      'into only also may some could these other our about up said after most over such time first')
      .split(' '),
  ),
};

/** Below this share of the model language's common words the text is not in that language. */
export const MIN_COMMON_WORD_SHARE = 0.08;
/** Letters of kept text needed before the page's language is judged at all (a CJK character counts two, as in segments). */
export const MIN_LANGUAGE_LETTERS = 200;
/** Kept text read to judge the language. */
export const LANGUAGE_SAMPLE_CHARS = 3000;

export interface LanguageCheck {
  /** The model reads the page's language (or the text is too short to tell). */
  reads: boolean;
  /** The detector's guess (ISO 639-1, 'und' when none), for the run's note. */
  guess: string;
  /** Share of the model language's common words among the text's words (the first language that has a list). */
  commonShare?: number;
}

/** Kept text of the given blocks, in order, up to `LANGUAGE_SAMPLE_CHARS`. */
export function languageSample(blocks: readonly Pick<Block, 'text'>[]): string {
  let out = '';
  for (const b of blocks) {
    if (out.length >= LANGUAGE_SAMPLE_CHARS) break;
    out += `${b.text.trim()}\n`;
  }
  return out.slice(0, LANGUAGE_SAMPLE_CHARS);
}

/** Share of `words` that are among a language's common words. */
function commonShare(words: string[], common: ReadonlySet<string>): number {
  return words.length === 0 ? 0 : words.filter((w) => common.has(w)).length / words.length;
}

/**
 * Whether a model that reads `languages` (undefined: a multilingual model, every language) reads `text`.
 */
export function readsLanguage(languages: readonly string[] | undefined, text: string): LanguageCheck {
  const letters = weightedLength(text.replace(/[^\p{L}]/gu, ''), 2);
  if (!languages || languages.length === 0 || letters < MIN_LANGUAGE_LETTERS) return { reads: true, guess: 'und' };
  const wanted = languages.map(primaryTag);
  const guess = detectLanguage(text, undefined).lang;
  const francSays = guess === 'und' || wanted.includes(guess);
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  const listed = wanted.filter((l) => COMMON_WORDS[l]);
  if (listed.length === 0) return { reads: francSays, guess };
  const share = Math.max(...listed.map((l) => commonShare(words, COMMON_WORDS[l])));
  return { reads: francSays || share >= MIN_COMMON_WORD_SHARE, guess, commonShare: share };
}
