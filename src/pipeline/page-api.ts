import type { EngineInfo } from '../dripper/bridge-engine';
import type { PerplexityParams } from '../perplexity/stage';
import type { SoreParams } from '../sore/params';
import type { ReadBudget } from '../snapshot/budget';
import type { ExportOptions } from '../export/options';
import type { GceParams } from '../gce/params';
import type { PassSwitches } from './passes';
import type { StageId } from './stages';
import type { ExportFormat, Extraction } from './types';

/**
 * Which structural path decides. 'auto': when the page is laid out with its styles and GCE's container agrees with
 * Readability's answer, GCE's container bounds the article and Readability trims inside it; otherwise Readability on
 * the snapshot decides. 'gce' and 'readability' force one path (for ablations).
 */
export type LayoutPolicy = 'auto' | 'gce' | 'readability';

/**
 * Options for the in-page (structural) run. The structural stages always run; the semantic stage runs where the
 * model lives (see `semantic` below and src/pipeline/semantic-job.ts).
 */
export interface ExtractOptions {
  layoutPolicy?: LayoutPolicy;
  /** Switches for the stages of src/pipeline/stages.ts, by id; every stage is on unless set to false here. */
  stages?: Partial<Record<StageId, boolean>>;
  /** Switches for the hand-written passes inside the stages (src/pipeline/passes.ts); every one is on unless false. */
  passes?: PassSwitches;
  /** Runs the perplexity stage after the structural ones (with these cutoffs, or the defaults for `true`). */
  perplexity?: boolean | Partial<PerplexityParams>;
  /** How much of the page one reading may take (defaults: `DEFAULT_READ_BUDGET` in src/snapshot/budget.ts). */
  budget?: Partial<ReadBudget>;
  /** When the page's body is empty, wait up to this long for its scripts to fill it in (0 or absent: read at once). */
  waitForContentMs?: number;
  /** Lets the learned block model (src/blocks/) decide every block after the structural stages (default off). */
  blockModel?: boolean;
  /** The layout stage's parameters, for measuring a change to them (defaults: `DEFAULT_GCE_PARAMS`, src/gce/params.ts). */
  gce?: Partial<GceParams>;
}

/** The semantic stage as the CLI runs it in its long-lived model page (the offscreen document's stand-in). */
export interface SemanticOptions {
  /** Embedder spec: use-lite | glove | onnx:<folder> (see src/embedding/registry.ts). */
  embedder: string;
  params?: Partial<SoreParams>;
  /** Time limit for one page's pass (the caller's choice); past it the structural result is kept. */
  timeoutMs?: number;
}

/** What loading the model and building (or reusing) the outlier index gave, said once per run. */
export interface SemanticReady {
  model: string;
  backend: string;
  /** Entries of the outlier index (hand-written phrases and mined exemplars). */
  indexSize: number;
  /** Problems the index build worked around, e.g. phrases the model cannot represent. */
  warnings: string[];
  ms: number;
}

/** Deep clean in a page: which model answers through the bridge, and the stage's time limit. */
export interface DeepCleanPageOptions {
  engine: EngineInfo;
  timeoutMs?: number;
}

/**
 * What the page bundle (cli/page-entry.ts) installs as `window.__pith` in a page, so the CLI and the
 * benchmark drive the very code the extension's content script runs.
 */
export interface PithPageApi {
  extract(options?: ExtractOptions): Promise<Extraction>;
  format(extraction: Extraction, format: ExportFormat, options?: ExportOptions): string;
  /** Loads the model and the outlier index (once per page); throws when either cannot be had. */
  prepareSemantic(options: SemanticOptions): Promise<SemanticReady>;
  /**
   * SORE over a structural extraction, with the model and outlier index kept in this page across calls. Never
   * throws: a failure keeps the structural result with a 'sore:failed' run saying why.
   */
  semantic(extraction: Extraction, options: SemanticOptions): Promise<Extraction>;
  /**
   * The perplexity stage over a structural extraction, with the models kept in this page across calls (the
   * benchmark's stand-in for the extension's model host). Never throws: a failure is a 'perplexity:failed' run.
   */
  perplexity(extraction: Extraction, options: boolean | Partial<PerplexityParams>): Promise<Extraction>;
  /**
   * Deep clean over an extraction, with the language model reached through `window.__pithLm` (exposed by the
   * CLI, src/dripper/bridge-engine.ts). Never throws: a failure keeps the extraction with an 'lm:fallback:*' run.
   */
  deepClean(extraction: Extraction, options: DeepCleanPageOptions): Promise<Extraction>;
  /** The simplified page deep clean would send (for the token report): its HTML, item and dropped-block counts. */
  dripperInput(extraction: Extraction): { html: string; items: number; dropped: number; ms: number };
  /** Baseline for the benchmark: @mozilla/readability on a clone of the rendered document, as plain text. */
  readabilityText(): { text: string; ms: number };
  /** Second baseline: Defuddle on the rendered document, as plain text (it touches the document: run it last). */
  defuddleText(): Promise<{ text: string; ms: number }>;
}

declare global {
  interface Window {
    __pith?: PithPageApi;
    /** Set by the CLI when deep clean runs: the language model in the Node process. */
    __pithLm?: (message: import('../dripper/bridge-engine').LmCall) => Promise<unknown>;
    /** The perplexity stage's language model, where the host connected one (the CLI's --perplexity-lm). */
    __pithPerplexityLm?: (text: string) => Promise<import('../perplexity/lm-model').LmPerplexity>;
  }
}
