/** The benchmark's Markdown report: quality per dataset and language, time per stage, and which paths ran. */
import { LOW_F1, median, percentile, summarisePrf, type PrfSummary } from '../../bench/lib/scoring/aggregate';
import { prfFromCounts, sumCounts } from '../../bench/lib/scoring/snippet-scores';
import type { BenchPage, Scoring } from './bench-page';
import { causeSection } from './bench-causes';
import { groupBy, languageGroups, metricOf, MIN_LANGUAGE_PAGES, OTHER_LANGUAGE } from './bench-groups';
import { semanticSection } from './bench-semantic';
import { stageGainSection } from './bench-stage-gain';
import { baselinesSection } from './bench-baselines';
import { fixed, markdownTable } from './markdown-table';

const ALL_TOKEN_SCORED = 'all token-scored';
/** Stage timings shown first and last; any other stage a run reports goes in between. */
const FIRST_STAGES = ['snapshot', 'gce', 'fallback'];
const LAST_STAGE = 'total';
const P95 = 0.95;
const MAX_FAILURES_LISTED = 40;

export interface RunInfo {
  date: string;
  stages: string;
  viewport: string;
  concurrency: number;
  pageScripts: boolean;
  browser: string;
  wallMs: number;
  benchDir: string;
}

const percent = (share: number): string => (Number.isNaN(share) ? '–' : `${(share * 100).toFixed(1)} %`);
const millis = (ms: number): string => (Number.isNaN(ms) ? '–' : ms < 10 ? ms.toFixed(1) : String(Math.round(ms)));
const spread = (values: number[]): string =>
  values.length ? `${millis(median(values))} / ${millis(percentile(values, P95))}` : '–';

/** With the sore stage, the structural F1 (gce alone) of the same run stands beside the full pipeline's. */
function hasStructural(pages: BenchPage[]): boolean {
  return pages.some((p) => p.structural !== undefined);
}

function qualityRow(label: string, group: BenchPage[], metric: Scoring, structural: boolean): string[] {
  const pages = group.filter((p) => p.scoring === metric);
  const pith: PrfSummary = summarisePrf(pages.map((p) => p.pith.score));
  const gceOnly = structural ? [fixed(summarisePrf(pages.map((p) => p.structural?.score ?? p.pith.score)).f1)] : [];
  const readability: PrfSummary = summarisePrf(pages.map((p) => p.readability.score));
  const errors = group.filter((p) => p.error || p.pith.error).length;
  return [
    label,
    String(pages.length),
    String(errors),
    metric,
    ...gceOnly,
    fixed(pith.precision),
    fixed(pith.recall),
    fixed(pith.f1),
    fixed(readability.precision),
    fixed(readability.recall),
    fixed(readability.f1),
    percent(pith.lowF1Share),
    percent(readability.lowF1Share),
  ];
}

const qualityHeader = (structural: boolean): string[] => [
  '',
  'pages',
  'errors',
  'metric',
  ...(structural ? ['Pith gce F1'] : []),
  'Pith P',
  'Pith R',
  'Pith F1',
  'Readability P',
  'Readability R',
  'Readability F1',
  `Pith F1 < ${LOW_F1}`,
  `Readability F1 < ${LOW_F1}`,
];

function qualitySection(byDataset: Map<string, BenchPage[]>, all: BenchPage[]): string {
  const structural = hasStructural(all);
  const rows = [...byDataset].map(([name, pages]) => qualityRow(name, pages, metricOf(pages), structural));
  if (byDataset.size > 1 && all.some((p) => p.scoring === 'tokens')) rows.push(qualityRow(ALL_TOKEN_SCORED, all, 'tokens', structural));
  const parts = [markdownTable(['dataset', ...qualityHeader(structural).slice(1)], rows)];
  const micro = [...byDataset].flatMap(([name, pages]) => {
    const withSnippets = pages.filter((p) => p.pith.snippets && p.readability.snippets);
    if (!withSnippets.length) return [];
    const prf = (side: 'pith' | 'readability'): string => {
      const s = prfFromCounts(sumCounts(withSnippets.flatMap((p) => p[side].snippets ?? [])));
      return `${fixed(s.precision)} / ${fixed(s.recall)} / ${fixed(s.f1)}`;
    };
    return [[name, String(withSnippets.length), prf('pith'), prf('readability')]];
  });
  if (micro.length) {
    parts.push(
      'Snippets (`with` found = true positive, missed = false negative; `without` found = false positive), ' +
        "counted over all of a dataset's snippets at once, as trafilatura's own evaluation does:",
      markdownTable(['dataset', 'pages', 'Pith P / R / F1', 'Readability P / R / F1'], micro),
    );
  }
  return parts.join('\n\n');
}

function languageSection(byDataset: Map<string, BenchPage[]>): string {
  const parts: string[] = [];
  for (const [name, pages] of byDataset) {
    const ordered = languageGroups(pages);
    const metric = metricOf(pages);
    const structural = hasStructural(pages);
    const rows = ordered.map(([lang, group]) => qualityRow(lang, group, metric, structural));
    parts.push(`### ${name}\n\n${markdownTable(['language', ...qualityHeader(structural).slice(1)], rows)}`);
  }
  return parts.join('\n\n');
}

