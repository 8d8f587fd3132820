/**
 * The page bundle: installs window.__pith so the CLI and benchmark drive, inside headless Chromium, the same
 * snapshot and pipeline code the extension's content script runs.
 */
import { exportAs } from '../export';
import { readabilityBaselineText } from '../fallback/readability';
import { extractPage } from './extract-page';
import type { PithPageApi } from './page-api';

const api: PithPageApi = {
  extract: (options) => extractPage(document, options),
  format: (extraction, format) => exportAs(extraction, format),
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
  defuddleText: async () => {
    const { defuddleBaselineText } = await import('../baselines/defuddle');
    const started = performance.now();
    const text = defuddleBaselineText(document);
    return { text, ms: performance.now() - started };
  },
};

window.__pith = api;
export default api;
