/**
 * Ablation of the hand-written passes (research, not product): replays the cached Chromium reads of the benchmark
 * pages (node_modules/.cache/pith-blocks, see scripts/lib/block-pages.ts) in Node with all passes on, then with one
 * pass (src/pipeline/passes.ts) or stage switched off at a time, and scores each page's kept text against its truth.
 *   nice -n 5 npx tsx tools/ablate-passes.ts run --shard 0/2 [--tag before] [--sets a,b] [--variants all,-reader-comments] [--train-every 2] [--limit N]
 *   npx tsx tools/ablate-report.ts [--tag before] [--moved 5]            (the tables)
 * `run` writes per-page scores to node_modules/.cache/pith-ablate/ablation-<tag>-<i>of<n>.jsonl, a line per page as it is scored (two shards at once at most).
 * The cache holds no page HTML, so Readability cannot run again: each page starts from the record as the `article`
 * stage left it (every decision of a later stage undone), and the stages from `link-clusters` on run again. A pass
 * inside Readability's own reading (`reread`) cannot be replayed; `hidden-article` is switched off by undoing its
 * keeps (its blocks then read as Readability left them: removed).
 */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { keptText } from '../src/decisions/record';
import type { Decision, DecisionRecord, StageName } from '../src/decisions/types';
import type { ExtractOptions } from '../src/pipeline/page-api';
import { PASS_IDS, type PassId } from '../src/pipeline/passes';
import { newContext, runStages, stagesFrom } from '../src/pipeline/run-stages';
import type { StageContext, StageId } from '../src/pipeline/stages';
import type { PageSnapshot } from '../src/snapshot/types';
import { PROFILE_CUTOFFS } from '../src/page-type';
import { tokenPrf } from '../bench/lib/scoring/token-scores';
import { leftoverLines, truthIndex } from '../scripts/lib/block-labels';
import { readCachedPages, readRecords, type BenchRecord, type CachedPage } from '../scripts/lib/block-pages';
import { ABLATE_CACHE_DIR, nodeReadabilityTexts } from './ablate-readability-text';

/** In the order read: the dev sets first, then daniel-dev (scored with every pass on only), then the training pages. */
export const ABLATION_SETS = ['cleaneval-dev', 'cleanportaleval', 'readability', 'wcxb-dev-sample', 'daniel-dev', 'wcxb-dev-train'] as const;

/** Stage switches ablated beside the passes (the stages before them decide the article and always run). */
const STAGE_SWITCHES = ['link-clusters', 'article-parts', 'removal-rules', 'page-type'] as const satisfies readonly StageId[];
/** Passes inside Readability's reading, which the cache cannot replay. */
const NOT_REPLAYABLE: ReadonlySet<PassId> = new Set(['reread']);
/** Keeps made by passes of the `article` stage, known by the start of their reason. */
const ARTICLE_STAGE_KEEPS: Partial<Record<PassId, string>> = {
  'hidden-article': 'Hidden on the page until its scripts run',
};

export type Variant = 'all' | `-${PassId}` | `-stage:${(typeof STAGE_SWITCHES)[number]}`;

export function variants(): Variant[] {
  return ['all', ...PASS_IDS.filter((p) => !NOT_REPLAYABLE.has(p)).map((p) => `-${p}` as Variant), ...STAGE_SWITCHES.map((s) => `-stage:${s}` as Variant)];
}

/** One page's scores under one variant. */
export interface VariantScore {
  f1: number;
  leftover: number;
  /** The kept text's length (to see what a page loses or gains). */
  chars: number;
}

export interface PageResult {
  set: string;
  id: string;
  site: string;
  type: string;
  lang: string;
  rjsF1: number | null;
  /** F1 of the cached Chromium run's kept blocks (to check the replay). */
  cachedF1: number;
  /** Whether the replay with every pass on keeps exactly the blocks the Chromium run kept. */
  sameAsCached: boolean;
  scores: Partial<Record<Variant, VariantScore>>;
}

/** The stages whose decisions the `article` stage leaves (GCE's hidden, overlay and empty blocks among them). */
const ARTICLE_STAGE_NAMES: ReadonlySet<StageName> = new Set(['snapshot', 'gce', 'overlay', 'readability']);

/** The decision a block had when the `article` stage ended: later stages' decisions undone. */
function articleDecision(decision: Decision | undefined): Decision | undefined {
  let d = decision;
  while (d && !ARTICLE_STAGE_NAMES.has(d.stage)) d = d.supersedes;
  return d;
}

