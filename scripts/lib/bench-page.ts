/**
 * One benchmark page: Pith and Readability in the same Chromium on the same rendered page, each timed, then scored
 * against the record's truth (token P/R/F1, or snippets for sets that give `with`/`without` instead of a text).
 */
import type { SnippetCounts } from '../../src/scoring/snippet-scores';
import { prfFromCounts, snippetCounts } from '../../src/scoring/snippet-scores';
import { tokenPrf, type Prf } from '../../src/scoring/token-scores';
import type { DatasetItem } from './bench-datasets';
import { oneLine } from './cli-options';
import { runPith, runReadability } from './in-page';
import type { LoadOptions } from './open-page';
import type { PagePool } from './page-pool';
import { recordSource } from './page-source';
import type { PageRecord } from './records';
import type { StageName } from '../../src/decisions/types';

export type Scoring = 'tokens' | 'snippets';

export interface ExtractorResult {
  text: string;
  ms: number;
  score: Prf;
  snippets?: SnippetCounts;
  error?: string;
}

export interface BenchPage {
  dataset: string;
  id: string;
  lang: string;
  scoring: Scoring;
  /** Wall time from opening the page to window.__pith being ready (load, layout, bundle import). */
  loadMs?: number;
  pith: ExtractorResult & { mode?: string; timings?: Record<string, number>; paths?: string[] };
  readability: ExtractorResult;
  /** The page could not be loaded at all (both extractors then score 0). */
  error?: string;
}

export interface BenchPageOptions {
  stages: StageName[] | undefined;
  load: LoadOptions;
}

const UNKNOWN_LANG = 'und';

export function scoringFor(record: Pick<PageRecord, 'truth_text' | 'with' | 'without'>): Scoring {
  const hasSnippets = (record.with?.length ?? 0) + (record.without?.length ?? 0) > 0;
  return hasSnippets && !record.truth_text?.trim() ? 'snippets' : 'tokens';
}

function scored(record: PageRecord, scoring: Scoring, text: string, ms: number, error?: string): ExtractorResult {
  if (scoring === 'tokens') return { text, ms, score: tokenPrf(text, record.truth_text ?? ''), error };
  const snippets = snippetCounts(text, record.with ?? [], record.without ?? []);
  return { text, ms, score: prfFromCounts(snippets), snippets, error };
}

async function attempt<T>(run: () => Promise<T>): Promise<{ value?: T; error?: string }> {
  try {
    return { value: await run() };
  } catch (error) {
    return { error: oneLine(error) };
  }
}

export async function benchPage(
  pool: PagePool,
  worker: number,
  { dataset, item }: DatasetItem,
  options: BenchPageOptions,
): Promise<BenchPage> {
  if (!('record' in item)) {
    const failed = { text: '', ms: 0, score: { precision: 0, recall: 0, f1: 0 }, error: item.error };
    return { dataset, id: item.id, lang: UNKNOWN_LANG, scoring: 'tokens', pith: failed, readability: failed, error: item.error };
  }
  const { record } = item;
  const scoring = scoringFor(record);
  const base = { dataset, id: record.id, lang: record.lang || UNKNOWN_LANG, scoring };
  const opened = performance.now();
  try {
    return await pool.withPage(worker, recordSource(record.id, record.html, record.url), options.load, async (page) => {
      const loadMs = performance.now() - opened;
      const pith = await attempt(() => runPith(page, options.stages, 'text'));
      const readability = await attempt(() => runReadability(page));
      return {
        ...base,
        loadMs,
        pith: {
          ...scored(record, scoring, pith.value?.output ?? '', pith.value?.ms ?? 0, pith.error),
          mode: pith.value?.mode,
          timings: pith.value?.timings,
          paths: pith.value?.runs.map((r) => r.path),
        },
        readability: scored(record, scoring, readability.value?.text ?? '', readability.value?.ms ?? 0, readability.error),
      };
    });
  } catch (error) {
    const message = oneLine(error);
    return {
      ...base,
      pith: scored(record, scoring, '', 0, message),
      readability: scored(record, scoring, '', 0, message),
      error: message,
    };
  }
}
