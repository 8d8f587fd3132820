/**
 * How well each language's perplexity model separates well-formed sentences from boilerplate: ROC AUC per
 * language, with the corpus' held-back sentences as positives and, as negatives, (a) boilerplate lines mined from
 * the training pages (../shared/bench/train/ only) whose language is that language, (b) the held-back sentences
 * with their words shuffled, (c) "menu lines": runs of 3–8 frequent words. Also the median perplexities, which
 * is where the cutoffs come from.
 *
 *   npx tsx tools/perplexity-auc.ts
 */
import { join } from 'node:path';
import { detectLanguage } from '../src/perplexity/detect';
import { MODEL_LANGUAGES, modelLevel, type ModelLanguage } from '../src/perplexity/languages';
import { perplexity, type NgramModel } from '../src/perplexity/model';
import { parseFrequencyList } from '../src/perplexity/train';
import { PROJECT_ROOT } from '../vite.page.config';
import { mineBoilerplate } from './lib/boilerplate-lines';
import { markdownTable } from '../scripts/lib/markdown-table';
import { frequencyListText, heldBackSentences, readBuiltModel } from '../scripts/lib/perplexity-corpus';

/** A small deterministic generator (mulberry32), so the synthetic negatives are the same on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(items: T[], next: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function shuffledSentence(sentence: string, level: 'word' | 'char', next: () => number): string {
  return level === 'char' ? shuffle([...sentence], next).join('') : shuffle(sentence.split(/\s+/), next).join(' ');
}

function menuLine(words: string[], level: 'word' | 'char', next: () => number): string {
  const n = 3 + Math.floor(next() * 6);
  const picked = Array.from({ length: n }, () => words[Math.floor(next() * words.length)]!);
  return picked.map((w) => w[0]!.toUpperCase() + w.slice(1)).join(level === 'char' ? ' ' : ' ');
}

/** P(score of a negative > score of a positive), ties counting half. */
export function rocAuc(positives: number[], negatives: number[]): number {
  if (positives.length === 0 || negatives.length === 0) return NaN;
  const all = [...positives.map((v) => ({ v, pos: true })), ...negatives.map((v) => ({ v, pos: false }))].sort((a, b) => a.v - b.v);
  let rankSum = 0;
  for (let i = 0; i < all.length; ) {
    let j = i;
    while (j < all.length && all[j]!.v === all[i]!.v) j++;
    const averageRank = (i + j + 1) / 2;
    for (let k = i; k < j; k++) if (!all[k]!.pos) rankSum += averageRank;
    i = j;
  }
  const n = negatives.length;
  return (rankSum - (n * (n + 1)) / 2) / (n * positives.length);
}

const median = (values: number[]) => {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};
const fmt = (v: number) => (Number.isNaN(v) ? '–' : v.toFixed(3));
const fmtPpl = (v: number) => (Number.isNaN(v) ? '–' : Math.round(v).toLocaleString('en'));

async function main(): Promise<void> {
  const trainPath = join(PROJECT_ROOT, '../shared/bench/train/wcxb-dev-train.jsonl.gz');
  const mined = await mineBoilerplate(trainPath);
  const byLang = new Map<string, string[]>();
  for (const line of mined) {
    const lang = detectLanguage(line.text, line.pageLang).lang;
    let lines = byLang.get(lang);
    if (!lines) byLang.set(lang, (lines = []));
    lines.push(line.text);
  }
  const rows: string[][] = [];
  for (const lang of MODEL_LANGUAGES) {
    const level = modelLevel(lang as ModelLanguage);
    const model: NgramModel = await readBuiltModel(lang);
    const score = (t: string) => perplexity(model, t).perplexity;
    const held = heldBackSentences(lang);
    const next = random(lang.charCodeAt(0) * 31 + lang.charCodeAt(1));
    const words = parseFrequencyList(frequencyListText(lang)).slice(0, 2000).map(([w]) => w);
    const positives = held.map(score);
    const minedNeg = (byLang.get(lang) ?? []).map(score);
    const shuffledNeg = held.map((s) => score(shuffledSentence(s, level, next)));
    const menuNeg = held.map(() => score(menuLine(words, level, next)));
    rows.push([
      lang,
      level,
      String(held.length),
      fmtPpl(median(positives)),
      String(minedNeg.length),
      fmt(rocAuc(positives, minedNeg)),
      fmtPpl(median(minedNeg)),
      fmt(rocAuc(positives, shuffledNeg)),
      fmt(rocAuc(positives, menuNeg)),
      fmtPpl(median(menuNeg)),
    ]);
  }
  console.log(
    markdownTable(
      ['lang', 'tokens', 'held-back sentences', 'median ppl', 'mined lines', 'AUC mined', 'median ppl mined', 'AUC shuffled', 'AUC menu lines', 'median ppl menu'],
      rows,
    ),
  );
  console.log(`\nmined ${mined.length} boilerplate lines from ${trainPath}`);
}

await main();
