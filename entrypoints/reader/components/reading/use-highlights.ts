/** The page's highlights: loaded from storage, drawn into the article, added to, edited and removed. */
import { useCallback, useEffect, useState } from 'preact/hooks';
import { loadPageHighlights, savePageHighlights } from '@/ext/highlights-store';
import { inArticleOrder, type Highlight, type HighlightColor } from '@/src/reading/highlights';
import { describeRange, type Anchored } from '@/src/reading/text-quote';
import { errorMessage } from '@/src/error-message';
import { drawMarks } from './highlight-marks';
import { setShownHighlights } from './highlight-registry';

export interface HighlightsState {
  highlights: Highlight[];
  anchored: Map<string, Anchored>;
  error: string | null;
  add(start: number, end: number, color: HighlightColor): Highlight | null;
  update(id: string, patch: Partial<Pick<Highlight, 'note' | 'color'>>): void;
  remove(id: string): void;
}

export function articleElement(): HTMLElement | null {
  return document.getElementById('pith-article');
}

function newId(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `h${Date.now()}${Math.random().toString(36).slice(2)}`;
}

/** `html`: the article as rendered now (its marks are redrawn whenever it changes). */
export function useHighlights(pageUrl: string, html: string | null): HighlightsState {
  const [highlights, setHighlights] = useState<Highlight[]>([]);
  const [anchored, setAnchored] = useState<Map<string, Anchored>>(new Map());
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    loadPageHighlights(pageUrl).then(
      (loaded) => live && setHighlights(loaded),
      (e: unknown) => live && setError(`Your highlights couldn’t be loaded (${errorMessage(e)}).`),
    );
    return () => {
      live = false;
    };
  }, [pageUrl]);

  useEffect(() => {
    const article = articleElement();
    if (!article) return;
    const found = drawMarks(article, highlights);
    setAnchored(found);
    const starts = new Map([...found].flatMap(([id, a]) => (a.found ? [[id, a.start] as const] : [])));
    setShownHighlights(inArticleOrder(highlights, starts));
  }, [highlights, html]);

  const persist = useCallback(
    (next: Highlight[]) => {
      setHighlights(next);
      savePageHighlights(pageUrl, next).then(
        () => setError(null),
        (e: unknown) => setError(`Your highlights couldn’t be saved (${errorMessage(e)}). They stay until this tab closes.`),
      );
    },
    [pageUrl],
  );

  const add = (start: number, end: number, color: HighlightColor): Highlight | null => {
    const article = articleElement();
    if (!article || end <= start) return null;
    const highlight: Highlight = { id: newId(), color, note: '', anchor: describeRange(article.textContent ?? '', start, end), created: new Date().toISOString() };
    persist([...highlights, highlight]);
    return highlight;
  };
  const update = (id: string, patch: Partial<Pick<Highlight, 'note' | 'color'>>): void => persist(highlights.map((h) => (h.id === id ? { ...h, ...patch } : h)));
  const remove = (id: string): void => persist(highlights.filter((h) => h.id !== id));

  return { highlights, anchored, error, add, update, remove };
}
