/**
 * The page's highlights: loaded from storage, drawn into the article and into the pages appended below it, added to,
 * edited and removed. A highlight made in an appended page is kept with the page the reader was opened on and says
 * which page it is in, so it shows again once that page is loaded.
 */
import { useCallback, useEffect, useState } from 'preact/hooks';
import { loadPageHighlights, savePageHighlights } from '@/ext/highlights-store';
import { inArticleOrder, type Highlight, type HighlightColor, type HighlightPage } from '@/src/reading/highlights';
import { describeRange, type Anchored } from '@/src/reading/text-quote';
import { errorMessage } from '@/src/error-message';
import { drawMarks } from './highlight-marks';
import { setShownHighlights } from './highlight-registry';
import { ARTICLE_CHANGED_EVENT } from './use-read-aloud';

/** A piece of the article a highlight can be in: the first page's article or an appended page's. */
export interface ArticleRoot {
  element: HTMLElement;
  /** Absent for the page the reader was opened on. */
  page?: HighlightPage;
}

/** Attributes NextPages puts on an appended page's article. */
export const PAGE_URL_ATTR = 'data-page-url';
export const PAGE_NUMBER_ATTR = 'data-page-number';

export function articleRoots(): ArticleRoot[] {
  const first = document.getElementById('pith-article');
  const appended = Array.from(document.querySelectorAll<HTMLElement>(`.pith-next-page-article[${PAGE_URL_ATTR}]`)).map((element) => ({
    element,
    page: { url: element.getAttribute(PAGE_URL_ATTR) ?? '', number: Number(element.getAttribute(PAGE_NUMBER_ATTR)) },
  }));
  return [...(first ? [{ element: first }] : []), ...appended];
}

/** Where a highlight is now: found in the text, not found (its words are gone), or on a page not loaded yet. */
export type HighlightPlace = Anchored | { found: false; why: 'page-not-loaded' };

export interface HighlightsState {
  highlights: Highlight[];
  places: Map<string, HighlightPlace>;
  error: string | null;
  add(root: ArticleRoot, start: number, end: number, color: HighlightColor): Highlight | null;
  update(id: string, patch: Partial<Pick<Highlight, 'note' | 'color'>>): void;
  remove(id: string): void;
}

function newId(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `h${Date.now()}${Math.random().toString(36).slice(2)}`;
}

/** Draws each root's highlights into it; the ones whose page is not shown are reported as such. */
function drawAll(highlights: readonly Highlight[]): Map<string, HighlightPlace> {
  const places = new Map<string, HighlightPlace>(highlights.map((h) => [h.id, { found: false, why: 'page-not-loaded' }]));
  for (const root of articleRoots()) {
    const here = highlights.filter((h) => (h.page?.url ?? null) === (root.page?.url ?? null));
    for (const [id, place] of drawMarks(root.element, here)) places.set(id, place);
  }
  return places;
}

/** `html`: the article as rendered now (its marks are redrawn whenever it changes, or a page is appended). */
export function useHighlights(pageUrl: string, html: string | null): HighlightsState {
  const [highlights, setHighlights] = useState<Highlight[]>([]);
  const [places, setPlaces] = useState<Map<string, HighlightPlace>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const [pagesShown, setPagesShown] = useState(0);

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
    const appended = (): void => setPagesShown((n) => n + 1);
    document.addEventListener(ARTICLE_CHANGED_EVENT, appended);
    return () => document.removeEventListener(ARTICLE_CHANGED_EVENT, appended);
  }, []);

  useEffect(() => {
    const found = drawAll(highlights);
    setPlaces(found);
    const starts = new Map([...found].flatMap(([id, a]) => (a.found ? [[id, a.start] as const] : [])));
    setShownHighlights(inArticleOrder(highlights, starts));
  }, [highlights, html, pagesShown]);

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

  const add = (root: ArticleRoot, start: number, end: number, color: HighlightColor): Highlight | null => {
    if (end <= start) return null;
    const anchor = describeRange(root.element.textContent ?? '', start, end);
    const highlight: Highlight = { id: newId(), color, note: '', anchor, created: new Date().toISOString(), ...(root.page ? { page: root.page } : {}) };
    persist([...highlights, highlight]);
    return highlight;
  };
  const update = (id: string, patch: Partial<Pick<Highlight, 'note' | 'color'>>): void => persist(highlights.map((h) => (h.id === id ? { ...h, ...patch } : h)));
  const remove = (id: string): void => persist(highlights.filter((h) => h.id !== id));

  return { highlights, places, error, add, update, remove };
}
