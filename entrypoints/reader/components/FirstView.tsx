import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import { mark, timelineNow } from '@/ext/timeline';
import type { Extraction } from '@/src/pipeline/types';
import { articleHeader } from '@/src/render/article';
import { pageNotes } from '@/src/render/page-notes';
import { firstScreenArticle } from '../article-html';
import { ArticleHeader } from './ArticleHeader';

/** Grey lines where the reader's controls will be. */
export function PanelSkeleton() {
  return (
    <div class="pith-skeleton-panel" aria-hidden="true">
      <span class="pith-skeleton-line" />
      <span class="pith-skeleton-line pith-skeleton-short" />
      <span class="pith-skeleton-line" />
      <span class="pith-skeleton-line pith-skeleton-short" />
    </div>
  );
}

/** Text blocks at the start of the article whose paint the browser reports (Element Timing), besides the title. */
const TIMED_BLOCKS = 6;
export const PAINT_TIMING_ID = 'pith-first-text';

/**
 * Asks the browser to report when the title and the article's first blocks are painted (`elementtiming`): the moment
 * the reader's text is on screen, read by `npm run bench:reader-speed` and by `whenArticlePainted`.
 */
function markPaintTimed(article: HTMLElement | null): void {
  const targets = [document.getElementById('pith-title'), ...Array.from(article?.querySelectorAll('[data-pith-block]') ?? []).slice(0, TIMED_BLOCKS)];
  for (const el of targets) el?.setAttribute('elementtiming', PAINT_TIMING_ID);
}

/**
 * What the reader paints first, before its controls have loaded (show-reader.tsx then mounts the full reader over
 * it): the article's header and its first screen of text (`src/render/first-screen.ts`), laid out exactly as the full
 * reader lays them out, the note on a page read in part, and the side panel as a skeleton.
 */
export function FirstView({ extraction }: { extraction: Extraction }) {
  const header = articleHeader(extraction);
  const article = firstScreenArticle(extraction);
  const notes = pageNotes(extraction.snapshot).join(' ');
  const articleRef = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    mark('article:rendered', timelineNow(), article.html?.length);
    markPaintTimed(articleRef.current);
  }, []);
  useEffect(() => {
    document.title = `${header.title} · Pith`;
  }, [header.title]);
  return (
    <div class="pith-reader pith-ready" aria-busy="true">
      <aside class="pith-panel" aria-label="Reader controls (loading)">
        <p class="pith-brand">Pith</p>
        {notes && (
          <p class="pith-status pith-warning" role="status">
            {notes}
          </p>
        )}
        <PanelSkeleton />
      </aside>
      <main class="pith-main">
        <ArticleHeader header={header} />
        {article.html !== null && (
          <article ref={articleRef} class="pith-article" lang={header.lang || undefined} dir={header.dir} dangerouslySetInnerHTML={{ __html: article.html }} />
        )}
      </main>
    </div>
  );
}
