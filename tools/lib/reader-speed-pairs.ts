/**
 * Paired comparison of reader-speed runs (`--raw` files of two builds, run alternately on the same pages): per phase,
 * the median over pages of each page's A and B times and the median of the per-page differences (B − A), which
 * the machine's load moves less than two separate medians.
 */
import { median } from '../../bench/lib/scoring/aggregate';
import { PHASES, type PagePhases } from '../../scripts/lib/reader-speed-report';

const fmt = (n: number): string => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '–');

/** Each page's time for a phase: the median over the runs of that page. */
function byPage(runs: readonly PagePhases[], mark: string): Map<string, number> {
  const times = new Map<string, number[]>();
  for (const page of runs) if (page.at[mark] !== undefined) times.set(page.id, [...(times.get(page.id) ?? []), page.at[mark]]);
  return new Map([...times].map(([id, values]) => [id, median(values)]));
}

export function pairedTable(a: readonly PagePhases[], b: readonly PagePhases[], labels: { a: string; b: string }): string {
  const lines = [
    `| phase | ${labels.a} median ms | ${labels.b} median ms | median of per-page B − A | pages |`,
    '|---|---:|---:|---:|---:|',
  ];
  for (const { mark, label } of PHASES) {
    const left = byPage(a, mark);
    const right = byPage(b, mark);
    const ids = [...left.keys()].filter((id) => right.has(id));
    if (ids.length === 0) continue;
    const diff = median(ids.map((id) => right.get(id)! - left.get(id)!));
    lines.push(`| ${label} | ${fmt(median(ids.map((id) => left.get(id)!)))} | ${fmt(median(ids.map((id) => right.get(id)!)))} | ${diff > 0 ? '+' : ''}${fmt(diff)} | ${ids.length} |`);
  }
  return lines.join('\n');
}
