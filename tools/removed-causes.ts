/**
 * How much removed text the reader files under a group without a specific cause (issue 36's target: at most 5 %).
 * Replays the block cache's snapshots (node_modules/.cache/pith-blocks or /work/cache/pith-blocks, one JSON line per
 * page) through the structural stages and the page-type profile, as the reader does, and sums the removed characters
 * of every piece "What was removed" lists by its reader cause and by how that cause was found: named by a stage,
 * named by the evidence, or the reader's fallback (a stage gave no cause). Prints a Markdown report.
 * `--engine-names` leaves out the reader's naming of pieces the engine named only by place, or not at all
 * (src/render/place-names.ts):
 * the share before that naming, for a before/after comparison.
 * `--truth` reads each page's full-text truth (../shared/bench) and labels every removed block as the block model's
 * table does (scripts/lib/block-labels.ts: article text when at least half its tokens sit in word trigrams of the
 * truth): how much of the place-only groups is the article's own text (a recall loss) and how much is boilerplate,
 * and the target's share both of all removed text and of removed text that is not article text; and, per group the
 * reader's naming gave, how much of it is article text (a name must be true: article text called "Form" is not).
 * The cached snapshots carry no copy of the page, so Readability cannot run again in Node: its verdict is rebuilt from
 * the Chromium run's record (tools/gce-verdict.ts). (Before 2026-11-28 this tool ran Readability on the empty copy,
 * found no article and used the layout stage's container unchecked on every page where Chromium had used Readability's
 * article: its figures for "Beside the article" were those of a pipeline that does not run.)
 *   npx tsx tools/removed-causes.ts [--cache DIR] [--datasets a,b] [--half even|odd|all] [--examples N] [--engine-names] [--truth]
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { placeNames } from '../src/render/place-names';
import { removedPieces } from '../src/render/removal-summary';
import { causeName, readerCauseWithSource, type CauseSource, type ReaderCause } from '../src/render/vocabulary';
import { extract, inHalf as inHalfOf, type CachedLine } from './gce-replay';
import { readJsonLines } from '../scripts/lib/jsonl';
import { blockShares, CONTENT_SHARE, truthIndex } from '../scripts/lib/block-labels';
import { datasetPath } from '../scripts/lib/block-pages';
import { tokenize } from '../src/text/tokenize';
import { PROJECT_ROOT } from '../vite.page.config';

const DEV_SETS = ['readability', 'cleaneval-dev', 'cleanportaleval', 'wcxb-dev-sample'];
/** Reader groups whose name says where a piece was, not what it is: counted as "no specific cause" too. */
const VAGUE: ReadonlySet<ReaderCause> = new Set(['outside-container', 'page-type-profile']);

const { values } = parseArgs({
  options: {
    cache: { type: 'string' },
    datasets: { type: 'string' },
    half: { type: 'string', default: 'all' },
    examples: { type: 'string', default: '0' },
    'engine-names': { type: 'boolean', default: false },
    truth: { type: 'boolean', default: false },
  },
});
const cacheDir = resolve(values.cache ?? [join(PROJECT_ROOT, 'node_modules/.cache/pith-blocks'), '/work/cache/pith-blocks'].find((d) => existsSync(join(d, 'readability.jsonl'))) ?? '.');
const datasets = values.datasets?.split(',') ?? DEV_SETS;

const inHalf = (id: string): boolean => inHalfOf(id, values.half!);

interface Tally {
  chars: number;
  pieces: number;
  pages: Set<string>;
  examples: string[];
}
const byCause = new Map<string, Tally>();
let total = 0;
let pages = 0;
let failed = 0;
const kinds = new Map<string, number>();
const addKind = (kind: string, chars: number): void => {
  kinds.set(kind, (kinds.get(kind) ?? 0) + chars);
};
const wantExamples = Number(values.examples);

/** With --truth: removed characters that are article text, overall and in the place-only groups by kind. */
let removedArticle = 0;
let vagueArticle = 0;
let vagueFallbackArticle = 0;
const articleKinds = new Map<string, number>();
/** With --truth: per reader cause found by the naming of place-only pieces, its removed chars and their article text. */
const namedByPlace = new Map<ReaderCause, { chars: number; article: number }>();
const boilerKinds = new Map<string, number>();
interface TruthExample {
  page: string;
  chars: number;
  text: string;
}
const articleExamples: TruthExample[] = [];
const boilerExamples: TruthExample[] = [];
const bump = (map: Map<string, number>, key: string, n: number): void => {
  map.set(key, (map.get(key) ?? 0) + n);
};

/** Per dataset: page id → truth text (only the truth is kept in memory, not the page HTML). */
async function truthTexts(dataset: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for await (const line of readJsonLines(datasetPath(dataset))) {
    if (!('value' in line)) continue;
    const record = line.value as { id: string; truth_text?: string };
    if (record.truth_text?.trim()) out.set(record.id, record.truth_text);
  }
  return out;
}