function baseRecord(page: CachedPage, without?: string): { record: DecisionRecord; blocks: number } {
  const decisions: Decision[] = [];
  let blocks = 0;
  for (const block of page.snapshot.blocks) {
    const d = articleDecision(page.record.decisions[block.id]);
    if (!d) break; // blocks a profile appended (a product's JSON-LD data) come last and had no structural decision
    blocks++;
    const { supersedes: _, ...plain } = d;
    decisions[block.id] = without && d.kept && d.reason.startsWith(without)
      ? { block: block.id, kept: false, stage: 'readability', reason: 'Not part of the article according to the structural extractor (Readability)', evidence: { kind: 'structural-extractor', extractor: 'readability', kept: false } }
      : plain;
  }
  const runs = page.record.runs.filter((r) => ARTICLE_STAGE_NAMES.has(r.stage));
  return { record: { decisions, runs }, blocks };
}

/**
 * The snapshot as the structural stages read it (without blocks a profile appended), one object per page: the
 * stages memoise per snapshot what does not depend on the record (repeated groups, rule matches), so every variant
 * of a page reads the same object.
 */
const structuralSnapshots = new WeakMap<CachedPage, PageSnapshot>();
function structuralSnapshot(page: CachedPage, blocks: number): PageSnapshot {
  let snapshot = structuralSnapshots.get(page);
  if (!snapshot) structuralSnapshots.set(page, (snapshot = blocks === page.snapshot.blocks.length ? page.snapshot : { ...page.snapshot, blocks: page.snapshot.blocks.slice(0, blocks) }));
  return snapshot;
}

/** Replays the stages from `link-clusters` on over the page as the `article` stage left it. */
export function replay(page: CachedPage, variant: Variant): { text: string; kept: Set<number>; acted: Set<Variant>; timings: Record<string, number>; ctx: StageContext } {
  const passId = variant.startsWith('-') && !variant.startsWith('-stage:') ? (variant.slice(1) as PassId) : null;
  const stageId = variant.startsWith('-stage:') ? (variant.slice('-stage:'.length) as StageId) : null;
  const { record, blocks } = baseRecord(page, passId ? ARTICLE_STAGE_KEEPS[passId] : undefined);
  const snapshot = structuralSnapshot(page, blocks);
  const options: ExtractOptions = {};
  if (passId) options.passes = { [passId]: false };
  if (stageId) options.stages = { [stageId]: false };
  const ctx = newContext(snapshot, options, undefined, record);
  ctx.mainNode = page.mainNode;
  ctx.mode = page.mode;
  const gceRun = page.record.runs.find((r) => r.stage === 'gce' && r.note?.startsWith('not used'));
  ctx.rejection = gceRun ? gceRun.note!.slice('not used: '.length) : null;
  runStages(ctx, stagesFrom('link-clusters'));
  const kept = new Set(ctx.snapshot.blocks.filter((b) => ctx.record.decisions[b.id]?.kept).map((b) => b.id));
  return { text: keptText(ctx.snapshot.blocks, ctx.record), kept, acted: variant === 'all' ? actedPasses(ctx, record) : new Set(), timings: ctx.timings, ctx };
}

/**
 * The variants that can differ from `all` on this page: a pass that made no decision with every pass on changes
 * nothing when switched off (every stage switch is always run).
 */
function actedPasses(ctx: StageContext, base: DecisionRecord): Set<Variant> {
  const acted = new Set<Variant>(STAGE_SWITCHES.map((s) => `-stage:${s}` as Variant));
  const paths = new Set(ctx.record.runs.map((r) => r.path));
  for (const pass of ['missed-listing', 'missed-sections', 'reader-comments', 'trailing-links'] as const) if (paths.has(`page-type:${pass}`)) acted.add(`-${pass}`);
  const summary = ctx.pageType;
  if (summary && summary.confidence >= PROFILE_CUTOFFS[summary.type]) {
    acted.add(`-profile:${summary.type}` as Variant);
    if (summary.type === 'collection') for (const p of PASS_IDS) if (p.startsWith('collection:')) acted.add(`-${p}`);
  }
  for (const [pass, prefix] of Object.entries(ARTICLE_STAGE_KEEPS)) if (base.decisions.some((d) => d?.kept && d.reason.startsWith(prefix!))) acted.add(`-${pass}` as Variant);
  return acted;
}

export function siteOf(url: string | null | undefined, id: string): string {
  try {
    return new URL(url ?? '').hostname.replace(/^www\./, '') || id;
  } catch {
    return id;
  }
}

