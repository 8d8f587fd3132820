/** A reader's highlight: a passage of the article anchored by quote, in one of a few colours, with an optional note. */
import type { TextAnchor } from './text-quote';

export const HIGHLIGHT_COLORS = ['yellow', 'green', 'blue', 'pink'] as const;
export type HighlightColor = (typeof HIGHLIGHT_COLORS)[number];

/** The colours' names as the reader sees them. */
export const HIGHLIGHT_COLOR_NAMES: Record<HighlightColor, string> = { yellow: 'Yellow', green: 'Green', blue: 'Blue', pink: 'Pink' };

/** The appended page of a multi-page article a highlight is in (its text anchor is in that page's article). */
export interface HighlightPage {
  /** The page's address, without fragment. */
  url: string;
  /** Its number in the article as the reader showed it (2 for the first appended page). */
  number: number;
}

export interface Highlight {
  id: string;
  color: HighlightColor;
  note: string;
  anchor: TextAnchor;
  /** ISO date and time it was made. */
  created: string;
  /** Set when it was made in an appended page; absent for the page the reader was opened on. */
  page?: HighlightPage;
}

/** The page number a highlight is on (1: the page the reader was opened on). */
export function pageNumberOfHighlight(h: Highlight): number {
  return h.page?.number ?? 1;
}

/**
 * A page's highlights, in the order they appear in the article: page by page, and within a page by where they were
 * found (`starts`; the ones not found last, in the order they were made).
 */
export function inArticleOrder(highlights: readonly Highlight[], starts: ReadonlyMap<string, number>): Highlight[] {
  return [...highlights].sort(
    (a, b) =>
      pageNumberOfHighlight(a) - pageNumberOfHighlight(b) ||
      (starts.get(a.id) ?? Infinity) - (starts.get(b.id) ?? Infinity) ||
      a.created.localeCompare(b.created),
  );
}

function isHighlightPage(value: unknown): value is HighlightPage {
  const page = value as HighlightPage | undefined;
  return typeof page?.url === 'string' && Number.isInteger(page.number) && page.number >= 2;
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
    typeof anchor.position.end === 'number' &&
    (h.page === undefined || isHighlightPage(h.page))
  );
}
