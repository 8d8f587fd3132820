/**
 * The page bundle: installs window.__pith so the CLI and benchmark drive, inside headless Chromium, the same
 * snapshot and pipeline code the extension's content script runs.
 */
import { exportAs } from '../export';
import { readabilityBaselineText } from '../fallback/readability';
import { MODEL_DIR, urlModelLoader } from '../perplexity/load';
import { extractPage } from './extract-page';
import { PAGE_ASSET_ROOT } from './page-assets';
import type { PithPageApi } from './page-api';

/** Perplexity models, served by the CLI beside the bundle; fetched only when the stage runs, one language at a time. */
const perplexityModels = urlModelLoader(new URL(`${PAGE_ASSET_ROOT}${MODEL_DIR}`, location.origin).href);

const api: PithPageApi = {
  extract: (options) => extractPage(document, options, perplexityModels),
  format: (extraction, format, options) => exportAs(extraction, format, options),
  semantic: async (extraction, options) => {
    // Loaded on first use so structural-only runs never fetch the model code.
    const [{ pageModels, pageOutlierGroups }, { runSemanticJob }] = await Promise.all([
      import('./page-models'),
      import('./semantic-job'),
    ]);
    return runSemanticJob(pageModels, extraction, { spec: options.embedder, groups: await pageOutlierGroups(), params: options.params });
  },
  readabilityText: () => {
    const started = performance.now();
    const text = readabilityBaselineText(document);
    return { text, ms: performance.now() - started };
  },
};

window.__pith = api;
export default api;
