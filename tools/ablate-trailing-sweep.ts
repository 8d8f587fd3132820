/**
 * Chooses the constants of the trailing-links pass (src/page-type/trailing-links.ts) on the deciding pages: replays the
 * cached Chromium reads with the pass off, then scores every combination of its constants per page.
 *   nice -n 5 npx tsx tools/ablate-trailing-sweep.ts --shard 0/2     (writes node_modules/.cache/pith-ablate/trailing-sweep-<i>of<n>.jsonl)
 *   npx tsx tools/ablate-trailing-sweep.ts --summary [--split decide|confirm]
 * daniel-dev is never read here.
 */
import { appendFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { tokenPrf } from '../bench/lib/scoring/token-scores';
import { leftoverLines, truthIndex } from '../scripts/lib/block-labels';
import { trailingLinkRuns, type TrailingLinkParams } from '../src/page-type/trailing-links';
import { ABLATE_CACHE_DIR } from './ablate-readability-text';
import { halfOf, replay, shardPages } from './ablate-passes';

const SETS = ['cleaneval-dev', 'cleanportaleval', 'readability', 'wcxb-dev-sample', 'wcxb-dev-train'];

function combos(): { key: string; params: TrailingLinkParams; guard: 'any' | 'not-listing' }[] {
  const out = [];
  for (const minProse of [300, 600, 1200])
    for (const maxItem of [120, 200, 300])
      for (const minLinkShare of [0.5, 0.7])
        for (const minItems of [3, 5])
          for (const guard of ['any', 'not-listing'] as const) out.push({ key: `${minProse}/${maxItem}/${minLinkShare}/${minItems}/${guard}`, params: { minProse, maxItem, minLinkShare, minItems }, guard });
  return out;
}

interface SweepPage {
  set: string;
  id: string;
  site: string;
  type: string;
  base: { f1: number; leftover: number };
  /** Only the combinations that change the page. */
  moved: Record<string, { f1: number; leftover: number }>;
}

async function run(shard: string): Promise<void> {
  const path = join(ABLATE_CACHE_DIR, `trailing-sweep-${shard.replace('/', 'of')}.jsonl`);
  writeFileSync(path, '');
  const all = combos();
  for await (const { set, record, page, site } of shardPages(SETS, shard, 2)) {
    const truthText = record.truth_text!;
    const { ctx, text } = replay(page, '-trailing-links');
    const truth = truthIndex(truthText);
    const out: SweepPage = { set, id: record.id, site, type: record.page_type ?? '-', base: { f1: tokenPrf(text, truthText).f1, leftover: leftoverLines(text, truth) }, moved: {} };
    const listing = ctx.pageType?.applied && (ctx.pageType.label === 'Listing' || ctx.pageType.label === 'Collection');
    const seen = new Map<string, { f1: number; leftover: number }>();
    for (const c of all) {
      if (c.guard === 'not-listing' && listing) continue;
      const removed = new Set(trailingLinkRuns(ctx.snapshot, ctx.record, c.params).flatMap((r) => r.blocks));
      if (removed.size === 0) continue;
      const sig = [...removed].join(',');
      let s = seen.get(sig);
      if (!s) {
        const kept = ctx.snapshot.blocks.filter((b) => ctx.record.decisions[b.id]?.kept && !removed.has(b.id)).map((b) => b.text).join('\n');
        s = { f1: tokenPrf(kept, truthText).f1, leftover: leftoverLines(kept, truth) };
        seen.set(sig, s);
      }
      out.moved[c.key] = s;
    }
    appendFileSync(path, `${JSON.stringify(out)}\n`);
  }
}

function summary(split: 'decide' | 'confirm', only?: string): void {
  const files = readdirSync(ABLATE_CACHE_DIR).filter((f) => f.startsWith('trailing-sweep-'));
  const pages = files.flatMap((f) => readFileSync(join(ABLATE_CACHE_DIR, f), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as SweepPage));
  const inSplit = pages.filter((p) => (split === 'decide' ? p.set === 'wcxb-dev-train' || halfOf(p.site) === 0 : p.set !== 'wcxb-dev-train' && halfOf(p.site) === 1));
  const groups = [...new Set(inSplit.map((p) => p.set))];
  const keys = only ? [only] : combos().map((c) => c.key);
  const rows = keys.map((key) => {
    const cells = groups.map((g) => {
      const ps = inSplit.filter((p) => p.set === g);
      const gain = ps.reduce((s, p) => s + ((p.moved[key]?.f1 ?? p.base.f1) - p.base.f1), 0) / ps.length;
      const left = ps.reduce((s, p) => s + ((p.moved[key]?.leftover ?? p.base.leftover) - p.base.leftover), 0) / ps.length;
      const acts = ps.filter((p) => p.moved[key]).length;
      return { gain, left, acts };
    });
    return { key, cells, worst: Math.min(...cells.map((c) => c.gain)), total: cells.reduce((s, c) => s + c.gain, 0) };
  });
  rows.sort((a, b) => b.total - a.total);
  console.log(`| constants (minProse/maxItem/minLinkShare/minItems/guard) | ${groups.join(' | ')} |`);
  console.log(`|---|${groups.map(() => '---').join('|')}|`);
  for (const r of rows.slice(0, only ? 1 : 25)) console.log(`| ${r.key} | ${r.cells.map((c) => `${c.gain >= 0 ? '+' : ''}${c.gain.toFixed(4)} / ${c.left >= 0 ? '+' : ''}${c.left.toFixed(2)} (${c.acts})`).join(' | ')} |`);
  if (!only) {
    console.log('\nper page type (wcxb pages of this split), best combination by total:');
    const best = rows[0]!.key;
    for (const type of [...new Set(inSplit.filter((p) => p.type !== '-').map((p) => p.type))]) {
      const ps = inSplit.filter((p) => p.type === type);
      const gain = ps.reduce((s, p) => s + ((p.moved[best]?.f1 ?? p.base.f1) - p.base.f1), 0) / ps.length;
      console.log(`${type}: ${ps.length} pages, ${gain >= 0 ? '+' : ''}${gain.toFixed(4)} (${ps.filter((p) => p.moved[best]).length} acted)`);
    }
  }
}

const { values } = parseArgs({ options: { shard: { type: 'string', default: '0/1' }, summary: { type: 'boolean' }, split: { type: 'string', default: 'decide' }, only: { type: 'string' } } });
if (existsSync(ABLATE_CACHE_DIR) && values.summary) summary(values.split as 'decide' | 'confirm', values.only);
else await run(values.shard!);
