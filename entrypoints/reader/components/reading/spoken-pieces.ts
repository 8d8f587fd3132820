/**
 * What read aloud reads, taken from the reader as shown: the title, then the article and any pages appended below
 * it, piece by piece (paragraphs, headings, list items, quotes, captions); code blocks, tables and display math are
 * pieces that are named instead of read. Removed parts shown with "Show removed content" are not read.
 */
import type { SpokenKind, SpokenPiece } from '@/src/reading/speech-queue';

export interface ShownPiece extends SpokenPiece {
  element: HTMLElement;
}

const LEAVES = 'pre, table, math, .katex-display, mjx-container[display="true"]';
const TEXT = 'p, h1, h2, h3, h4, h5, h6, li, blockquote, figcaption, dt, dd';
const REMOVED = '.pith-removed, .pith-removed-segment';

function kindOf(element: Element): SpokenKind {
  const tag = element.tagName.toLowerCase();
  if (tag === 'pre') return 'code';
  if (tag === 'table') return 'table';
  if (element.matches(LEAVES)) return 'math';
  return tag === 'figcaption' ? 'caption' : 'text';
}

/** The article roots, in reading order: the article, then each appended page. */
export function articleRoots(): HTMLElement[] {
  return Array.from(document.querySelectorAll<HTMLElement>('#pith-article, .pith-next-page-article'));
}

export function spokenPieces(): ShownPiece[] {
  const pieces: ShownPiece[] = [];
  const title = document.getElementById('pith-title');
  if (title?.textContent?.trim()) pieces.push({ kind: 'title', text: title.textContent, element: title });
  for (const root of articleRoots()) {
    const candidates = Array.from(root.querySelectorAll<HTMLElement>(`${LEAVES}, ${TEXT}`)).filter(
      (el) => !el.closest(REMOVED) && !el.parentElement?.closest(LEAVES),
    );
    for (const element of candidates) {
      const leaf = element.matches(LEAVES);
      // A list item or quote that holds paragraphs is read through them.
      if (!leaf && candidates.some((other) => other !== element && element.contains(other))) continue;
      const text = element.textContent ?? '';
      if (!text.trim() && !leaf) continue;
      pieces.push({ kind: kindOf(element), text, element });
    }
  }
  return pieces;
}
