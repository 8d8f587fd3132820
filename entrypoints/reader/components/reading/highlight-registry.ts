/**
 * The page's highlights as the reader shows them, in article order, for the exports (ExportButtons reads them when
 * it builds a file). Kept in a module of its own so the export buttons need not load the highlights' UI.
 */
import type { Highlight } from '@/src/reading/highlights';

let shown: readonly Highlight[] = [];

export function setShownHighlights(highlights: readonly Highlight[]): void {
  shown = highlights;
}

export function shownHighlights(): readonly Highlight[] {
  return shown;
}
