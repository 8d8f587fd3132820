import lists from './frequent-words.json';

/** The 100 most frequent words of each of twelve languages (scripts/train-blocks-words.ts), as one set. */
const FREQUENT = new Set(Object.values(lists as Record<string, string[]>).flat());

export function isFrequentWord(lowerCased: string): boolean {
  return FREQUENT.has(lowerCased);
}
