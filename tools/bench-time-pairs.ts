/**
 * Compares the structural pass's time of two versions of the code page by page, from the per-page `.jsonl` files of
 * `npm run bench` runs made one after the other on the same machine and pages (alternate A and B runs, so that the
 * machine's drift falls on both):
 *   npx tsx tools/bench-time-pairs.ts --a old-1.jsonl,old-2.jsonl --b new-1.jsonl,new-2.jsonl [--labels old,new]
 * Per stage of `extraction.timings`: the median over pages of each page's time (its fastest run: contention can only
 * lengthen a run), and the median of the per-page ratios B / A, which the machine's load moves less than two separate
 * medians. Then, per version, the median over pages of the structural pass's time (`total`) over Readability.js's own
 * time on the same page in the same browser (issue 38's "at most 3×"), each the page's fastest run.
 */
import { parseArgs } from 'node:util';
import { median } from '../bench/lib/scoring/aggregate';
import { readJsonLines } from '../scripts/lib/jsonl';

interface BenchRow {
  dataset: string;
  id: string;
  pith?: { timings?: Record<string, number> };
  readability?: { ms?: number; error?: string };
}

/** The stage name under which Readability.js's own time (the benchmark's baseline run) is kept per page. */
const READABILITY_JS = 'readability.js';

const { values } = parseArgs({ options: { a: { type: 'string' }, b: { type: 'string' }, labels: { type: 'string', default: 'A,B' } } });
if (!values.a || !values.b) {
  console.error('Usage: npx tsx tools/bench-time-pairs.ts --a A1.jsonl[,A2.jsonl…] --b B1.jsonl[,B2.jsonl…] [--labels A,B]');
  process.exit(2);
}

/** Each page's times per stage: the fastest of the runs that timed it. */
async function byPage(files: string): Promise<Map<string, Map<string, number>>> {
  const runs = new Map<string, Map<string, number[]>>();
  for (const file of files.split(',')) {
    for await (const line of readJsonLines(file)) {
      if ('error' in line) throw new Error(`${file}: ${line.error}`);
      const row = line.value as BenchRow;
      const page = `${row.dataset}/${row.id}`;
      const stages = runs.get(page) ?? new Map<string, number[]>();
      runs.set(page, stages);
      for (const [stage, ms] of Object.entries(row.pith?.timings ?? {})) stages.set(stage, [...(stages.get(stage) ?? []), ms]);
      const own = row.readability?.ms;
      if (own !== undefined && own > 0 && !row.readability?.error) stages.set(READABILITY_JS, [...(stages.get(READABILITY_JS) ?? []), own]);
    }
  }
  return new Map([...runs].map(([page, stages]) => [page, new Map([...stages].map(([stage, ms]) => [stage, Math.min(...ms)]))]));
}

const a = await byPage(values.a);
const b = await byPage(values.b);
const [la, lb] = values.labels!.split(',');
const fmt = (n: number): string => (n < 20 ? n.toFixed(1) : Math.round(n).toLocaleString('en-US'));
const stages = [...new Set([...a.values(), ...b.values()].flatMap((s) => [...s.keys()]))].sort((x, y) => (x === 'total' ? 1 : y === 'total' ? -1 : 0));
const lines = [`| stage | ${la} median ms | ${lb} median ms | median of per-page ${lb} / ${la} | pages with both |`, '|---|---:|---:|---:|---:|'];
for (const stage of stages) {
  const left = [...a].filter(([, s]) => s.has(stage)).map(([page, s]) => [page, s.get(stage)!] as const);
  const right = [...b].filter(([, s]) => s.has(stage)).map(([page, s]) => [page, s.get(stage)!] as const);
  const rightOf = new Map(right);
  const both = left.filter(([page, ms]) => rightOf.has(page) && ms > 0);
  const ratio = both.length > 0 ? median(both.map(([page, ms]) => rightOf.get(page)! / ms)).toFixed(2) : '–';
  const m = (list: readonly (readonly [string, number])[]) => (list.length > 0 ? fmt(median(list.map(([, ms]) => ms))) : '–');
  lines.push(`| ${stage} | ${m(left)} | ${m(right)} | ${ratio} | ${both.length} |`);
}
/** Median over pages of total / Readability.js, each the page's fastest run. */
function ratioToReadability(pages: Map<string, Map<string, number>>): string {
  const ratios = [...pages.values()].flatMap((s) => (s.has('total') && (s.get(READABILITY_JS) ?? 0) > 0 ? [s.get('total')! / s.get(READABILITY_JS)!] : []));
  return ratios.length > 0 ? `${median(ratios).toFixed(2)}× (${ratios.length} pages)` : '–';
}
lines.push('', `Median over pages of the structural pass (total) / Readability.js's own time on the page: ${la} ${ratioToReadability(a)}, ${lb} ${ratioToReadability(b)}`);
console.log(lines.join('\n'));
