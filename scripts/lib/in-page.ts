/** Calls into window.__pith in a loaded page. Formatting happens in the page, so only text crosses to Node. */
import type { Page } from 'playwright-core';
import type { StageRun } from '../../src/decisions/types';
import type { SelectableStage } from './stages';
import type { ExportOptions } from '../../src/export/options';
import type { ExportFormat, Extraction } from '../../src/pipeline/types';
import { oneLine } from './cli-options';
import type { ModelPage } from './model-page';

export interface PithRun {
  output: string;
  /** The structural result (gce alone) when the semantic or the perplexity stage ran too, for the benchmark's side-by-side. */
  structuralOutput?: string;
  /** extract() plus format(), measured in the page; plus the semantic pass when it ran. */
  ms: number;
  mode: string;
  timings: Record<string, number>;
  runs: StageRun[];
  /** Characters of removed text per removal cause of the structural result ('none' for a removal without one). */
  removedByCause: Record<string, number>;
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

export function wantsSemantic(stages: SelectableStage[] | undefined, models: ModelPage | undefined): models is ModelPage {
  return models !== undefined && (stages?.includes('sore') ?? false);
}

export function wantsPerplexity(stages: SelectableStage[] | undefined): boolean {
  return stages?.includes('perplexity') ?? false;
}

/** The structural pipeline in the loaded page (what the page's own time limit covers), with perplexity when asked. */
export async function runStructural(
  page: Page,
  format: ExportFormat,
  keepExtraction = false,
  perplexity: boolean | Partial<import('../../src/perplexity/stage').PerplexityParams> = false,
  exportOptions: ExportOptions = {},
): Promise<StructuralRun> {
  const run = await page.evaluate(
    async ({ format, keepExtraction, perplexity, exportOptions }) => {
      const api = window.__pith;
      if (!api) throw new Error('window.__pith is not installed');
      const started = performance.now();
      const extraction = await api.extract({ perplexity });
      const output = api.format(extraction, format, exportOptions);
      const removedByCause: Record<string, number> = {};
      for (const block of extraction.snapshot.blocks) {
        const decision = extraction.record.decisions[block.id];
        if (!decision || decision.kept || block.text.length === 0) continue;
        const cause = decision.cause ?? 'none';
        removedByCause[cause] = (removedByCause[cause] ?? 0) + block.text.length;
      }
      return {
        removedByCause,
        output,
        ms: performance.now() - started,
        mode: extraction.mode,
        timings: extraction.timings,
        runs: extraction.record.runs,
        extraction: keepExtraction ? extraction : undefined,
      };
    },
    { format, keepExtraction, perplexity, exportOptions },
  );
  return { ...run, extraction: run.extraction ?? undefined };
}

/**
 * The semantic pass over a structural run, in the model page, after the content page is closed (so the page's
 * time limit never takes the structural result with it). When the pass fails or runs out of time, the structural
 * output stands and `semanticError` says why.
 */
export async function addSemantic(
  structural: StructuralRun,
  format: ExportFormat,
  models: ModelPage,
  exportOptions: ExportOptions = {},
): Promise<PithRun> {
  const { extraction, ...base } = structural;
  if (!extraction) return base;
  try {
    const result = await models.run(extraction, format, exportOptions);
    return {
      output: result.output,
      structuralOutput: structural.output,
      ms: structural.ms + (result.timings.sore ?? 0),
      mode: result.mode,
      timings: result.timings,
      runs: result.runs,
      semanticError: result.error,
      removedByCause: structural.removedByCause,
    };
  } catch (error) {
    return { ...base, structuralOutput: structural.output, semanticError: oneLine(error) };
  }
}

/** Structural pipeline, then (with 'sore' among the stages) the semantic pass: for callers without a page limit. */
export async function runPith(page: Page, stages: SelectableStage[] | undefined, format: ExportFormat, models?: ModelPage): Promise<PithRun> {
  const perplexity = wantsPerplexity(stages);
  if (!wantsSemantic(stages, models)) return runStructural(page, format, false, perplexity);
  return addSemantic(await runStructural(page, format, true, perplexity), format, models);
}

export function runReadability(page: Page): Promise<ReadabilityRun> {
  return page.evaluate(() => {
    const api = window.__pith;
    if (!api) throw new Error('window.__pith is not installed');
    return api.readabilityText();
  });
}

/** Defuddle after Pith and Readability: it normalises a few attributes of the live document it reads. */
export function runDefuddle(page: Page): Promise<ReadabilityRun> {
  return page.evaluate(() => {
    const api = window.__pith;
    if (!api) throw new Error('window.__pith is not installed');
    return api.defuddleText();
  });
}
