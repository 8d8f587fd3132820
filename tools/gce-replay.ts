/**
 * Replays the block cache's snapshots (node_modules/.cache/pith-blocks or /work/cache/pith-blocks) through every
 * structural stage and the page-type stage in Node, as tools/removed-causes.ts does (Readability on the snapshot's copy
 * of the page, happy-dom), with the layout stage's parameters of one variant, and scores each page against its truth.
 *   nice -n 5 npx tsx tools/gce-replay.ts run --variant base|<name> [--sets a,b] [--half even|odd|all] [--shard i/n] --out FILE
 *   npx tsx tools/gce-replay.ts diagnose [--sets a,b] [--half even] [--examples N]   (why the container stops short)
 *   npx tsx tools/gce-replay.ts bound [--any-cause] [--strict] [--sets a,b] [--half even] --out PREFIX     (the most a change could regain)
 *   npx tsx tools/gce-replay.ts check [--sets a,b]      (the rebuilt Readability verdict against the exact one)
 *   npx tsx tools/gce-replay.ts report --before FILE[,FILE] --after FILE[,FILE]       (the before/after tables)
 * The half is the one tools/removed-causes.ts uses (FNV-1a of the page id, even or odd).
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { keptText } from '../src/decisions/record';
import type { Decision } from '../src/decisions/types';
import type { GceParams } from '../src/gce/params';
import { extractionOf, newContext, runStages, stagesFrom, stagesUntil } from '../src/pipeline/run-stages';
import { rebuiltVerdict, verdictCheck } from './gce-verdict';
import type { Extraction } from '../src/pipeline/types';
import type { PageSnapshot } from '../src/snapshot/types';
import { tokenPrf } from '../bench/lib/scoring/token-scores';
import { readJsonLines } from '../scripts/lib/jsonl';
import { datasetPath } from '../scripts/lib/block-pages';
import { blockShares, CONTENT_SHARE, leftoverLines, truthIndex } from '../scripts/lib/block-labels';
import { tokenize } from '../src/text/tokenize';
import { nodeReadabilityTexts } from './ablate-readability-text';
import { diagnose } from './gce-diagnose';
import { report } from './gce-report';
import { PROJECT_ROOT } from '../vite.page.config';

/**
 * The layout-stage variants to measure (base: the defaults). The column climb measured in
 * bench/results/2026-11-28-gce-recall.md (variants column-0.5, -0.7, -0.85) is in commit 59f2c5c, not here: it gained
 * nothing.
 */
export const VARIANTS: Record<string, Partial<GceParams>> = {
  base: {},
};

export const DEV_SETS = ['readability', 'cleaneval-dev', 'cleanportaleval', 'wcxb-dev-sample'];
export const cacheDir = resolve([join(PROJECT_ROOT, 'node_modules/.cache/pith-blocks'), '/work/cache/pith-blocks'].find((d) => existsSync(join(d, 'readability.jsonl'))) ?? '.');

function idHash(id: string): number {
  let h = 2166136261;
  for (const c of id) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return h;
}
export const inHalf = (id: string, half: string): boolean => half === 'all' || (idHash(id) % 2 === 0) === (half === 'even');

export interface Truth {
  text: string;
  type: string;
  lang: string;
}

/** Per dataset: page id → truth text, page type and language (the page HTML is not kept). */
export async function truths(dataset: string): Promise<Map<string, Truth>> {
  const out = new Map<string, Truth>();
  for await (const line of readJsonLines(datasetPath(dataset))) {
    if (!('value' in line)) continue;
    const r = line.value as { id: string; truth_text?: string; page_type?: string; lang?: string };
    if (r.truth_text?.trim()) out.set(r.id, { text: r.truth_text, type: r.page_type ?? '-', lang: r.lang ?? '-' });
  }
  return out;
}

export interface CachedLine {
  id: string;
  snapshot: PageSnapshot;
  /** The Chromium run's record and container (the snapshot carries no copy of the page, so Readability cannot run again). */
  record: Extraction['record'];
  mainNode: number;
  mode: string;
  readability?: string;
}

