/**
 * Deep clean in the CLI: the language model runs in this Node process (transformers.js on onnxruntime-node),
 * loaded once per run; the stage itself runs in the content page (the same code as the extension's), reaching
 * the model through `window.__pithLm`.
 */
import type { Page } from 'playwright-core';
import { answerLmCall, type LmCall } from '../../src/dripper/bridge-engine';
import type { DeepCleanSummary } from '../../src/dripper/summary';
import { DEFAULT_DEEP_CLEAN_TIMEOUT_MS } from '../../src/dripper/stage';
import type { LabelEngine } from '../../src/dripper/types';
import type { SelectableStage } from './stages';
import type { ExportFormat } from '../../src/pipeline/types';
import type { ExportOptions } from '../../src/export/options';
import { UsageError, oneLine } from './cli-options';
import type { StructuralRun } from './in-page';
import { onnxModelFolder, sharedModelsDir } from './model-assets';

export const LLM_HELP = 'language model for the dripper stage: onnx:<folder under ../shared/models> (a transformers.js causal LM)';
export const DEFAULT_LLM_TIMEOUT_S = DEFAULT_DEEP_CLEAN_TIMEOUT_MS / 1000;

export interface LlmOptions {
  folder: string;
  timeoutMs: number;
}

export function wantsDeepClean(stages: SelectableStage[] | undefined): boolean {
  return stages?.includes('dripper') ?? false;
}

/** `--llm onnx:<folder>`: needed by, and only allowed with, the dripper stage. */
export function parseLlm(stages: SelectableStage[] | undefined, llm: string | undefined, timeoutMs = DEFAULT_DEEP_CLEAN_TIMEOUT_MS): LlmOptions | undefined {
  if (!wantsDeepClean(stages)) {
    if (llm !== undefined) throw new UsageError('--llm needs the dripper stage (e.g. --stages gce,dripper)');
    return undefined;
  }
  if (llm === undefined) throw new UsageError('the dripper stage needs a model: --llm onnx:<folder>');
  return { folder: onnxModelFolder('--llm', llm), timeoutMs };
}

/** One engine per run, loaded on first use; a load failure is remembered and given to every page. */
export class NodeLm {
  private engine: Promise<LabelEngine> | undefined;

  constructor(readonly options: LlmOptions) {}

  load(): Promise<LabelEngine> {
    this.engine ??= import('../../src/dripper/transformers-engine').then(({ loadTransformersEngine }) =>
      loadTransformersEngine({ model: this.options.folder, root: sharedModelsDir() }),
    );
    return this.engine;
  }
}

/**
 * Deep clean over a structural run, in the same page; the structural output stays when it falls back.
 * `keepExtraction`: the semantic pass (SORE) follows, on deep clean's result (the CLI runs dripper, then sore).
 */
export async function addDeepClean(page: Page, structural: StructuralRun, format: ExportFormat, lm: NodeLm, exportOptions: ExportOptions = {}, keepExtraction = false): Promise<StructuralRun & { deepClean?: DeepCleanSummary }> {
  const { extraction, ...base } = structural;
  if (!extraction) return base;
  let engine: LabelEngine | undefined;
  let loadError: string | undefined;
  try {
    engine = await lm.load();
  } catch (error) {
    loadError = oneLine(error);
  }
  if (engine) await page.exposeFunction('__pithLm', (message: LmCall) => answerLmCall(engine!, message));
  const info = engine ? { model: engine.model, backend: engine.backend, contextTokens: engine.contextTokens } : { model: lm.options.folder, backend: `not loaded: ${loadError}`, contextTokens: 0 };
  const run = await page.evaluate(
    async ({ extraction, info, format, timeoutMs, exportOptions, keepExtraction }) => {
      const api = window.__pith;
      if (!api) throw new Error('window.__pith is not installed');
      const started = performance.now();
      const result = await api.deepClean(extraction, { engine: info, timeoutMs });
      const output = api.format(result, format, exportOptions);
      return { output, ms: performance.now() - started, mode: result.mode, timings: result.timings, runs: result.record.runs, deepClean: result.deepClean, extraction: keepExtraction ? result : undefined };
    },
    { extraction, info, format, timeoutMs: lm.options.timeoutMs, exportOptions, keepExtraction },
  );
  return { ...base, ...run, ms: base.ms + run.ms, structuralOutput: base.output, deepClean: run.deepClean as DeepCleanSummary | undefined };
}

/** The deep-clean summary of a run, when deep clean ran. */
export function deepCleanOf(run: object): DeepCleanSummary | undefined {
  return (run as { deepClean?: DeepCleanSummary }).deepClean;
}
