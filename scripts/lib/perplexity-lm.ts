/**
 * The perplexity stage's language-model route in the CLI: `--perplexity-lm onnx:<folder>` loads a transformers.js
 * causal LM in this Node process (once per run); the stage runs in the page as always and reaches the model through
 * `window.__pithPerplexityLm`. Without the flag the stage uses the n-gram models.
 */
import type { Page } from 'playwright-core';
import type { SelectableStage } from './stages';
import type { LmScorer } from '../../src/perplexity/lm-model';
import type { PerplexityParams } from '../../src/perplexity/stage';
import { UsageError } from './cli-options';
import { wantsPerplexity } from './in-page';
import { onnxModelFolder, sharedModelsDir } from './model-assets';

export const PERPLEXITY_LM_HELP = 'perplexity stage: score with a causal LM instead of the n-gram models: onnx:<folder under ../shared/models>';
export const PERPLEXITY_LM_CUTOFF_HELP = 'perplexity stage with --perplexity-lm: the cutoff, per LM token (measure it for your model)';

export interface PerplexityLmOptions {
  folder: string;
  cutoff?: number;
}

/** `--perplexity-lm onnx:<folder>` and `--perplexity-lm-cutoff N`: only with the perplexity stage. */
export function parsePerplexityLm(stages: SelectableStage[] | undefined, spec: string | undefined, cutoff: string | undefined): PerplexityLmOptions | undefined {
  if (spec === undefined) {
    if (cutoff !== undefined) throw new UsageError('--perplexity-lm-cutoff needs --perplexity-lm');
    return undefined;
  }
  if (!wantsPerplexity(stages)) throw new UsageError('--perplexity-lm needs the perplexity stage (e.g. --stages gce,perplexity)');
  const folder = onnxModelFolder('--perplexity-lm', spec);
  const value = cutoff === undefined ? undefined : Number(cutoff);
  if (value !== undefined && !(value > 1)) throw new UsageError(`--perplexity-lm-cutoff must be a number above 1, got "${cutoff}"`);
  return { folder, cutoff: value };
}

/** What `api.extract` gets for the stage: off, on with the defaults, or on with the LM's cutoff. */
export function perplexityOption(stages: SelectableStage[] | undefined, lm: PerplexityLmOptions | undefined): boolean | Partial<PerplexityParams> {
  if (!wantsPerplexity(stages)) return false;
  return lm?.cutoff === undefined ? true : { lmCutoff: lm.cutoff };
}

/** One model per run, loaded on first use; a load failure reaches every page (the stage records it, gce stays). */
export class NodePerplexityLm {
  private scorer: Promise<LmScorer> | undefined;

  constructor(readonly options: PerplexityLmOptions) {}

  load(): Promise<LmScorer> {
    this.scorer ??= Promise.all([import('../../src/lm/causal-lm'), import('../../src/perplexity/lm-model')]).then(async ([{ loadCausalLm }, { causalLmScorer }]) =>
      causalLmScorer(await loadCausalLm({ model: this.options.folder, root: sharedModelsDir() })),
    );
    return this.scorer;
  }

  /** Makes the model reachable from the page, before the pipeline runs there. */
  async connect(page: Page): Promise<void> {
    await page.exposeFunction('__pithPerplexityLm', async (text: string) => (await this.load())(text));
  }
}
