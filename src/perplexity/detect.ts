/**
 * Language of a page and of each block: franc (trigram profiles, 82 languages, scores relative to the best) with
 * the page's and the block's `lang` attribute as a prior. Short texts are too short to tell; they take the page's
 * language.
 */
import { francAll } from 'franc-min';

/** franc's ISO 639-3 codes → the ISO 639-1 codes of `lang` attributes (only those franc-min can answer). */
const ISO3_TO_1: Record<string, string> = {
  eng: 'en', deu: 'de', fra: 'fr', spa: 'es', por: 'pt', ita: 'it', rus: 'ru', cmn: 'zh', jpn: 'ja', kor: 'ko',
  arb: 'ar', ind: 'id', nld: 'nl', pol: 'pl', tur: 'tr', ukr: 'uk', swe: 'sv', ces: 'cs', ron: 'ro', hun: 'hu',
  vie: 'vi', hin: 'hi', pes: 'fa', urd: 'ur', bul: 'bg', bel: 'be', hrv: 'hr', srp: 'sr', bos: 'bs', zlm: 'ms',
  tgl: 'tl', swh: 'sw', jav: 'jv', ell: 'el', heb: 'he', tha: 'th', ben: 'bn', tam: 'ta', tel: 'te', kat: 'ka',
};

export interface LanguageGuess {
  lang: string; // ISO 639-1, or 'und'
  /** 0–1: how far ahead of the runner-up the guess is (1 when only one language fits the script). */
  confidence: number;
  source: 'attribute' | 'detected' | 'page';
}

/** The detector reads at most this much of a text: enough to tell, and it keeps long pages fast. */
export const MAX_DETECT_CHARS = 600;
/** Texts shorter than this are not run through the detector. */
export const MIN_DETECT_CHARS = 40;
/** A detected language overrides a `lang` attribute only when this far ahead of the attribute's language. */
export const OVERRIDE_MARGIN = 0.15;

/** The primary subtag of a BCP 47 tag, lower-cased ('' when none). */
export function primaryTag(tag: string | undefined): string {
  return (tag ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
}

function scores(text: string): [string, number][] {
  const out: [string, number][] = [];
  for (const [code, score] of francAll(text.slice(0, MAX_DETECT_CHARS), { minLength: 1 })) {
    const lang = ISO3_TO_1[code];
    if (lang && !out.some(([l]) => l === lang)) out.push([lang, score]);
  }
  return out;
}

/**
 * The language of `text`, with `attribute` (a lang attribute) as the prior: kept unless the detector puts another
 * language clearly ahead of it. `fallback` answers for texts too short to judge.
 */
export function detectLanguage(text: string, attribute: string | undefined, fallback?: LanguageGuess): LanguageGuess {
  return languageOf(text.length < MIN_DETECT_CHARS ? null : scores(text), attribute, fallback);
}

/** `detectLanguage` on the detector's ranking (null: the text is too short to run it). */
function languageOf(ranked: [string, number][] | null, attribute: string | undefined, fallback?: LanguageGuess): LanguageGuess {
  const prior = primaryTag(attribute);
  const [best, second] = ranked ?? [];
  if (!best) return prior ? { lang: prior, confidence: 1, source: 'attribute' } : (fallback ?? { lang: 'und', confidence: 0, source: 'detected' });
  const confidence = second ? 1 - second[1] : 1;
  if (prior) {
    const priorScore = ranked!.find(([l]) => l === prior)?.[1] ?? 0;
    if (best[0] === prior || best[1] - priorScore < OVERRIDE_MARGIN) return { lang: prior, confidence: 1 - (best[1] - priorScore), source: 'attribute' };
  }
  return { lang: best[0], confidence, source: 'detected' };
}

/** A language the detector puts this close to its best guess is scored too (see `candidateLanguages`). */
export const ALTERNATIVE_MARGIN = 0.1;
/** At most this many languages are tried per block. */
export const MAX_CANDIDATES = 3;

/**
 * The languages a block may be in, most likely first: `detectLanguage`'s answer, then the detector's best guesses
 * within ALTERNATIVE_MARGIN of its top one, then the `lang` attribute's and the page's language. Trigram profiles cannot tell an English privacy policy on a page marked
 * `lang="fr"` from French (franc: English 1.00, French 0.92), but the English model's perplexity can, so the stage
 * scores a block under each candidate's model and keeps the best fit. Short texts have one candidate.
 */
export function candidateLanguages(text: string, attribute: string | undefined, fallback?: LanguageGuess): string[] {
  const ranked = text.length < MIN_DETECT_CHARS ? null : scores(text);
  const out = [languageOf(ranked, attribute, fallback).lang];
  for (const [lang, score] of ranked ?? []) {
    if (out.length >= MAX_CANDIDATES || score < 1 - ALTERNATIVE_MARGIN) break;
    if (!out.includes(lang)) out.push(lang);
  }
  // The block's `lang` attribute and the page's language stay candidates even when the detector overrules them:
  // a headline of names and title-case words is easily taken for Italian on an English page.
  for (const lang of [primaryTag(attribute), fallback?.lang]) if (lang && lang !== 'und' && !out.includes(lang)) out.push(lang);
  return out;
}
