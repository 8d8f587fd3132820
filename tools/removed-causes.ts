/**
 * How much removed text the reader files under a group without a specific cause (issue 36's target: at most 5 %).
 * Replays the block cache's snapshots (node_modules/.cache/pith-blocks or /work/cache/pith-blocks, one JSON line per
 * page) through the structural stages (Readability on happy-dom) and the page-type profile, as the reader does, and sums the removed characters
 * of every piece "What was removed" lists by its reader cause and by how that cause was found: named by a stage,
 * named by the evidence, or the reader's fallback (a stage gave no cause). Prints a Markdown report.
 * `--engine-names` leaves out the reader's naming of pieces the engine named only by place (src/render/place-names.ts):
 * the share before that naming, for a before/after comparison.
 *   npx tsx tools/removed-causes.ts [--cache DIR] [--datasets a,b] [--half even|odd|all] [--examples N] [--engine-names]
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Window } from 'happy-dom';
import { applyPageTypeProfile, runStructuralStages } from '../src/pipeline/extract-page';
import { placeNames } from '../src/render/place-names';
import { removedPieces } from '../src/render/removal-summary';
import { causeName, readerCauseWithSource, type CauseSource, type ReaderCause } from '../src/render/vocabulary';
import type { PageSnapshot } from '../src/snapshot/types';
import { readJsonLines } from '../scripts/lib/jsonl';
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
  },
});
const cacheDir = resolve(values.cache ?? [join(PROJECT_ROOT, 'node_modules/.cache/pith-blocks'), '/work/cache/pith-blocks'].find((d) => existsSync(join(d, 'readability.jsonl'))) ?? '.');
const datasets = values.datasets?.split(',') ?? DEV_SETS;

function idHash(id: string): number {
  let h = 2166136261;
  for (const c of id) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return h;
}
const inHalf = (id: string): boolean => values.half === 'all' || (idHash(id) % 2 === 0) === (values.half === 'even');

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
  for await (const line of readJsonLines(path)) {
    if (!('value' in line)) continue;
    const { id, snapshot } = line.value as { id: string; snapshot: PageSnapshot };
    if (!inHalf(id)) continue;
    let extraction;
    // Readability parses the snapshot's copy of the page: a fresh happy-dom window per page lends it a DOMParser.
    const window = new Window();
    (globalThis as { DOMParser?: unknown }).DOMParser = window.DOMParser;
    try {
      extraction = applyPageTypeProfile(runStructuralStages(snapshot));
    } catch (error) {
      failed += 1;
      process.stderr.write(`${dataset}/${id}: ${String(error).slice(0, 120)}\n`);
      continue;
    } finally {
      await window.happyDOM.close();
    }
    pages += 1;
    const blocks = extraction.snapshot.blocks;
    const names = values['engine-names'] ? new Map<number, ReaderCause>() : placeNames(extraction.snapshot, extraction.record);
    for (const { cause, piece } of removedPieces(blocks, extraction.record, names)) {
      const members = piece.blocks.map((b) => blocks[b]!);
      const chars = members.reduce((n, b) => n + b.text.replace(/\s+/g, ' ').trim().length, 0);
      const decision = extraction.record.decisions[piece.block]!;
      const { source } = readerCauseWithSource(decision, members, names.get(piece.block));
      const detail = source === 'named' ? '' : ` [${source}; stage ${decision.stage}, evidence ${decision.evidence.kind}]`;
      total += chars;
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
