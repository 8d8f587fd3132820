/**
 * The perplexity stage over a structural extraction. Apart from `extract-page.ts` so that code reading a page without
 * it (the extension's content script) does not carry the language detector's data (franc-min, about 170 kB).
 */
import { logRun } from '../decisions/record';
import { errorMessage } from '../error-message';
import { DEFAULT_PERPLEXITY_PARAMS, localPerplexityRunner, recordPerplexity, type ModelLoader, type PerplexityRunner } from '../perplexity/stage';
import type { ExtractOptions } from './page-api';
import type { LaterStage } from './extract-page';
import type { Extraction } from './types';

/**
 * The perplexity stage over a structural extraction, in place. A failure is logged in the record and leaves the
 * structural result as it was.
 */
export async function runPerplexityStage(
  extraction: Extraction,
  loadModel: ModelLoader | { runner: PerplexityRunner },
  options: ExtractOptions['perplexity'] = true,
): Promise<Extraction> {
  const params = { ...DEFAULT_PERPLEXITY_PARAMS, ...(typeof options === 'object' ? options : {}) };
  const run = typeof loadModel === 'function' ? localPerplexityRunner(loadModel) : loadModel.runner;
  const started = performance.now();
  let loadMs = 0;
  try {
    const outcome = await run(extraction.snapshot, extraction.record, params);
    recordPerplexity(extraction.record, outcome);
    loadMs = outcome.loadMs;
  } catch (error) {
    logRun(extraction.record, { stage: 'perplexity', path: 'perplexity:failed', ms: performance.now() - started, note: errorMessage(error) });
  }
  const ms = performance.now() - started;
  // Model loading (once per language in a long-lived page) is reported apart from the scoring itself.
  extraction.timings.perplexity = ms - loadMs;
  extraction.timings['perplexity-load'] = loadMs;
  extraction.timings.total = (extraction.timings.total ?? 0) + ms;
  return extraction;
}

/** `extractPage`'s later stage: perplexity with these models, when the options ask for it. */
export function perplexityStage(loadModel: ModelLoader): LaterStage {
  return async (extraction, options) => (options.perplexity ? runPerplexityStage(extraction, loadModel, options.perplexity) : extraction);
}
