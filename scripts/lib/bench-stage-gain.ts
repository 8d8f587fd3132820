/**
 * The benchmark report's side-by-side for a stage added after the structural ones (perplexity; sore has its own
 * section too): per dataset and per language, the structural result (gce alone) of the same run beside the result
 * with the stage, precision first, and how many pages the stage changed. One run then shows the whole comparison
 * the stage's targets ask for ("≥ gce in F1 with higher precision, on every set and language row").
 */
import { summarisePrf } from '../../bench/lib/scoring/aggregate';
import { groupBy, languageGroups, metricOf } from './bench-groups';
import type { BenchPage } from './bench-page';
import { markdownTable } from './markdown-table';

const signed = (x: number): string => `${x >= 0 ? '+' : ''}${x.toFixed(4)}`;
const prf = (s: { precision: number; recall: number; f1: number }): string => [s.precision, s.recall, s.f1].map((x) => x.toFixed(4)).join(' / ');

function gainRow(label: string, group: BenchPage[]): string[] {
  const before = summarisePrf(group.map((p) => p.structural!.score));
  const after = summarisePrf(group.map((p) => p.pith.score));
  const changed = group.filter((p) => p.structural!.score.f1 !== p.pith.score.f1 || p.structural!.score.precision !== p.pith.score.precision);
  const dP = after.precision - before.precision;
  const dF1 = after.f1 - before.f1;
  // The targets' rule, per row: F1 not lower and precision higher.
  const verdict = dF1 < 0 ? 'F1 lower' : dP > 0 ? 'meets' : dP < 0 ? 'P lower' : 'P equal';
  return [label, String(group.length), prf(before), prf(after), signed(dP), signed(dF1), String(changed.length), verdict];
}

/** Empty unless the run kept the structural result beside the full one. */
export function stageGainSection(pages: BenchPage[], stages: string): string {
  const compared = pages.filter((p) => p.structural !== undefined && !p.error && !p.pith.error);
  if (compared.length === 0) return '';
  const header = ['', 'pages', 'gce P / R / F1', `${stages} P / R / F1`, 'ΔP', 'ΔF1', 'pages changed', 'ΔF1 ≥ 0 and ΔP > 0'];
  const parts: string[] = [];
  const byDataset = [...groupBy(compared, (p) => p.dataset)];
  const rows = byDataset.map(([dataset, group]) => gainRow(dataset, group.filter((p) => p.scoring === metricOf(group))));
  parts.push(markdownTable(['dataset', ...header.slice(1)], rows));
  for (const [dataset, group] of byDataset) {
    const scored = group.filter((p) => p.scoring === metricOf(group));
    const languages = languageGroups(scored);
    if (languages.length < 2) continue;
    parts.push(`### ${dataset} per language\n\n${markdownTable(['language', ...header.slice(1)], languages.map(([lang, g]) => gainRow(lang, g)))}`);
  }
  return [
    `## gce alone against ${stages}`,
    'Mean P / R / F1 over the pages of the same run, before and after the stages that follow the structural ones (pages that failed are left out).',
    ...parts,
  ].join('\n\n');
}
