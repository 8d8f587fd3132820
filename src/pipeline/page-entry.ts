/**
 * The page bundle: installs window.__pith so the CLI and benchmark drive, inside headless Chromium, the same
 * snapshot and pipeline code the extension's content script runs.
 */
import { exportAs } from '../export';
import { readabilityBaselineText } from '../fallback/readability';
import { extractPage } from './extract-page';
import type { PithPageApi } from './page-api';

/** Aborts after `ms` with a sentence the record can carry (SORE checks it between embedding batches). */
function timeLimit(ms: number | undefined): AbortSignal | undefined {
  if (ms === undefined || !(ms > 0)) return undefined;
  const controller = new AbortController();
  const limit = ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`;
  setTimeout(() => controller.abort(new Error(`it took longer than the time limit of ${limit}`)), ms);
  return controller.signal;
}

const api: PithPageApi = {
  extract: (options) => extractPage(document, options),
  format: (extraction, format) => exportAs(extraction, format),
  prepareSemantic: async (options) => {
    const started = performance.now();
    const [{ pageModels, pageOutlierGroups, pageExemplars }, { prepareSemantic }] = await Promise.all([import('./page-models'), import('./semantic-job')]);
    const { embedder, built } = await prepareSemantic(pageModels, options.embedder, await pageOutlierGroups(), await pageExemplars());
    return { model: embedder.id, backend: embedder.backend, indexSize: built.index.size, warnings: built.warnings, ms: performance.now() - started };
  },
  semantic: async (extraction, options) => {
    // Loaded on first use so structural-only runs never fetch the model code.
    const [{ pageModels, pageOutlierGroups, pageExemplars }, { runSemanticJob }, { withSemanticFailure }] = await Promise.all([
      import('./page-models'),
      import('./semantic-job'),
      import('./semantic-failure'),
    ]);
    const signal = timeLimit(options.timeoutMs);
    let groups;
    try {
      groups = await pageOutlierGroups();
    } catch (error) {
      return withSemanticFailure(extraction, error);
    }
    return runSemanticJob(pageModels, extraction, { spec: options.embedder, groups, exemplars: await pageExemplars(), params: options.params, signal });
  },
  readabilityText: () => {
    const started = performance.now();
    const text = readabilityBaselineText(document);
    return { text, ms: performance.now() - started };
  },
};

window.__pith = api;
export default api;
