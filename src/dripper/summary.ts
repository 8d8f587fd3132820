/** What one deep-clean run did, for the reader's status line, the CLI and the benchmark. */
export type DeepCleanFallback = 'unavailable' | 'timeout' | 'overflow' | 'malformed' | 'failed';

export interface DeepCleanSummary {
  model: string;
  backend: string;
  /** 'applied': the labels are in the record; otherwise the result before deep clean stands, for `reason`. */
  status: 'applied' | DeepCleanFallback;
  /** A sentence for the reader: what was done, or why it was not. */
  reason: string;
  items: number;
  chunks: number;
  /** Model calls over all chunks (the grammar writes the fixed text itself). */
  steps: number;
  /** Prompt tokens over all chunks, and the simplified page's HTML alone. */
  promptTokens: number;
  removed: number;
  /** Simplification and chunking (ms), and labelling (ms). */
  promptMs: number;
  labelMs: number;
}
