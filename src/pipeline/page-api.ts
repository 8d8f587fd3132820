import type { StageName } from '../decisions/types';
import type { SoreParams } from '../sore/params';
import type { ExportFormat, Extraction } from './types';

/** Options for one extraction run (the CLI's --stages and --embedder map onto these). */
export interface ExtractOptions {
  /** Stages to run after the snapshot; default ['gce']. */
  stages?: StageName[];
}

/** The semantic stage as the CLI runs it in its long-lived model page (the offscreen document's stand-in). */
export interface SemanticOptions {
  /** Embedder spec: use-lite | glove | onnx:<folder> (see src/embedding/registry.ts). */
  embedder: string;
  params?: Partial<SoreParams>;
}

/**
 * What the page bundle (src/pipeline/page-entry.ts) installs as `window.__pith` in a page, so the CLI and the
 * benchmark drive the very code the extension's content script runs.
 */
export interface PithPageApi {
  extract(options?: ExtractOptions): Promise<Extraction>;
  format(extraction: Extraction, format: ExportFormat): string;
  /** SORE over a structural extraction, with the model and outlier index kept in this page across calls. */
  semantic(extraction: Extraction, options: SemanticOptions): Promise<Extraction>;
  /** Baseline for the benchmark: @mozilla/readability on a clone of the rendered document, as plain text. */
  readabilityText(): { text: string; ms: number };
}

declare global {
  interface Window {
    __pith?: PithPageApi;
  }
}
