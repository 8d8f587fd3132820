/**
 * The page bundle: installs window.__pith so the CLI and benchmark drive, inside headless Chromium, the same
 * snapshot and pipeline code the extension's content script runs.
 */
import { simplifyPage } from '../src/dripper/simplify';
import { exportAs } from '../src/export';
import { readabilityBaselineText } from '../bench/lib/baselines/readability';
import { lmModelLoader } from '../src/perplexity/lm-model';
import { MODEL_DIR, urlModelLoader } from '../src/perplexity/load';
import type { ModelLoader } from '../src/perplexity/stage';
import { withBlockModel } from '../src/blocks/stage';
import { extractPage } from '../src/pipeline/extract-page';
import { perplexityStage, runPerplexityStage } from '../src/pipeline/perplexity-stage';
import { PAGE_ASSET_ROOT } from '../src/pipeline/page-assets';
import type { PithPageApi } from '../src/pipeline/page-api';

/**
 * Perplexity models, served by the CLI beside the bundle; fetched only when the stage runs, one language at a time.
 * When the host connected a language model (`window.__pithPerplexityLm`), the stage scores with it instead.
 */
const ngramModels = urlModelLoader(new URL(`${PAGE_ASSET_ROOT}${MODEL_DIR}`, location.origin).href);
let lmModels: ModelLoader | undefined;
const perplexityModels: ModelLoader = (lang) => {
  const call = window.__pithPerplexityLm;
  if (!call) return ngramModels(lang);
  lmModels ??= lmModelLoader(call, 'language model');
  return lmModels(lang);
};

/**
 * A checkpoint that throws once `ms` have passed since it was made, with a sentence the record can carry. Checked
 * by time, not by a timer: the embedding loop may not yield to timers between batches.
 */
function timeLimit(ms: number | undefined): (() => void) | undefined {
  if (ms === undefined || !(ms > 0)) return undefined;
  const deadline = performance.now() + ms;
  const limit = ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`;
  return () => {
    if (performance.now() > deadline) throw new Error(`it took longer than the time limit of ${limit}`);
  };
}

const api: PithPageApi = {
  // The block model (off by default) is applied here, in the page bundle only, so its model file stays out of the
  // extension's content script until the reader offers it.
  extract: (options) =>
    extractPage(document, options, async (extraction, opts) => perplexityStage(perplexityModels)(opts.blockModel ? await withBlockModel(extraction) : extraction, opts)),
  format: (extraction, format, options) => exportAs(extraction, format, options),
  perplexity: (extraction, options) => runPerplexityStage(extraction, perplexityModels, options),
  prepareSemantic: async (options) => {
    const started = performance.now();
    const [{ pageModels, pageOutlierGroups, pageExemplars }, { prepareSemantic }] = await Promise.all([import('../src/pipeline/page-models'), import('../src/pipeline/semantic-job')]);
    const { embedder, built } = await prepareSemantic(pageModels, options.embedder, await pageOutlierGroups(), await pageExemplars());
    return { model: embedder.id, backend: embedder.backend, indexSize: built.index.size, warnings: built.warnings, ms: performance.now() - started };
  },
  semantic: async (extraction, options) => {
    // Loaded on first use so structural-only runs never fetch the model code.
    const [{ pageModels, pageOutlierGroups, pageExemplars }, { runSemanticJob }, { withSemanticFailure }] = await Promise.all([
      import('../src/pipeline/page-models'),
      import('../src/pipeline/semantic-job'),
      import('../src/pipeline/semantic-failure'),
    ]);
    const checkpoint = timeLimit(options.timeoutMs);
    let groups;
    try {
      groups = await pageOutlierGroups();
    } catch (error) {
      return withSemanticFailure(extraction, error);
    }
    return runSemanticJob(pageModels, extraction, { spec: options.embedder, groups, exemplars: await pageExemplars(), params: options.params, checkpoint });
  },
  deepClean: async (extraction, options) => {
    const [{ runDeepClean, deepCleanFallback, emptySummary }, { bridgeEngine }] = await Promise.all([import('../src/dripper/stage'), import('../src/dripper/bridge-engine')]);
    const call = window.__pithLm;
    if (!call) return deepCleanFallback(extraction, emptySummary(options.engine.model, options.engine.backend), 'unavailable', 'no language model is connected to this page');
    return runDeepClean(extraction, bridgeEngine(options.engine, call, options.timeoutMs), { timeoutMs: options.timeoutMs });
  },
  dripperInput: (extraction) => {
    const started = performance.now();
    const page = simplifyPage(extraction.snapshot);
    return { html: page.html, items: page.items.length, dropped: page.dropped.length, ms: performance.now() - started };
  },
  readabilityText: () => {
    const started = performance.now();
    const text = readabilityBaselineText(document);
    return { text, ms: performance.now() - started };
  },
  defuddleText: async () => {
    const { defuddleBaselineText } = await import('../bench/lib/baselines/defuddle');
    const started = performance.now();
    const text = defuddleBaselineText(document);
    return { text, ms: performance.now() - started };
  },
};

window.__pith = api;
export default api;