/** Per block: its truth share as the block model's labels read it (visible blocks with words only; -1 otherwise). */
function sharesOf(blocks: readonly { text: string; visible: boolean }[], truth: string): Float64Array {
  const ids = blocks.flatMap((b, i) => (b.visible && tokenize(b.text).length > 0 ? [i] : []));
  const shares = blockShares(ids.map((i) => blocks[i]!.text), truthIndex(truth));
  const out = new Float64Array(blocks.length).fill(-1);
  ids.forEach((id, k) => (out[id] = shares[k]!));
  return out;
}

function add(key: string, chars: number, page: string, example: string): void {
  const t = byCause.get(key) ?? { chars: 0, pieces: 0, pages: new Set<string>(), examples: [] };
  t.chars += chars;
  t.pieces += 1;
  t.pages.add(page);
  if (t.examples.length < wantExamples) t.examples.push(`${page}: ${example}`);
  byCause.set(key, t);
}

for (const dataset of datasets) {
  const path = join(cacheDir, `${dataset}.jsonl`);
  if (!existsSync(path)) {
    process.stderr.write(`no cache for ${dataset} at ${path}\n`);
    continue;
  }
  const truths = values.truth ? await truthTexts(dataset) : null;
  for await (const line of readJsonLines(path)) {
    if (!('value' in line)) continue;
    const page = line.value as CachedLine;
    const { id } = page;
    if (!inHalf(id)) continue;
    if (truths && !truths.has(id)) continue;
    let extraction;
    try {
      extraction = extract(page, {});
    } catch (error) {
      failed += 1;
      process.stderr.write(`${dataset}/${id}: ${String(error).slice(0, 120)}\n`);
      continue;
    }
    pages += 1;
    const blocks = extraction.snapshot.blocks;
    const names = values['engine-names'] ? new Map<number, ReaderCause>() : placeNames(extraction.snapshot, extraction.record);
    const shares = truths ? sharesOf(blocks, truths.get(id)!) : null;
    const isArticle = (b: number): boolean => (shares?.[b] ?? -1) >= CONTENT_SHARE;
    for (const { cause, piece } of removedPieces(blocks, extraction.record, names)) {
      const members = piece.blocks.map((b) => blocks[b]!);
      const chars = members.reduce((n, b) => n + b.text.replace(/\s+/g, ' ').trim().length, 0);
      const decision = extraction.record.decisions[piece.block]!;
      const { source } = readerCauseWithSource(decision, members, names.get(piece.block));
      const detail = source === 'named' ? '' : ` [${source}; stage ${decision.stage}, evidence ${decision.evidence.kind}]`;
      total += chars;
      const articleChars = members.reduce((n, b) => n + (isArticle(b.id) ? b.text.replace(/\s+/g, ' ').trim().length : 0), 0);
      removedArticle += articleChars;
      if (shares && names.has(piece.block) && source === 'evidence') {
        const t = namedByPlace.get(cause) ?? { chars: 0, article: 0 };
        t.chars += chars;
        t.article += articleChars;
        namedByPlace.set(cause, t);
      }
      if (shares && (VAGUE.has(cause) || source === 'fallback')) {
        if (source === 'fallback') vagueFallbackArticle += articleChars;
        vagueArticle += articleChars;
        const kept = blocks.filter((b) => extraction.record.decisions[b.id]?.kept).map((b) => b.id);
        const where = kept.length === 0 ? 'no article kept' : piece.block < kept[0]! ? 'before the article' : piece.block > kept.at(-1)! ? 'after the article' : 'between kept parts';
        const how = `${decision.stage}, ${decision.evidence.kind}`;
        if (articleChars > 0) {
          bump(articleKinds, `${how}; ${where}`, articleChars);
          articleExamples.push({ page: `${dataset}/${id}`, chars: articleChars, text: `[${how}; ${where}; block ${piece.block}] ${piece.preview}` });
        }
        if (chars - articleChars > 0) {
          const links = members.reduce((n, b) => n + b.linkTextLength, 0) >= 0.5 * members.reduce((n, b) => n + b.text.length, 0) ? 'mostly links' : 'mostly text';
          bump(boilerKinds, `${where}, ${links}, ${chars - articleChars < 80 ? 'short' : 'longer'}`, chars - articleChars);
          boilerExamples.push({ page: `${dataset}/${id}`, chars: chars - articleChars, text: `[${how}; ${where}; block ${piece.block}] ${piece.preview}` });
        }
      }
      if (VAGUE.has(cause)) {
        const text = members.reduce((n, b) => n + b.text.length, 0);
        const linkText = members.reduce((n, b) => n + b.linkTextLength, 0);
        const kept = blocks.filter((b) => extraction.record.decisions[b.id]?.kept).map((b) => b.id);
        const where = kept.length === 0 ? 'no article' : piece.block < kept[0]! ? 'before the article' : piece.block > kept.at(-1)! ? 'after the article' : 'between kept parts';
        const links = linkText >= 0.5 * text ? 'mostly links' : 'mostly text';
        const size = chars < 80 ? 'short line' : 'longer';
        addKind(`${cause}: ${where}, ${links}, ${size}`, chars);
      }
      add(`${cause}|${source}`, chars, `${dataset}/${id}`, `${piece.preview}${detail}`);
    }
  }
}

