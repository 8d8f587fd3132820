/**
 * One benchmark page: Pith and Readability in the same Chromium on the same rendered page, each timed, then scored
 * against the record's truth (token P/R/F1, or snippets for sets that give `with`/`without` instead of a text).
 */
import type { SelectableStage } from './stages';
import { prfFromCounts, snippetCounts, type SnippetCounts } from '../../bench/lib/scoring/snippet-scores';
import { tokenPrf, type Prf } from '../../bench/lib/scoring/token-scores';
import type { DatasetItem } from './bench-datasets';
import { oneLine } from './cli-options';
import { addSemantic, runDefuddle, runReadability, runStructural, wantsPerplexity, wantsSemantic, type PithRun } from './in-page';
import type { LoadOptions } from './open-page';
import { addDeepClean, type NodeLm } from './deep-clean';
import type { ModelPage } from './model-page';
import type { PerplexityPage } from './perplexity-page';
import type { PagePool } from './page-pool';
import { recordSource } from './page-source';
import type { PageRecord } from './records';

/** How a page's primary score is computed; 'none' when the record has neither a truth text nor snippets. */
export type Scoring = 'tokens' | 'snippets' | 'none';

export interface ExtractorResult {
  text: string;
  ms: number;
  score: Prf;
  /** Whenever the record has `with`/`without` snippets, also for token-scored pages (a second view). */
  snippets?: SnippetCounts;
  error?: string;
}

export interface BenchPage {
  dataset: string;
  id: string;
  lang: string;
  /** The dataset's page type label (wcxb), for the per-type table. */
  pageType?: string;
  scoring: Scoring;
  /** Wall time from opening the page to window.__pith being ready (load, layout, bundle import). */
  loadMs?: number;
  pith: ExtractorResult & { mode?: string; timings?: Record<string, number>; paths?: string[]; removedByCause?: Record<string, number>; semanticError?: string };
  /** With the sore or the perplexity stage: the structural result (gce alone) of the same run, for the side-by-side. */
  structural?: ExtractorResult;
  readability: ExtractorResult;
  /** Defuddle, the second baseline; absent on pages that could not be loaded. */
  defuddle?: ExtractorResult;
  /** The page could not be loaded at all (both extractors then score 0). */
  error?: string;
}

export interface BenchPageOptions {
  stages: SelectableStage[] | undefined;
  models?: ModelPage;
  /** Runs the perplexity stage with models kept for the run (else it runs in each content page). */
  perplexityHost?: PerplexityPage;
  /** The dripper stage's language model (deep clean runs in the page after the structural stages). */
  lm?: NodeLm;
  load: LoadOptions;
}

const UNKNOWN_LANG = 'und';

function hasSnippets(record: Pick<PageRecord, 'with' | 'without'>): boolean {
  return (record.with?.length ?? 0) + (record.without?.length ?? 0) > 0;
}

/** The truth text when there is one, else the snippets (trafilatura's set gives only those). */
export function scoringFor(record: Pick<PageRecord, 'truth_text' | 'with' | 'without'>): Scoring {
  if (record.truth_text?.trim()) return 'tokens';
  return hasSnippets(record) ? 'snippets' : 'none';
}

function scored(record: PageRecord, scoring: Scoring, text: string, ms: number, error?: string): ExtractorResult {
  const snippets = hasSnippets(record) ? snippetCounts(text, record.with ?? [], record.without ?? []) : undefined;
  const score = snippets && scoring === 'snippets' ? prfFromCounts(snippets) : tokenPrf(text, record.truth_text ?? '');
  return { text, ms, score, snippets, error };
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
    return { dataset, id: item.id, lang: UNKNOWN_LANG, scoring: 'none', pith: failed, readability: failed, error: item.error };
  }
  const { record } = item;
  const scoring = scoringFor(record);
  const base = { dataset, id: record.id, lang: record.lang || UNKNOWN_LANG, pageType: record.page_type, scoring };
  const opened = performance.now();
  const semantic = wantsSemantic(options.stages, options.models);
  // Perplexity in the long-lived host page, as the extension runs it (not with deep clean, which follows it in-page).
  const perplexityHost = wantsPerplexity(options.stages) && !options.lm ? options.perplexityHost : undefined;
  try {
    const { lm } = options;
    const load = lm ? { ...options.load, timeoutMs: options.load.timeoutMs + lm.options.timeoutMs } : options.load;
    const inPage = await pool.withPage(worker, recordSource(record.id, record.html, record.url), load, async (page) => {
      const loadMs = performance.now() - opened;
      const structural = await attempt(async () => {
        const run = await runStructural(page, 'text', semantic || lm !== undefined || perplexityHost !== undefined, wantsPerplexity(options.stages) && !perplexityHost);
        return lm ? addDeepClean(page, run, 'text', lm, {}, semantic) : run;
      });
      const readability = await attempt(() => runReadability(page));
      const defuddle = await attempt(() => runDefuddle(page));
      return { loadMs, structural, readability, defuddle };
    });
    // After the page is closed and outside its time limit: a failed semantic pass keeps the structural text.
    const { readability, defuddle, loadMs } = inPage;
    let { structural } = inPage;
    const beforePerplexity = structural.value;
    if (perplexityHost && beforePerplexity) {
      try {
        structural = { value: await perplexityHost.run(beforePerplexity, semantic) };
      } catch (error) {
        // The structural result stands; the run says why the stage is missing.
        const failed = { stage: 'perplexity' as const, path: 'perplexity:failed', ms: 0, note: `perplexity host: ${oneLine(error)}` };
        structural = { value: { ...beforePerplexity, runs: [...beforePerplexity.runs, failed] } };
      }
    }
    const pith: { value?: PithRun; error?: string } =
      semantic && options.models && structural.value ? { value: await addSemantic(structural.value, 'text', options.models) } : structural;
    return {
      ...base,
      loadMs,
      pith: {
        ...scored(record, scoring, pith.value?.output ?? '', pith.value?.ms ?? 0, pith.error),
        mode: pith.value?.mode,
        timings: pith.value?.timings,
        paths: pith.value?.runs.map((r) => r.path),
        removedByCause: pith.value?.removedByCause,
        semanticError: pith.value?.semanticError,
      },
      readability: scored(record, scoring, readability.value?.text ?? '', readability.value?.ms ?? 0, readability.error),
      defuddle: scored(record, scoring, defuddle.value?.text ?? '', defuddle.value?.ms ?? 0, defuddle.error),
      structural: pith.value?.structuralOutput === undefined ? undefined : scored(record, scoring, pith.value.structuralOutput, 0),
    };
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
