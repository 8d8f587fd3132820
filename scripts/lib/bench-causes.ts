/**
 * The benchmark's "Removal causes" section: how the removed text of each dataset splits over the causes of
 * `src/decisions/causes.ts`, and how much of it says only which stage decided (`stage-decided`, or no cause).
 */
import type { BenchPage } from './bench-page';
import { markdownTable } from './markdown-table';

/** Causes that name no specific reason. */
const UNSPECIFIC = new Set(['stage-decided', 'none']);
const TOP_CAUSES = 8;

function pct(part: number, whole: number): string {
  return whole > 0 ? `${((100 * part) / whole).toFixed(1)} %` : '–';
}

function totals(pages: BenchPage[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const page of pages) {
    for (const [cause, chars] of Object.entries(page.pith.removedByCause ?? {})) out.set(cause, (out.get(cause) ?? 0) + chars);
  }
  return out;
}

export function causeSection(pages: BenchPage[]): string {
  const datasets = [...new Set(pages.map((p) => p.dataset))].sort();
  const rows: string[][] = [];
  const all = totals(pages);
  for (const name of [...datasets, 'all']) {
    const byCause = name === 'all' ? all : totals(pages.filter((p) => p.dataset === name));
    const removed = [...byCause.values()].reduce((a, b) => a + b, 0);
    const unspecific = [...byCause].filter(([c]) => UNSPECIFIC.has(c)).reduce((a, [, n]) => a + n, 0);
    const top = [...byCause]
      .filter(([c]) => !UNSPECIFIC.has(c))
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP_CAUSES)
      .map(([c, n]) => `${c} ${pct(n, removed)}`)
      .join(', ');
    rows.push([name, String(removed), pct(removed - unspecific, removed), pct(unspecific, removed), top]);
  }
  const total = [...all.values()].reduce((a, b) => a + b, 0);
  const distribution = [...all].sort((a, b) => b[1] - a[1]).map(([c, n]) => [c, String(n), pct(n, total)]);
  return [
    'Share of removed text (characters of removed blocks) by the cause its decision names; "stage only" = `stage-decided` or no cause.',
    markdownTable(['dataset', 'removed chars', 'specific cause', 'stage only', 'top causes'], rows, 1),
    '### All datasets, every cause',
    markdownTable(['cause', 'removed chars', 'share'], distribution),
  ].join('\n\n');
}
