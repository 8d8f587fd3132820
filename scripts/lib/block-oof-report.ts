/**
 * Scores the block model's out-of-fold decisions beside the current pipeline, Readability.js and Defuddle on the same
 * rendered pages, and writes the tables: per set, per page type, per language (daniel-dev), and leftover lines.
 */
import { isCertainRemoval } from '../../src/blocks/certain-rules';
import { summarisePrf } from '../../bench/lib/scoring/aggregate';
import { prfFromCounts, snippetCounts } from '../../bench/lib/scoring/snippet-scores';
import { tokenPrf, type Prf } from '../../bench/lib/scoring/token-scores';
import { leftoverLines, truthIndex, type TruthIndex } from './block-labels';
import { readCachedPages, readRecords, type BenchRecord, type CachedPage } from './block-pages';
import type { SetTable } from './block-dataset';

export interface SetPredictions {
  prob: number[];
  cutoff: number[];
}

export const SYSTEMS = ['model', 'model + certain rules', 'pipeline (same blocks)', 'pipeline (reader text)', 'Readability.js', 'Defuddle'] as const;
/** A column: one of SYSTEMS, or one that a report adds (a model variant, the combination). */
export type System = string;

export interface PageScore {
  set: string;
  id: string;
  lang: string;
  pageType: string;
  /** Per system: its score, and the leftover lines of its output (token-scored pages only). */
  scores: Partial<Record<System, { prf: Prf; leftover?: number }>>;
}

const truthIndexes = new WeakMap<BenchRecord, TruthIndex>();

function score(record: BenchRecord, text: string): { prf: Prf; leftover?: number } {
  if (record.truth_text?.trim()) {
    let truth = truthIndexes.get(record);
    if (!truth) truthIndexes.set(record, (truth = truthIndex(record.truth_text)));
    return { prf: tokenPrf(text, record.truth_text), leftover: leftoverLines(text, truth) };
  }
  return { prf: prfFromCounts(snippetCounts(text, record.with ?? [], record.without ?? [])) };
}

function joinBlocks(page: CachedPage, keep: (id: number) => boolean): string {
  return page.snapshot.blocks.filter((b) => keep(b.id)).map((b) => b.text).join('\n');
}

/** Scores every page of a set with the model's decisions (rows of `table`, probabilities and cutoffs of `predictions`). */
export async function scoreSet(table: SetTable, predictions: SetPredictions, baselines: boolean, extra: Partial<Record<System, SetPredictions>> = {}): Promise<PageScore[]> {
  const cached = await readCachedPages(table.set);
  const records = new Map((await readRecords(table.set)).map((r) => [r.id, r]));
  return table.pages.map((p) => {
    const page = cached.get(p.id)!;
    const record = records.get(p.id)!;
    const keptBy = (by: SetPredictions): Set<number> => {
      const kept = new Set<number>();
      for (let r = p.first; r < p.end; r++) if (by.prob[r]! >= by.cutoff[r]!) kept.add(table.block[r]!);
      return kept;
    };
    const kept = keptBy(predictions);
    const certain = new Set(page.snapshot.blocks.filter((b) => isCertainRemoval(page.record.decisions[b.id])).map((b) => b.id));
    const scores: PageScore['scores'] = {
      model: score(record, joinBlocks(page, (id) => kept.has(id))),
      'model + certain rules': score(record, joinBlocks(page, (id) => kept.has(id) && !certain.has(id))),
      'pipeline (same blocks)': score(record, joinBlocks(page, (id) => page.record.decisions[id]?.kept === true)),
      'pipeline (reader text)': score(record, page.pith),
    };
    // Other models' decisions, each read with the certain rules.
    for (const [system, by] of Object.entries(extra) as [System, SetPredictions][]) {
      const keptHere = keptBy(by);
      scores[system] = score(record, joinBlocks(page, (id) => keptHere.has(id) && !certain.has(id)));
    }
    if (baselines) {
      scores['Readability.js'] = score(record, page.readability);
      scores.Defuddle = score(record, page.defuddle);
    }
    return { set: table.set, id: p.id, lang: p.lang, pageType: p.pageType, scores };
  });
}

const f3 = (v: number) => (Number.isFinite(v) ? v.toFixed(3) : 'n/a');
const pct = (v: number) => (Number.isFinite(v) ? `${(100 * v).toFixed(1)} %` : 'n/a');

function column(pages: PageScore[], system: System): { f1: number; low: number; belowReadability: number; leftover: number } | null {
  const scored = pages.filter((p) => p.scores[system]);
  if (scored.length === 0) return null;
  const summary = summarisePrf(scored.map((p) => p.scores[system]!.prf));
  const vsReadability = scored.filter((p) => p.scores['Readability.js']);
  const below = vsReadability.filter((p) => p.scores[system]!.prf.f1 < p.scores['Readability.js']!.prf.f1 - 0.2).length;
  const leftovers = scored.map((p) => p.scores[system]!.leftover).filter((v): v is number => v !== undefined);
  return {
    f1: summary.f1,
    low: summary.lowF1Share,
    belowReadability: vsReadability.length ? below / vsReadability.length : Number.NaN,
    leftover: leftovers.length ? leftovers.reduce((a, b) => a + b, 0) / leftovers.length : Number.NaN,
  };
}

/** One table: a row per group (set, page type or language), F1 per system, then the failure shares and leftovers. */
export function groupTable(title: string, pages: PageScore[], key: (p: PageScore) => string, systems: readonly System[] = SYSTEMS): string {
  const groups = [...new Set(pages.map(key))].sort();
  const lines = [
    `### ${title}`,
    '',
    `| group | pages | ${systems.join(' | ')} |`,
    `|---|---:|${systems.map(() => '---:').join('|')}|`,
  ];
  const rows = [...groups.map((g) => [g, pages.filter((p) => key(p) === g)] as const), ['**all**', pages] as const];
  for (const [g, members] of rows) lines.push(`| ${g} | ${members.length} | ${systems.map((s) => f3(column(members, s)?.f1 ?? Number.NaN)).join(' | ')} |`);
  lines.push('', `Share of pages with F1 < 0.5 / more than 0.2 below Readability.js / leftover lines per page:`, '');
  lines.push(`| group | ${systems.join(' | ')} |`, `|---|${systems.map(() => '---').join('|')}|`);
  for (const [g, members] of rows) {
    lines.push(`| ${g} | ${systems.map((s) => {
      const c = column(members, s);
      return c ? `${pct(c.low)} / ${pct(c.belowReadability)} / ${Number.isFinite(c.leftover) ? c.leftover.toFixed(1) : 'n/a'}` : 'n/a';
    }).join(' | ')} |`);
  }
  return `${lines.join('\n')}\n`;
}
