/**
 * The benchmark's baseline comparison: Pith beside Readability.js and Defuddle per dataset and, where a dataset labels
 * its pages (wcxb), per page type; and the pages where Pith falls far below Readability.js on the same page.
 */
import { summarisePrf } from '../../bench/lib/scoring/aggregate';
import { groupBy, metricOf } from './bench-groups';
import type { BenchPage, ExtractorResult } from './bench-page';
import { fixed, markdownTable } from './markdown-table';

/** Pith is "far below" Readability.js on a page when its F1 is lower by more than this. */
export const FAR_BELOW = 0.2;
const MAX_PAGES_LISTED = 60;

type Side = 'pith' | 'readability' | 'defuddle';
const SIDES: Side[] = ['pith', 'readability', 'defuddle'];


/** Scored by what most of the group's pages have (as the main report does). */
function scoredPages(pages: BenchPage[]): BenchPage[] {
  const metric = metricOf(pages);
  return pages.filter((p) => p.scoring === metric);
}

const zero: ExtractorResult = { text: '', ms: 0, score: { precision: 0, recall: 0, f1: 0 } };
const result = (page: BenchPage, side: Side): ExtractorResult => page[side] ?? zero;

export function farBelowReadability(page: BenchPage): boolean {
  return page.readability.score.f1 - page.pith.score.f1 > FAR_BELOW;
}

function row(label: string, group: BenchPage[]): string[] {
  const pages = scoredPages(group);
  const cells = SIDES.flatMap((side) => {
    const s = summarisePrf(pages.map((p) => result(p, side).score));
    return [fixed(s.precision), fixed(s.recall), fixed(s.f1)];
  });
  const far = pages.filter(farBelowReadability).length;
  const share = pages.length ? `${far} (${((far / pages.length) * 100).toFixed(1)} %)` : '–';
  return [label, String(pages.length), ...cells, share];
}

const header = (first: string): string[] => [
  first,
  'pages',
  ...SIDES.flatMap((side) => {
    const name = side === 'pith' ? 'Pith' : side === 'readability' ? 'Readability.js' : 'Defuddle';
    return [`${name} P`, `${name} R`, `${name} F1`];
  }),
  `Pith > ${FAR_BELOW} below Readability.js`,
];

function farBelowList(pages: BenchPage[]): string {
  const far = scoredPages(pages)
    .filter(farBelowReadability)
    .sort((a, b) => b.readability.score.f1 - b.pith.score.f1 - (a.readability.score.f1 - a.pith.score.f1));
  if (!far.length) return 'None.';
  const lines = far.slice(0, MAX_PAGES_LISTED).map((p) => {
    const type = p.pageType ? ` (${p.pageType})` : '';
    return `- ${p.dataset}/${p.id}${type}: Pith ${fixed(p.pith.score.f1)}, Readability.js ${fixed(p.readability.score.f1)}, mode ${p.pith.mode ?? '–'}`;
  });
  if (far.length > MAX_PAGES_LISTED) lines.push(`- … and ${far.length - MAX_PAGES_LISTED} more (see the predictions file)`);
  return lines.join('\n');
}

/** The report section: per dataset, per page type, and the list of pages far below Readability.js. */
export function baselinesSection(pages: BenchPage[]): string {
  const byDataset = groupBy(pages, (p) => p.dataset);
  const parts = [
    `## Pith, Readability.js and Defuddle\n\nMean P/R/F1 per dataset (snippet P/R/F1 where the set gives snippets), and the pages where Pith's F1 is more than ${FAR_BELOW} below Readability.js's on the same page.`,
    markdownTable(header('dataset'), [...byDataset].map(([name, group]) => row(name, group))),
  ];
  const typed = [...byDataset].filter(([, group]) => group.some((p) => p.pageType));
  for (const [name, group] of typed) {
    const byType = [...groupBy(group, (p) => p.pageType)].sort(([a, x], [b, y]) => y.length - x.length || a.localeCompare(b));
    parts.push(`### ${name} per page type\n\n${markdownTable(header('page type'), byType.map(([type, list]) => row(type, list)))}`);
  }
  parts.push(`### Pages more than ${FAR_BELOW} below Readability.js\n\n${farBelowList(pages)}`);
  return parts.join('\n\n');
}
