/** The corpora the perplexity models are built from (../shared/corpora), split the same way by every script. */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PROJECT_ROOT } from '../../vite.page.config';

export function corporaDir(): string {
  return resolve(process.env.PITH_CORPORA_DIR ?? join(PROJECT_ROOT, '../shared/corpora'));
}

/** Every HELD_BACK_EVERY-th sentence (the last of each run) is held back from training, for the AUC script. */
export const HELD_BACK_EVERY = 10;

export function isHeldBack(index: number): boolean {
  return index % HELD_BACK_EVERY === HELD_BACK_EVERY - 1;
}

export function udSentences(lang: string): string[] {
  return readFileSync(join(corporaDir(), 'ud', `${lang}.txt`), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
}

export function trainingSentences(lang: string): string[] {
  return udSentences(lang).filter((_, i) => !isHeldBack(i));
}

export function heldBackSentences(lang: string): string[] {
  return udSentences(lang).filter((_, i) => isHeldBack(i));
}

export function frequencyListText(lang: string): string {
  return readFileSync(join(corporaDir(), 'frequency', `${lang}.txt`), 'utf8');
}

/** Debian's onboard-data word counts (Wikipedia-derived, GPL-3+), per language the models use them for. */
export const ONBOARD_LOCALES: Record<string, string> = { de: 'de_DE' };
const ONBOARD_DIR = '/usr/share/onboard/models';

export function onboardModelPath(lang: string): string | null {
  const locale = ONBOARD_LOCALES[lang];
  return locale ? join(process.env.PITH_ONBOARD_DIR ?? ONBOARD_DIR, `${locale}.lm`) : null;
}

/** The unigram counts of an onboard .lm file as a frequency list, most frequent first (ties by word). */
export function onboardFrequencies(lang: string): [string, number][] | null {
  const path = onboardModelPath(lang);
  if (!path) return null;
  if (!existsSync(path)) throw new Error(`${path} is missing: install Debian's onboard-data (apt-get install onboard-data)`);
  const out: [string, number][] = [];
  let inUnigrams = false;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.startsWith('\\')) {
      inUnigrams = line.trim() === '\\1-grams:';
      continue;
    }
    if (!inUnigrams) continue;
    const m = /^(\d+)\s+(\S+)$/.exec(line.trim());
    if (m && !/^<.*>$/.test(m[2]!)) out.push([m[2]!, Number(m[1])]);
  }
  return out.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}
