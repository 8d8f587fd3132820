/**
 * Writes src/blocks/frequent-words.json: the 100 most frequent words of each language in ../shared/corpora/frequency
 * (OpenSubtitles counts), for the block feature "share of common words". Chinese and Japanese keep single characters,
 * as the features count those scripts one character per word.
 *   npx tsx scripts/train-blocks-words.ts
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PROJECT_ROOT } from '../vite.page.config';

const DIR = resolve(PROJECT_ROOT, '../shared/corpora/frequency');
const PER_LANGUAGE = 100;
const PER_CHARACTER = new Set(['zh', 'ja']);

const words: Record<string, string[]> = {};
for (const file of readdirSync(DIR).filter((f) => f.endsWith('.txt')).sort()) {
  const lang = file.replace('.txt', '');
  const list = readFileSync(join(DIR, file), 'utf8')
    .split('\n')
    .map((line) => line.split(' ')[0]!.toLowerCase())
    .filter((w) => w && (!PER_CHARACTER.has(lang) || [...w].length === 1));
  words[lang] = list.slice(0, PER_LANGUAGE);
}
writeFileSync(resolve(PROJECT_ROOT, 'src/blocks/frequent-words.json'), `${JSON.stringify(words)}\n`);