/** Every cached page of a set in the half that has a truth, one at a time. */
export async function* cachedPages(dataset: string, half: string, shard = '0/1'): AsyncGenerator<{ page: CachedLine; truth: Truth }> {
  const path = join(cacheDir, `${dataset}.jsonl`);
  if (!existsSync(path)) return;
  const [index, count] = shard.split('/').map(Number) as [number, number];
  const known = await truths(dataset);
  let n = 0;
  for await (const line of readJsonLines(path)) {
    if (!('value' in line)) continue;
    const page = line.value as CachedLine;
    const truth = known.get(page.id);
    if (!truth || !inHalf(page.id, half)) continue;
    if (n++ % count !== index) continue;
    yield { page, truth };
  }
}

/** The stages whose decisions the `article` stage leaves: a block without one was appended by a profile. */
const STRUCTURAL: ReadonlySet<string> = new Set(['snapshot', 'gce', 'overlay', 'readability']);

function structuralBlocks(page: CachedLine): number {
  const decisions = page.record.decisions;
  const n = page.snapshot.blocks.findIndex((b) => {
    for (let d: Decision | undefined = decisions[b.id]; d; d = d.supersedes) if (STRUCTURAL.has(d.stage)) return false;
    return true;
  });
  return n < 0 ? page.snapshot.blocks.length : n;
}

/**
 * Every stage over one cached page with the layout stage's parameters `gce`, Readability's verdict rebuilt from the
 * Chromium run (tools/gce-verdict.ts) in place of a Readability run.
 */
export function extract(page: CachedLine, gce: Partial<GceParams>): Extraction {
  const blocks = structuralBlocks(page);
  const snapshot = blocks === page.snapshot.blocks.length ? page.snapshot : { ...page.snapshot, blocks: page.snapshot.blocks.slice(0, blocks) };
  const ctx = newContext(snapshot, { gce });
  runStages(ctx, stagesUntil('readability'));
  ctx.readability = rebuiltVerdict(page, blocks);
  runStages(ctx, stagesFrom('article'));
  return extractionOf(ctx, {});
}

export interface PageScore {
  set: string;
  id: string;
  type: string;
  lang: string;
  rjsF1: number | null;
  f1: number;
  precision: number;
  recall: number;
  leftover: number;
  chars: number;
  mainNode: number;
  mode: string;
  /** The replay keeps exactly the blocks the Chromium run kept. */
  sameAsCached: boolean;
}

async function run(sets: string[], half: string, variant: string, shard: string, out: string): Promise<void> {
  const gce = VARIANTS[variant];
  if (!gce) throw new Error(`unknown variant ${variant} (${Object.keys(VARIANTS).join(', ')})`);
  writeFileSync(out, '');
  let n = 0;
  for (const set of sets) {
    const nodeRjs = nodeReadabilityTexts(set);
    for await (const { page, truth } of cachedPages(set, half, shard)) {
      let extraction: Extraction;
      try {
        extraction = extract(page, gce);
      } catch (error) {
        process.stderr.write(`${set}/${page.id}: ${String(error).slice(0, 120)}\n`);
        continue;
      }
      const text = keptText(extraction.snapshot.blocks, extraction.record);
      const prf = tokenPrf(text, truth.text);
      const rjs = page.readability || nodeRjs.get(page.id);
      const score: PageScore = {
        set,
        id: page.id,
        type: truth.type,
        lang: truth.lang,
        rjsF1: rjs === undefined ? null : tokenPrf(rjs, truth.text).f1,
        f1: prf.f1,
        precision: prf.precision,
        recall: prf.recall,
        leftover: leftoverLines(text, truthIndex(truth.text)),
        chars: text.length,
        mainNode: extraction.mainNode,
        mode: extraction.mode,
        sameAsCached: extraction.snapshot.blocks.every((b) => Boolean(extraction.record.decisions[b.id]?.kept) === Boolean(page.record.decisions[b.id]?.kept)),
      };
      appendFileSync(out, `${JSON.stringify(score)}\n`);
      if (++n % 100 === 0) process.stderr.write(`${variant} ${shard}: ${n} pages\n`);
    }
  }
  process.stderr.write(`${variant} ${shard}: ${n} pages written to ${out}\n`);
}

/**
 * The most any change to the layout stage's container could regain in the Chromium run: each page's kept text as
 * cached, and the same with every block of article text (the block model's label) that the layout stage put outside
 * its container (with --any-cause: removed for any cause; with --strict: only blocks with at least 0.9 of their
 * tokens in the truth whose words are not kept elsewhere already) brought back in document order. Writes `<out>-cached.jsonl`
 * and `<out>-bound.jsonl`.
 */
