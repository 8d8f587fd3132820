/** Calls into window.__pith in a loaded page. Formatting happens in the page, so only text crosses to Node. */
import type { Page } from 'playwright-core';
import type { StageName, StageRun } from '../../src/decisions/types';
import type { ExportFormat, Extraction } from '../../src/pipeline/types';
import { oneLine } from './cli-options';
import type { ModelPage } from './model-page';

export interface PithRun {
  output: string;
  /** The structural result (before SORE) when the semantic stage ran too, for the benchmark's side-by-side. */
  structuralOutput?: string;
  /** extract() plus format(), measured in the page; plus the semantic pass when it ran. */
  ms: number;
  mode: string;
  timings: Record<string, number>;
  runs: StageRun[];
  /** The semantic pass failed or ran out of time: `output` is the structural result, and this says why. */
  semanticError?: string;
}

/** The in-page (structural) part of a run, with the extraction when a semantic pass is to follow. */
export interface StructuralRun extends PithRun {
  extraction?: Extraction;
}

export interface ReadabilityRun {
  text: string;
  ms: number;
}

export function wantsSemantic(stages: StageName[] | undefined, models: ModelPage | undefined): models is ModelPage {
  return models !== undefined && (stages?.includes('sore') ?? false);
}

/** The structural pipeline in the loaded page (what the page's own time limit covers). */
export async function runStructural(page: Page, format: ExportFormat, keepExtraction = false): Promise<StructuralRun> {
  const run = await page.evaluate(
    async ({ format, keepExtraction }) => {
      const api = window.__pith;
      if (!api) throw new Error('window.__pith is not installed');
      const started = performance.now();
      const extraction = await api.extract();
      const output = api.format(extraction, format);
      return {
        output,
        ms: performance.now() - started,
        mode: extraction.mode,
        timings: extraction.timings,
        runs: extraction.record.runs,
        extraction: keepExtraction ? extraction : undefined,
      };
    },
    { format, keepExtraction },
  );
  return { ...run, extraction: run.extraction ?? undefined };
}

/**
 * The semantic pass over a structural run, in the model page, after the content page is closed (so the page's
 * time limit never takes the structural result with it). When the pass fails or runs out of time, the structural
 * output stands and `semanticError` says why.
 */
export async function addSemantic(structural: StructuralRun, format: ExportFormat, models: ModelPage): Promise<PithRun> {
  const { extraction, ...base } = structural;
  if (!extraction) return base;
  try {
    const result = await models.run(extraction, format);
    return {
      output: result.output,
      structuralOutput: structural.output,
      ms: structural.ms + (result.timings.sore ?? 0),
      mode: result.mode,
      timings: result.timings,
      runs: result.runs,
      semanticError: result.error,
    };
  } catch (error) {
    return { ...base, structuralOutput: structural.output, semanticError: oneLine(error) };
  }
}

/** Structural pipeline, then (with 'sore' among the stages) the semantic pass: for callers without a page limit. */
export async function runPith(page: Page, stages: StageName[] | undefined, format: ExportFormat, models?: ModelPage): Promise<PithRun> {
  if (!wantsSemantic(stages, models)) return runStructural(page, format);
  return addSemantic(await runStructural(page, format, true), format, models);
}

export function runReadability(page: Page): Promise<ReadabilityRun> {
  return page.evaluate(() => {
    const api = window.__pith;
    if (!api) throw new Error('window.__pith is not installed');
    return api.readabilityText();
  });
}
