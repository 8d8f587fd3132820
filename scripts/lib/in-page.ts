/** Calls into window.__pith in a loaded page. Formatting happens in the page, so only text crosses to Node. */
import type { Page } from 'playwright-core';
import type { StageName, StageRun } from '../../src/decisions/types';
import type { ExportFormat } from '../../src/pipeline/types';

export interface PithRun {
  output: string;
  /** extract() plus format(), measured in the page. */
  ms: number;
  mode: string;
  timings: Record<string, number>;
  runs: StageRun[];
}

export interface ReadabilityRun {
  text: string;
  ms: number;
}

export function runPith(page: Page, stages: StageName[] | undefined, format: ExportFormat): Promise<PithRun> {
  return page.evaluate(
    async ({ stages, format }) => {
      const api = window.__pith;
      if (!api) throw new Error('window.__pith is not installed');
      const started = performance.now();
      const extraction = await api.extract(stages ? { stages } : {});
      const output = api.format(extraction, format);
      return {
        output,
        ms: performance.now() - started,
        mode: extraction.mode,
        timings: extraction.timings,
        runs: extraction.record.runs,
      };
    },
    { stages, format },
  );
}

export function runReadability(page: Page): Promise<ReadabilityRun> {
  return page.evaluate(() => {
    const api = window.__pith;
    if (!api) throw new Error('window.__pith is not installed');
    return api.readabilityText();
  });
}
