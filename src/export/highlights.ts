/**
 * A page's highlights in the exports: Markdown gets a "Highlights" section at the end (`==text==`, each note as a
 * footnote), HTML a section of <mark>s with their notes, plain text a list, JSON the highlights with their anchors
 * (W3C text-quote and text-position selectors). A highlight made in an appended page of a multi-page article says
 * which page ("page 2"; in JSON its target's source is that page's address).
 */
import type { Highlight } from '../reading/highlights';
import { escapeHtml } from './escape';

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Markdown's `==…==` cannot hold `==`; escaping the characters Markdown would read as markup inside it. */
function markdownMark(text: string): string {
  return `==${oneLine(text).replace(/([\\`*_[\]<>])/g, '\\$1').replace(/==/g, '=\\=')}==`;
}

/** " (page 2)" after a highlight made in an appended page of a multi-page article. */
function onPage(h: Highlight): string {
  return h.page ? ` (page ${h.page.number})` : '';
}

export function markdownHighlights(highlights: readonly Highlight[]): string {
  if (highlights.length === 0) return '';
  const notes: string[] = [];
  const items = highlights.map((h) => {
    if (!h.note.trim()) return `- ${markdownMark(h.anchor.quote.exact)}${onPage(h)}`;
    notes.push(`[^h${notes.length + 1}]: ${oneLine(h.note)}`);
    return `- ${markdownMark(h.anchor.quote.exact)}[^h${notes.length}]${onPage(h)}`;
  });
  return `\n\n## Highlights\n\n${items.join('\n')}\n${notes.length ? `\n${notes.join('\n')}\n` : ''}`;
}

export function htmlHighlights(highlights: readonly Highlight[]): string {
  if (highlights.length === 0) return '';
  const items = highlights.map(
    (h) => `<li><mark data-color="${escapeHtml(h.color)}">${escapeHtml(oneLine(h.anchor.quote.exact))}</mark>${escapeHtml(onPage(h))}${h.note.trim() ? `<br><small>${escapeHtml(oneLine(h.note))}</small>` : ''}</li>`,
  );
  return `<section class="pith-highlights"><h2>Highlights</h2><ul>${items.join('')}</ul></section>\n`;
}

export function textHighlights(highlights: readonly Highlight[]): string {
  if (highlights.length === 0) return '';
  const items = highlights.map((h) => `- “${oneLine(h.anchor.quote.exact)}”${onPage(h)}${h.note.trim() ? ` (note: ${oneLine(h.note)})` : ''}`);
  return `\n\nHighlights\n\n${items.join('\n')}\n`;
}

/** The highlights as the JSON export holds them: the W3C selectors, colour, note and date. */
export function jsonHighlights(highlights: readonly Highlight[]): object[] {
  return highlights.map((h) => ({
    id: h.id,
    color: h.color,
    note: h.note,
    created: h.created,
    target: { ...(h.page ? { source: h.page.url } : {}), selector: [h.anchor.quote, h.anchor.position] },
  }));
}
