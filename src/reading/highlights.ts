/** A reader's highlight: a passage of the article anchored by quote, in one of a few colours, with an optional note. */
import type { TextAnchor } from './text-quote';

export const HIGHLIGHT_COLORS = ['yellow', 'green', 'blue', 'pink'] as const;
export type HighlightColor = (typeof HIGHLIGHT_COLORS)[number];

/** The colours' names as the reader sees them. */
export const HIGHLIGHT_COLOR_NAMES: Record<HighlightColor, string> = { yellow: 'Yellow', green: 'Green', blue: 'Blue', pink: 'Pink' };

export interface Highlight {
  id: string;
  color: HighlightColor;
  note: string;
  anchor: TextAnchor;
  /** ISO date and time it was made. */
  created: string;
}

/** A page's highlights, in the order they appear in the article (orphans last, in the order they were made). */
export function inArticleOrder(highlights: readonly Highlight[], starts: ReadonlyMap<string, number>): Highlight[] {
  return [...highlights].sort((a, b) => (starts.get(a.id) ?? Infinity) - (starts.get(b.id) ?? Infinity) || a.created.localeCompare(b.created));
}

export function isHighlight(value: unknown): value is Highlight {
  if (typeof value !== 'object' || value === null) return false;
  const h = value as Record<string, unknown>;
  const anchor = h.anchor as TextAnchor | undefined;
  return (
    typeof h.id === 'string' &&
    (HIGHLIGHT_COLORS as readonly unknown[]).includes(h.color) &&
    typeof h.note === 'string' &&
    typeof h.created === 'string' &&
    typeof anchor?.quote?.exact === 'string' &&
    typeof anchor.quote.prefix === 'string' &&
    typeof anchor.quote.suffix === 'string' &&
    typeof anchor.position?.start === 'number' &&
    typeof anchor.position.end === 'number'
  );
}