function stageNames(pages: BenchPage[]): string[] {
  const seen = new Set<string>();
  for (const p of pages) for (const key of Object.keys(p.pith.timings ?? {})) seen.add(key);
  const middle = [...seen].filter((k) => !FIRST_STAGES.includes(k) && k !== LAST_STAGE).sort();
  return [...FIRST_STAGES, ...middle, LAST_STAGE];
}

function timingSection(byDataset: Map<string, BenchPage[]>, all: BenchPage[]): string {
  const stages = stageNames(all);
  const header = ['dataset', 'pages', 'load', ...stages, 'Pith extract + text', 'Readability'];
  const row = (label: string, pages: BenchPage[]): string[] => {
    const ok = pages.filter((p) => !p.error);
    const stage = (name: string): number[] =>
      ok.flatMap((p) => (p.pith.timings && name in p.pith.timings ? [p.pith.timings[name]] : []));
    return [
      label,
      String(ok.length),
      spread(ok.flatMap((p) => (p.loadMs === undefined ? [] : [p.loadMs]))),
      ...stages.map((s) => spread(stage(s))),
      spread(ok.filter((p) => !p.pith.error).map((p) => p.pith.ms)),
      spread(ok.filter((p) => !p.readability.error).map((p) => p.readability.ms)),
    ];
  };
  const rows = [...byDataset].map(([name, pages]) => row(name, pages));
  if (byDataset.size > 1) rows.push(row('all', all));
  return markdownTable(header, rows);
}

function countsText(values: string[]): string {
  const counts = [...groupBy(values, (v) => v)].sort(([a, x], [b, y]) => y.length - x.length || a.localeCompare(b));
  return counts.map(([value, list]) => `${value} ${list.length}`).join(', ') || '–';
}

function pathSection(byDataset: Map<string, BenchPage[]>): string {
  const rows = [...byDataset].map(([name, pages]) => [
    name,
    countsText(pages.flatMap((p) => p.pith.paths ?? [])),
    countsText(pages.flatMap((p) => (p.pith.mode ? [p.pith.mode] : []))),
  ]);
  return markdownTable(['dataset', 'stage paths (record.runs[].path)', 'mode'], rows, 99);
}

function failureSection(pages: BenchPage[]): string {
  const failures = pages.flatMap((p) => {
    const reasons = [
      p.error && `page: ${p.error}`,
      !p.error && p.pith.error && `Pith: ${p.pith.error}`,
      !p.error && p.readability.error && `Readability: ${p.readability.error}`,
    ].filter((r): r is string => typeof r === 'string');
    return reasons.map((r) => `- ${p.dataset}/${p.id}: ${r}`);
  });
  if (!failures.length) return 'None.';
  const shown = failures.slice(0, MAX_FAILURES_LISTED);
  const more = failures.length - shown.length;
  return [...shown, ...(more > 0 ? [`- … and ${more} more (see the predictions file)`] : [])].join('\n');
}

export function benchReport(pages: BenchPage[], info: RunInfo): string {
  const byDataset = groupBy(pages, (p) => p.dataset);
  const minutes = Math.floor(info.wallMs / 60_000);
  const seconds = ((info.wallMs % 60_000) / 1000).toFixed(1);
  return [
    `# Pith benchmark, ${info.date}, stages ${info.stages}`,
    [
      `${pages.length} pages from ${info.benchDir} in ${minutes} min ${seconds} s wall`,
      `(${info.browser}, viewport ${info.viewport}, ${info.concurrency} pages in parallel, page scripts ${info.pageScripts ? 'on' : 'off'}).`,
      'Pith = `__pith.extract` + text export; Readability = `__pith.readabilityText()`, Defuddle = `__pith.defuddleText()` on the same rendered page.',
      'Quality is the mean over pages of token precision/recall/F1 (bag of tokens with multiplicity, lower-cased,',
      'punctuation dropped, one token per Han/Kana character), or of snippet P/R/F1 where a set gives `with`/`without`',
      'snippets instead of a text. A page that failed scores 0; a page without truth of its dataset\'s kind is not scored.',
    ].join('\n'),
    `## Quality per dataset\n\n${qualitySection(byDataset, pages)}`,
    stageGainSection(pages, info.stages),
    baselinesSection(pages),
    `## Quality per language\n\nLanguages with fewer than ${MIN_LANGUAGE_PAGES} pages in a dataset are pooled as "${OTHER_LANGUAGE}".\n\n${languageSection(byDataset)}`,
    `## Time per page, ms (median / p95)\n\nStages from \`extraction.timings\`, over the pages where the stage ran; load = opening the page until \`window.__pith\` is ready.\n\n${timingSection(byDataset, pages)}`,
    `## Paths\n\n${pathSection(byDataset)}`,
    `## Removal causes\n\n${causeSection(pages)}`,
    `## Failures\n\n${failureSection(pages)}`,
    semanticSection(pages),
  ].filter(Boolean).join('\n\n') + '\n';
}
