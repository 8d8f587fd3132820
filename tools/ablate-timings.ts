/**
 * Time per stage of the structural pass, from the run logs of the cached Chromium reads (node_modules/.cache/pith-blocks;
 * taken on a shared, loaded machine: the figures are provisional) and, for the stages from `link-clusters` on, from the
 * Node replay of the current code over the same pages.
 *   nice -n 5 npx tsx tools/ablate-timings.ts [--sets a,b]
 * Readability's own time inside the pass (`readability` run) stands for Readability.js's time on the same page.
 */
import { parseArgs } from 'node:util';
import { readCachedPages } from '../scripts/lib/block-pages';
import { replay } from './ablate-passes';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : Number.NaN;
};

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { sets: { type: 'string', default: 'cleaneval-dev,cleanportaleval,readability,wcxb-dev-sample' } } });
  const chromium = new Map<string, number[]>();
  const node = new Map<string, number[]>();
  const ratios: number[] = [];
  for (const set of values.sets!.split(',')) {
    for (const page of (await readCachedPages(set)).values()) {
      const per = new Map<string, number>([['snapshot', page.snapshot.stats.ms]]);
      for (const run of page.record.runs) {
        const stage = run.path.split(':')[0]!;
        if (run.path === 'readability:reread' || run.path === 'readability:sibling-sections') continue;
        per.set(stage, Math.max(per.get(stage) ?? 0, run.ms));
      }
      for (const [stage, ms] of per) chromium.set(stage, [...(chromium.get(stage) ?? []), ms]);
      const total = [...per.values()].reduce((a, b) => a + b, 0);
      const readability = per.get('readability') ?? 0;
      if (readability > 0) ratios.push(total / readability);
      for (const [stage, ms] of Object.entries(replay(page, 'all').timings)) node.set(stage, [...(node.get(stage) ?? []), ms]);
    }
  }
  console.log('| stage | median ms, Chromium run log | median ms, Node replay |\n|---|---|---|');
  for (const [stage, ms] of chromium) console.log(`| ${stage} | ${median(ms).toFixed(1)} | ${node.has(stage) ? median(node.get(stage)!).toFixed(1) : ''} |`);
  console.log(`\nMedian over pages of (structural pass total / Readability's own time in it), Chromium run logs: ${median(ratios).toFixed(1)}× (${ratios.length} pages)`);
}

await main();
