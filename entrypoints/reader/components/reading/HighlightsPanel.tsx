/**
 * Highlights: select text in the article (or in a page appended below it) and a small toolbar offers the colours
 * (or press H for the first one); the panel lists the page's highlights in article order, each with its note, a way
 * to go to it and to remove it. A highlight whose words are no longer on the page is listed as not found, never put
 * on other words; one in an appended page not loaded now is listed as on that page.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { HIGHLIGHT_COLOR_NAMES, HIGHLIGHT_COLORS, inArticleOrder, type HighlightColor } from '@/src/reading/highlights';
import { MARK_ATTR } from './highlight-marks';
import { offsetOf } from './text-offsets';
import { articleRoots, useHighlights, type ArticleRoot, type HighlightPlace } from './use-highlights';
import { typingInField } from './keys';

interface Pending {
  /** The article (first page or an appended one) the selection is in, and the selection's offsets in its text. */
  root: ArticleRoot;
  start: number;
  end: number;
  /** Where the toolbar goes (viewport coordinates, above the selection). */
  top: number;
  left: number;
}

function selectionInArticle(): Pending | null {
  const selection = document.getSelection();
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  const root = articleRoots().find((r) => r.element.contains(range.startContainer) && r.element.contains(range.endContainer));
  if (!root) return null;
  const start = offsetOf(root.element, range.startContainer, range.startOffset);
  const end = offsetOf(root.element, range.endContainer, range.endOffset);
  const text = (root.element.textContent ?? '').slice(start, end);
  if (!text.trim()) return null;
  const lead = text.length - text.trimStart().length;
  const tail = text.length - text.trimEnd().length;
  const rect = range.getBoundingClientRect();
  return { root, start: start + lead, end: end - tail, top: Math.max(8, rect.top - 48), left: Math.max(8, rect.left + rect.width / 2 - 110) };
}

function goTo(id: string): void {
  const mark = document.querySelector<HTMLElement>(`mark[${MARK_ATTR}="${CSS.escape(id)}"]`);
  if (!mark) return;
  mark.scrollIntoView({ block: 'center', behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
  mark.setAttribute('tabindex', '-1');
  mark.focus({ preventScroll: true });
}

function whyNotShown(place: HighlightPlace | undefined, page: number | undefined): string {
  if (place?.found === false && place.why === 'page-not-loaded') return `On page ${page ?? 2}, not loaded yet: “Load the next page” at the end of the article shows it.`;
  return 'Not found on the page as it is now.';
}

function excerpt(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > 140 ? `${oneLine.slice(0, 139)}…` : oneLine;
}

export function HighlightsPanel({ pageUrl, html }: { pageUrl: string; html: string | null }) {
  const state = useHighlights(pageUrl, html);
  const [pending, setPending] = useState<Pending | null>(null);
  const [focusNote, setFocusNote] = useState<string | null>(null);
  const pendingRef = useRef<Pending | null>(null);
  pendingRef.current = pending;

  const highlight = (color: HighlightColor, withNote = false): void => {
    const at = pendingRef.current ?? selectionInArticle();
    if (!at) return;
    const made = state.add(at.root, at.start, at.end, color);
    document.getSelection()?.removeAllRanges();
    setPending(null);
    if (made && withNote) setFocusNote(made.id);
  };

  useEffect(() => {
    const onSelection = (): void => setPending(selectionInArticle());
    const onKey = (e: KeyboardEvent): void => {
      if (e.key.toLowerCase() !== 'h' || e.ctrlKey || e.metaKey || e.altKey || typingInField(e)) return;
      if (!selectionInArticle()) return;
      e.preventDefault();
      highlight(e.shiftKey ? 'green' : 'yellow');
    };
    document.addEventListener('selectionchange', onSelection);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('selectionchange', onSelection);
      document.removeEventListener('keydown', onKey);
    };
  });

  useEffect(() => {
    if (!focusNote) return;
    document.getElementById(`pith-note-${focusNote}`)?.focus();
    setFocusNote(null);
  }, [focusNote, state.highlights]);

  const starts = new Map([...state.places].flatMap(([id, a]) => (a.found ? [[id, a.start] as const] : [])));
  const listed = inArticleOrder(state.highlights, starts);

  return (
    <section class="pith-section pith-highlights" aria-labelledby="pith-highlights-heading">
      <h2 id="pith-highlights-heading" class="pith-section-title">
        Highlights
      </h2>
      {listed.length === 0 ? (
        <p class="pith-hint">Select text in the article, then choose a colour (or press H).</p>
      ) : (
        <ul class="pith-highlight-list">
          {listed.map((h) => {
            const place = state.places.get(h.id);
            // Until the marks are drawn the place is unknown: say nothing about where the highlight is.
            const found = place?.found === true;
            const missing = place?.found === false;
            return (
              <li key={h.id} class={`pith-highlight-item pith-hl-${h.color}`} data-highlight-id={h.id}>
                <blockquote class="pith-highlight-quote">{excerpt(h.anchor.quote.exact)}</blockquote>
                {found && h.page && <p class="pith-hint pith-highlight-page">On page {h.page.number}</p>}
                {missing && <p class="pith-hint pith-highlight-orphan">{whyNotShown(place, h.page?.number)}</p>}
                <label class="pith-highlight-note">
                  <span>Note</span>
                  <textarea
                    id={`pith-note-${h.id}`}
                    rows={2}
                    value={h.note}
                    onChange={(e) => state.update(h.id, { note: (e.currentTarget as HTMLTextAreaElement).value })}
                  />
                </label>
                <div class="pith-highlight-actions">
                  {found && (
                    <button type="button" class="pith-button" onClick={() => goTo(h.id)}>
                      Go to
                    </button>
                  )}
                  <button type="button" class="pith-button" aria-label={`Remove highlight “${excerpt(h.anchor.quote.exact).slice(0, 40)}”`} onClick={() => state.remove(h.id)}>
                    Remove
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {state.error && (
        <p class="pith-notice pith-notice-error" role="alert">
          {state.error}
        </p>
      )}
      {pending && (
        <div
          class="pith-highlight-toolbar"
          role="toolbar"
          aria-label="Highlight the selected text"
          style={{ top: `${pending.top}px`, left: `${pending.left}px` }}
          onMouseDown={(e) => e.preventDefault()}
        >
          {HIGHLIGHT_COLORS.map((color) => (
            <button key={color} type="button" class={`pith-swatch pith-hl-${color}`} data-highlight-color={color} aria-label={`Highlight in ${HIGHLIGHT_COLOR_NAMES[color].toLowerCase()}`} title={HIGHLIGHT_COLOR_NAMES[color]} onClick={() => highlight(color)} />
          ))}
          <button type="button" class="pith-highlight-with-note" onClick={() => highlight('yellow', true)}>
            Add a note
          </button>
        </div>
      )}
    </section>
  );
}
