/** Options of an export; each format reads the ones that apply to it. New options are added here as optional fields. */
import type { Highlight } from '../reading/highlights';

export interface ExportOptions {
  /** Markdown: start with YAML front matter (default true); false gives the title and a metadata line instead. */
  frontMatter?: boolean;
  /** Markdown and HTML: append the "What was removed" summary (removed pieces counted by cause). */
  removalSummary?: boolean;
  /** The clipping date written to the front matter (default: now). */
  now?: Date;
  /** The reader's highlights on the page, in article order: every format adds them (see highlights.ts). */
  highlights?: readonly Highlight[];
}
