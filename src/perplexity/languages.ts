/** The languages Pith ships perplexity models for, and their names in a reason sentence. */

export const MODEL_LANGUAGES = ['en', 'de', 'fr', 'es', 'pt', 'it', 'ru', 'zh', 'ja', 'ko', 'ar', 'id'] as const;
export type ModelLanguage = (typeof MODEL_LANGUAGES)[number];

export function hasModel(lang: string): lang is ModelLanguage {
  return (MODEL_LANGUAGES as readonly string[]).includes(lang);
}

/** Characters (Chinese, Japanese) are the tokens where words are not separated by spaces. */
export function modelLevel(lang: ModelLanguage): 'word' | 'char' {
  return lang === 'zh' || lang === 'ja' ? 'char' : 'word';
}

const NAMES = new Intl.DisplayNames(['en'], { type: 'language' });

/** "German", "Polish"; the code itself when the runtime does not know it. */
export function languageName(lang: string): string {
  try {
    return NAMES.of(lang) ?? lang;
  } catch {
    return lang;
  }
}
