import type { StageName } from '../decisions/types';
import type { ExportFormat, Extraction } from './types';

/** Options for one extraction run (the CLI's --stages and --embedder map onto these). */
export interface ExtractOptions {
  /** Stages to run after the snapshot; default ['gce']. */
  stages?: StageName[];
}

/**
 * What the page bundle (src/pipeline/page-entry.ts) installs as `window.__pith` in a page, so the CLI and the
 * benchmark drive the very code the extension's content script runs.
 */
export interface PithPageApi {
  extract(options?: ExtractOptions): Promise<Extraction>;
  format(extraction: Extraction, format: ExportFormat): string;
  /** Baseline for the benchmark: @mozilla/readability on a clone of the rendered document, as plain text. */
  readabilityText(): { text: string; ms: number };
}

declare global {
  interface Window {
    __pith?: PithPageApi;
  }
}
