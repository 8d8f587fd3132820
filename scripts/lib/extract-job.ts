import type { SelectableStage } from './stages';
import type { ExportOptions } from '../../src/export/options';
import type { SemanticOptions } from '../../src/pipeline/page-api';
import type { ExportFormat } from '../../src/pipeline/types';
import type { Viewport } from './browser';
import type { LlmOptions } from './deep-clean';
import type { PerplexityLmOptions } from './perplexity-lm';

/** What `npm run extract` was asked to do, for one page or a batch alike. */
export interface ExtractJob {
  input: string;
  format: ExportFormat;
  /** Options of the export (--no-front-matter). */
  exportOptions?: ExportOptions;
  stages: SelectableStage[] | undefined;
  /** Set when the sore stage runs: the model page's embedder. */
  semantic: SemanticOptions | undefined;
  /** Set when the dripper stage runs: the language model (in this process) and the stage's time limit. */
  llm?: LlmOptions;
  /** --perplexity-lm: the perplexity stage scores with this causal LM (in this process). */
  perplexityLm?: PerplexityLmOptions;
  viewport: Viewport;
  timeoutMs: number;
  /** --quiet: do not pass the headless pages' console errors and warnings on to stderr. */
  quiet: boolean;
}