async function bound(sets: string[], half: string, out: string, anyCause: boolean, strict: boolean): Promise<void> {
  writeFileSync(`${out}-cached.jsonl`, '');
  writeFileSync(`${out}-bound.jsonl`, '');
  for (const set of sets) {
    for await (const { page, truth } of cachedPages(set, half)) {
      const blocks = page.snapshot.blocks;
      const index = truthIndex(truth.text);
      const ids = blocks.flatMap((b, i) => (b.visible && tokenize(b.text).length > 0 ? [i] : []));
      const shares = blockShares(ids.map((i) => blocks[i]!.text), index);
      const article = new Set(ids.filter((_, k) => shares[k]! >= (strict ? 0.9 : CONTENT_SHARE)));
      const outside = (id: number): boolean => {
        for (let d: Decision | undefined = page.record.decisions[id]; d; d = d.supersedes) if (d.evidence.kind === 'outside-main-container') return true;
        return false;
      };
      const kept = blocks.filter((b) => page.record.decisions[b.id]?.kept);
      const keptWords = tokenize(kept.map((b) => b.text).join('\n')).join(' ');
      const repeat = (text: string): boolean => keptWords.includes(tokenize(text).join(' '));
      const regained = blocks.filter((b) => page.record.decisions[b.id]?.kept || (article.has(b.id) && (anyCause || outside(b.id)) && !(strict && repeat(b.text))));
      for (const [suffix, chosen] of [['cached', kept], ['bound', regained]] as const) {
        const text = chosen.map((b) => b.text).join('\n');
        const prf = tokenPrf(text, truth.text);
        const rjs = page.readability;
        const score: PageScore = { set, id: page.id, type: truth.type, lang: truth.lang, rjsF1: rjs ? tokenPrf(rjs, truth.text).f1 : null, f1: prf.f1, precision: prf.precision, recall: prf.recall, leftover: leftoverLines(text, index), chars: text.length, mainNode: page.mainNode, mode: page.mode, sameAsCached: true };
        appendFileSync(`${out}-${suffix}.jsonl`, `${JSON.stringify(score)}\n`);
      }
    }
  }
}

/** How far the rebuilt Readability verdict's stand-in agrees with the exact one (fallback pages), per set. */
async function check(sets: string[], half: string): Promise<void> {
  for (const set of sets) {
    let agree = 0;
    let total = 0;
    for await (const { page } of cachedPages(set, half)) {
      const c = verdictCheck(page);
      agree += c.agree;
      total += c.total;
    }
    console.log(`${set}: the stand-in agrees on ${((100 * agree) / Math.max(1, total)).toFixed(1)} % of ${total.toLocaleString('en')} chars`);
  }
}

export function readScores(files: string): PageScore[] {
  return files.split(',').flatMap((f) => readFileSync(f, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as PageScore));
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      sets: { type: 'string' },
      half: { type: 'string', default: 'all' },
      variant: { type: 'string', default: 'base' },
      shard: { type: 'string', default: '0/1' },
      out: { type: 'string' },
      examples: { type: 'string', default: '20' },
      cached: { type: 'boolean', default: false },
      'any-cause': { type: 'boolean', default: false },
      strict: { type: 'boolean', default: false },
      before: { type: 'string' },
      after: { type: 'string' },
    },
  });
  const sets = values.sets?.split(',') ?? DEV_SETS;
  const mode = positionals[0];
  if (mode === 'run') await run(sets, values.half!, values.variant!, values.shard!, values.out ?? `/tmp/gce-${values.variant}.jsonl`);
  else if (mode === 'diagnose') await diagnose(sets, values.half!, Number(values.examples), VARIANTS[values.variant!] ?? {}, values.cached!);
  else if (mode === 'check') await check(sets, values.half!);
  else if (mode === 'bound') await bound(sets, values.half!, values.out ?? '/tmp/gce-bound', values['any-cause']!, values.strict!);
  else if (mode === 'report') report(readScores(values.before!), readScores(values.after!));
  else throw new Error('usage: gce-replay.ts run|diagnose|report (see the header)');
}

if (process.argv[1]?.endsWith('gce-replay.ts')) await main();