/** The pages of one shard (`i/n`) as `run` reads them: every `trainEvery`-th training page; pages with a truth and a cached read. */
export async function* shardPages(sets: readonly string[], shard: string, trainEvery: number): AsyncGenerator<{ set: string; record: BenchRecord; page: CachedPage; site: string }> {
  const [index, count] = shard.split('/').map(Number);
  let n = 0;
  for (const set of sets) {
    const cached = await readCachedPages(set);
    for (const record of await readRecords(set)) {
      if (n++ % count !== index) continue;
      if (set === 'wcxb-dev-train' && trainEvery > 1 && (n - 1) % (count * trainEvery) >= count) continue;
      const page = cached.get(record.id);
      if (!page || !record.truth_text) continue;
      yield { set, record, page, site: siteOf(record.url ?? page.snapshot.url, record.id) };
    }
  }
}

/** FNV-1a of the site: the half a dev page falls in (0 decides, 1 confirms). */
export function halfOf(site: string): 0 | 1 {
  let h = 2166136261;
  for (const c of site) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return (h & 1) as 0 | 1;
}

function shardPath(shard: string, tag: string): string {
  return join(ABLATE_CACHE_DIR, `ablation-${tag}-${shard.replace('/', 'of')}.jsonl`);
}

async function run(sets: string[], shard: string, tag: string, only: Variant[] | null, trainEvery: number, limit?: number): Promise<void> {
  const [index, count] = shard.split('/').map(Number);
  const results: PageResult[] = [];
  mkdirSync(ABLATE_CACHE_DIR, { recursive: true });
  const path = shardPath(shard, tag);
  writeFileSync(path, '');
  const all = only ?? variants();
  let n = 0;
  for (const set of sets) {
    const cached = await readCachedPages(set);
    const nodeRjs = nodeReadabilityTexts(set);
    const records = (await readRecords(set)).slice(0, limit);
    for (const record of records) {
      if (n++ % count !== index) continue;
      if (set === 'wcxb-dev-train' && trainEvery > 1 && (n - 1) % (count * trainEvery) >= count) continue;
      const page = cached.get(record.id);
      if (!page || !record.truth_text) continue;
      const truth = record.truth_text;
      const index_ = truthIndex(truth);
      const rjsText = page.readability || nodeRjs.get(record.id);
      const cachedKept = new Set(page.snapshot.blocks.filter((b) => page.record.decisions[b.id]?.kept).map((b) => b.id));
      const result: PageResult = {
        set,
        id: record.id,
        site: siteOf(record.url ?? page.snapshot.url, record.id),
        type: record.page_type ?? '-',
        lang: record.lang ?? '-',
        rjsF1: rjsText === undefined ? null : tokenPrf(rjsText, truth).f1,
        cachedF1: tokenPrf(keptText(page.snapshot.blocks, page.record), truth).f1,
        sameAsCached: false,
        scores: {},
      };
      let acted = new Set<Variant>();
      for (const variant of all) {
        if (variant !== 'all' && !acted.has(variant)) continue;
        if (set === 'daniel-dev' && variant !== 'all' && variant !== '-reader-comments' && variant !== '-trailing-links') continue; // evaluation only: never for choosing // the same as `all` (read as such by the report)
        const out = replay(page, variant);
        if (variant === 'all') {
          acted = out.acted;
          result.sameAsCached = out.kept.size === cachedKept.size && [...out.kept].every((id) => cachedKept.has(id));
        }
        result.scores[variant] = { f1: tokenPrf(out.text, truth).f1, leftover: leftoverLines(out.text, index_), chars: out.text.length };
      }
      results.push(result);
      appendFileSync(path, `${JSON.stringify(result)}\n`); // a run stopped early keeps what it scored
      if (results.length % 100 === 0) console.error(`shard ${shard}: ${results.length} pages`);
    }
  }
  console.error(`shard ${shard}: ${results.length} pages written to ${path}`);
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { shard: { type: 'string', default: '0/1' }, sets: { type: 'string' }, limit: { type: 'string' }, tag: { type: 'string', default: 'before' }, variants: { type: 'string' }, 'train-every': { type: 'string', default: '1' } },
  });
  const sets = values.sets ? values.sets.split(',') : [...ABLATION_SETS];
  const only = values.variants ? (values.variants.split(',') as Variant[]) : null;
  if (positionals[0] === 'run') await run(sets, values.shard!, values.tag!, only, Number(values['train-every']), values.limit ? Number(values.limit) : undefined);
  else throw new Error('usage: ablate-passes.ts run --shard i/n (tables: tools/ablate-report.ts)');
}

if (process.argv[1]?.endsWith('ablate-passes.ts')) await main();
