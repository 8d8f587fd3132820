import type { SoreParams } from '../sore/params';
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
  /** Second baseline: Defuddle on the rendered document, as plain text (it touches the document: run it last). */
  defuddleText(): Promise<{ text: string; ms: number }>;
}

declare global {
  interface Window {
    __pith?: PithPageApi;
  }
}
