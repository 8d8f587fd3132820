/**
 * How much article prose the pages hold where the listing profile or the missed-listing pass keeps cards (issue 38):
 * per page of the deciding half, the prose the structural stages kept outside the card group (`proseBesideCards`) and
 * the pass's gain in F1 on that page. A cutoff below every listing that gains is safe there.
 *   nice -n 5 npx tsx tools/ablate-article-guard.ts --shard 0/2      then  --summary
 * daniel-dev is never read here.
 */
import { appendFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { tokenPrf } from '../bench/lib/scoring/token-scores';
import { cardGroup, proseBesideCards } from '../src/page-type/listing-profile';
import { pageRepeats } from '../src/page-type/repeats';
import { ABLATE_CACHE_DIR } from './ablate-readability-text';
import { halfOf, replay, shardPages } from './ablate-passes';

const SETS = ['cleaneval-dev', 'cleanportaleval', 'readability', 'wcxb-dev-sample', 'wcxb-dev-train'];

interface GuardPage {
  set: string;
  id: string;
  site: string;
  type: string;
  pass: 'profile:listing' | 'missed-listing';
  prose: number;
  cards: number;
  gain: number;
}

async function run(shard: string): Promise<void> {
  const path = join(ABLATE_CACHE_DIR, `article-guard-${shard.replace('/', 'of')}.jsonl`);
  writeFileSync(path, '');
  for await (const { set, record, page, site } of shardPages(SETS, shard, 2)) {
    const truth = record.truth_text!;
    const all = replay(page, 'all');
    const paths = new Set(all.ctx.record.runs.map((r) => r.path));
    const summary = all.ctx.pageType;
    const passes: GuardPage['pass'][] = [];
    if (summary?.applied && summary.type === 'listing' && !paths.has('page-type:missed-listing')) passes.push('profile:listing');
    if (paths.has('page-type:missed-listing')) passes.push('missed-listing');
    if (passes.length === 0) continue;
    const before = replay(page, '-stage:page-type').ctx;
    const group = cardGroup(before.snapshot, pageRepeats(before.snapshot));
    const prose = group ? proseBesideCards(before.snapshot, before.record, group) : 0;
    for (const pass of passes) {
      const without = replay(page, `-${pass}`);
      const gain = tokenPrf(all.text, truth).f1 - tokenPrf(without.text, truth).f1;
      const line: GuardPage = { set, id: record.id, site, type: record.page_type ?? '-', pass, prose, cards: group?.chars ?? 0, gain };
      appendFileSync(path, `${JSON.stringify(line)}\n`);
    }
  }
}

function summary(split: string): void {
  const pages = readdirSync(ABLATE_CACHE_DIR).filter((f) => f.startsWith('article-guard-')).flatMap((f) => readFileSync(join(ABLATE_CACHE_DIR, f), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as GuardPage));
  const chosen = pages.filter((p) => (split === 'decide' ? p.set === 'wcxb-dev-train' || halfOf(p.site) === 0 : p.set !== 'wcxb-dev-train' && halfOf(p.site) === 1));
  chosen.sort((a, b) => a.prose - b.prose);
  for (const p of chosen) console.log(`${p.pass.padEnd(16)} ${p.set.padEnd(16)} ${p.type.padEnd(14)} prose ${String(p.prose).padStart(6)} cards ${String(p.cards).padStart(7)} gain ${p.gain >= 0 ? '+' : ''}${p.gain.toFixed(3)}`);
}

const { values } = parseArgs({ options: { shard: { type: 'string', default: '0/1' }, summary: { type: 'boolean' }, split: { type: 'string', default: 'decide' } } });
if (values.summary) summary(values.split!);
else await run(values.shard!);
