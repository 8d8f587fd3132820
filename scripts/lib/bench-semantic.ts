/**
 * The benchmark report's semantic-pass section: how many pages kept their structural result, and why; and, per
 * dataset, the structural result (gce alone) beside the full pipeline on the same pages, with the pass's time.
 */
import { median, percentile, summarisePrf } from '../../bench/lib/scoring/aggregate';
import { groupBy } from './bench-groups';
import type { BenchPage } from './bench-page';
import { fixed, markdownTable } from './markdown-table';

const MAX_LISTED = 10;

const ms = (n: number): string => (Number.isNaN(n) ? '–' : String(Math.round(n)));

/** The semantic pass ran on this page (its run is in the record, or the model page failed and said why). */
const ranSemantic = (p: BenchPage): boolean =>
  p.structural !== undefined && (p.pith.semanticError !== undefined || (p.pith.paths ?? []).some((path) => path.startsWith('sore')));

/** Token-scored pages per dataset: P/R/F1 without and with the semantic pass, ΔF1, and the pass's median/p95 ms. */
export function semanticComparison(pages: BenchPage[]): string {
  const ran = pages.filter((p) => ranSemantic(p) && p.scoring === 'tokens');
  const row = (label: string, group: BenchPage[]): string[] => {
    const before = summarisePrf(group.map((p) => p.structural!.score));
    const after = summarisePrf(group.map((p) => p.pith.score));
    const times = group.flatMap((p) => (p.pith.timings?.sore !== undefined ? [p.pith.timings.sore] : []));
    return [
      label,
      String(group.length),
      `${fixed(before.precision)} / ${fixed(before.recall)} / ${fixed(before.f1)}`,
      `${fixed(after.precision)} / ${fixed(after.recall)} / ${fixed(after.f1)}`,
      `${after.f1 - before.f1 >= 0 ? '+' : ''}${(after.f1 - before.f1).toFixed(4)}`,
      `${ms(median(times))} / ${ms(percentile(times, 0.95))}`,
    ];
  };
  if (ran.length === 0) return '';
  const rows = [...groupBy(ran, (p) => p.dataset)].map(([dataset, group]) => row(dataset, group));
  return markdownTable(['dataset', 'pages', 'gce P / R / F1', 'with semantic P / R / F1', 'ΔF1', 'semantic ms median / p95'], [...rows, row('all', ran)]);
}

/** Empty when no page ran the semantic pass. */
export function semanticSection(pages: BenchPage[]): string {
  const ran = pages.filter(ranSemantic);
  if (ran.length === 0) return '';
  const failed = ran.filter((p) => p.pith.semanticError !== undefined);
  // Texts are dropped before the report: a page lost what the structural pass found when its recall fell to 0.
  const lost = ran.filter((p) => p.pith.score.recall === 0 && (p.structural?.score.recall ?? 0) > 0);
  const lines = [
    `Semantic pass on ${ran.length} pages: ${failed.length} kept their structural result because the pass failed or ran out of time; ` +
      `${lost.length} pages lost text the structural pass had.`,
    ...failed.slice(0, MAX_LISTED).map((p) => `- ${p.dataset}/${p.id}: ${p.pith.semanticError}`),
  ];
  if (failed.length > MAX_LISTED) lines.push(`- … and ${failed.length - MAX_LISTED} more (see the predictions file)`);
  const comparison = semanticComparison(pages);
  if (comparison) lines.push('', `Token-scored pages, the same run without and with the pass:`, '', comparison);
  return `## Semantic pass\n\n${lines.join('\n')}`;
}
