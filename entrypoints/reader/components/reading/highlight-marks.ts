/**
 * Showing highlights in the article: each anchored highlight becomes <mark> elements around its text (a passage
 * crossing paragraphs gets one per text run), which screen readers announce as highlighted. Marks are removed again
 * before the highlights are redrawn, leaving the article's text as it was.
 */
import { anchorQuote, type Anchored } from '@/src/reading/text-quote';
import type { Highlight } from '@/src/reading/highlights';
import { textSlices } from './text-offsets';

export const MARK_ATTR = 'data-pith-highlight';

export function clearMarks(root: HTMLElement): void {
  const marks = root.querySelectorAll(`mark[${MARK_ATTR}]`);
  for (const mark of Array.from(marks)) {
    const parent = mark.parentNode;
    if (!parent) continue;
    while (mark.firstChild) parent.insertBefore(mark.firstChild, mark);
    parent.removeChild(mark);
    parent.normalize();
  }
}

/** Wraps every highlight that anchors; returns where each one was found (or why not). */
export function drawMarks(root: HTMLElement, highlights: readonly Highlight[]): Map<string, Anchored> {
  clearMarks(root);
  const text = root.textContent ?? '';
  const anchored = new Map<string, Anchored>();
  for (const h of highlights) anchored.set(h.id, anchorQuote(text, h.anchor));
  // From the end backwards, so wrapping one does not move the text nodes of the ones before it.
  const placed = highlights.filter((h) => anchored.get(h.id)?.found).sort((a, b) => start(anchored, b) - start(anchored, a));
  for (const h of placed) {
    const where = anchored.get(h.id);
    if (!where?.found) continue;
    for (const { node, from, to } of textSlices(root, where.start, where.end).reverse()) {
      const part = node.splitText(from);
      part.splitText(to - from);
      const mark = document.createElement('mark');
      mark.setAttribute(MARK_ATTR, h.id);
      mark.className = `pith-hl pith-hl-${h.color}`;
      if (h.note.trim()) mark.title = h.note;
      part.parentNode?.insertBefore(mark, part);
      mark.appendChild(part);
    }
  }
  return anchored;
}

function start(anchored: Map<string, Anchored>, h: Highlight): number {
  const a = anchored.get(h.id);
  return a?.found ? a.start : -1;
}
