/** Calls into window.__pith in a loaded page. Formatting happens in the page, so only text crosses to Node. */
import type { Page } from 'playwright-core';
import type { StageName, StageRun } from '../../src/decisions/types';
import type { ExportFormat, Extraction } from '../../src/pipeline/types';
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
}

export interface ReadabilityRun {
  text: string;
  ms: number;
}

/** Runs the in-page pipeline; with 'sore' among the stages, the extraction then goes through the model page. */
export async function runPith(page: Page, stages: StageName[] | undefined, format: ExportFormat, models?: ModelPage): Promise<PithRun> {
  const semantic = models !== undefined && (stages?.includes('sore') ?? false);
  const structural = await page.evaluate(
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
    { format, keepExtraction: semantic },
  );
  if (!semantic || !models || !structural.extraction) {
    return { output: structural.output, ms: structural.ms, mode: structural.mode, timings: structural.timings, runs: structural.runs };
  }
  const extraction: Extraction = structural.extraction;
  const result = await models.run(extraction, format);
  return {
    output: result.output,
    structuralOutput: structural.output,
    ms: structural.ms + (result.timings.sore ?? 0),
    mode: result.mode,
    timings: result.timings,
    runs: result.runs,
  };
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