const pct = (n: number): string => `${((100 * n) / Math.max(1, total)).toFixed(1)} %`;
const rows = [...byCause].sort((a, b) => b[1].chars - a[1].chars);
const sum = (pick: (cause: ReaderCause, source: CauseSource) => boolean): number =>
  rows.reduce((n, [key, t]) => {
    const [cause, source] = key.split('|') as [ReaderCause, CauseSource];
    return pick(cause, source) ? n + t.chars : n;
  }, 0);
const fallback = sum((_, s) => s === 'fallback');
const vague = sum((c, s) => s === 'fallback' || VAGUE.has(c));

console.log(`# Removed text by the reader's group (${datasets.join(', ')}; half ${values.half})\n`);
console.log(`${pages} pages replayed (${failed} failed), ${total.toLocaleString('en')} removed characters in "What was removed".\n`);
console.log(`- no cause from any stage (the reader's fallback names it by place or links): **${pct(fallback)}**`);
console.log(`- that, plus the groups named by place only ("Beside the article", "Not part of the main text"): **${pct(vague)}**\n`);
console.log('| reader group | found by | removed chars | share | pieces | pages |');
console.log('|---|---|---:|---:|---:|---:|');
for (const [key, t] of rows) {
  const [cause, source] = key.split('|') as [ReaderCause, CauseSource];
  console.log(`| ${causeName(cause, 2)} (${cause}) | ${source} | ${t.chars.toLocaleString('en')} | ${pct(t.chars)} | ${t.pieces} | ${t.pages.size} |`);
}
console.log('\nThe place-only groups by where the piece sits, its link share and its length:\n');
console.log('| kind | removed chars | share of all removed |');
console.log('|---|---:|---:|');
for (const [kind, chars] of [...kinds].sort((a, b) => b[1] - a[1])) console.log(`| ${kind} | ${chars.toLocaleString('en')} | ${pct(chars)} |`);
if (wantExamples > 0) {
  for (const [key, t] of rows) {
    if (!key.endsWith('|named') || VAGUE.has(key.split('|')[0] as ReaderCause)) {
      console.log(`\n## ${key}\n`);
      for (const e of t.examples) console.log(`- ${e.replace(/\|/g, '/')}`);
    }
  }
}

if (values.truth) {
  const vagueAll = vague;
  const notArticle = total - removedArticle;
  console.log('\n## Against the truth text (--truth)\n');
  console.log(`- removed text that is article text (a recall loss, any group): ${removedArticle.toLocaleString('en')} chars, ${pct(removedArticle)} of removed`);
  console.log(`- place-only groups and fallback: ${vagueAll.toLocaleString('en')} chars; of it article text ${vagueArticle.toLocaleString('en')} (${((100 * vagueArticle) / Math.max(1, vagueAll)).toFixed(1)} %), boilerplate ${(vagueAll - vagueArticle).toLocaleString('en')}`);
  console.log(`- target share, of all removed text: **${pct(vagueAll)}**; of removed text that is not article text: **${((100 * (vagueAll - vagueArticle)) / Math.max(1, notArticle)).toFixed(1)} %** (${(vagueAll - vagueArticle).toLocaleString('en')} of ${notArticle.toLocaleString('en')})`);
  if (vagueFallbackArticle) console.log(`- (of the article text, ${vagueFallbackArticle.toLocaleString('en')} chars under the reader's fallback)`);
  const table = (title: string, map: Map<string, number>, of: number): void => {
    console.log(`\n| ${title} | chars | share of all removed | share of this part |`);
    console.log('|---|---:|---:|---:|');
    for (const [kind, chars] of [...map].sort((a, b) => b[1] - a[1])) console.log(`| ${kind} | ${chars.toLocaleString('en')} | ${pct(chars)} | ${((100 * chars) / Math.max(1, of)).toFixed(1)} % |`);
  };
  console.log('\n| pieces named by the reader (place-names.ts), by group | chars | of it article text |');
  console.log('|---|---:|---:|');
  for (const [cause, t] of [...namedByPlace].sort((a, b) => b[1].chars - a[1].chars)) console.log(`| ${causeName(cause, 2)} (${cause}) | ${t.chars.toLocaleString('en')} | ${t.article.toLocaleString('en')} (${((100 * t.article) / Math.max(1, t.chars)).toFixed(1)} %) |`);
  table('article text in the place-only groups, by stage, evidence and place', articleKinds, vagueArticle);
  table('boilerplate in the place-only groups, by place, links and length', boilerKinds, vagueAll - vagueArticle);
  const list = (title: string, examples: TruthExample[]): void => {
    console.log(`\n### ${title} (largest first)\n`);
    for (const e of examples.sort((a, b) => b.chars - a.chars).slice(0, wantExamples)) console.log(`- ${e.page} (${e.chars} chars): ${e.text.replace(/\|/g, '/')}`);
  };
  if (wantExamples > 0) {
    list('Article text under a place-only group', articleExamples);
    list('Boilerplate under a place-only group', boilerExamples);
  }
}
