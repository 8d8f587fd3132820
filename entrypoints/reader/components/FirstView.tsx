import { useEffect, useLayoutEffect } from 'preact/hooks';
import { mark } from '@/ext/timeline';
import type { Extraction } from '@/src/pipeline/types';
import { articleHeader } from '@/src/render/article';
import { renderedArticle } from '../article-html';
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

/**
 * What the reader paints first, before its controls have loaded (main.tsx then mounts the full reader over it): the
 * article's header and text, laid out exactly as the full reader lays them out, and the side panel as a skeleton.
 */
export function FirstView({ extraction }: { extraction: Extraction }) {
  const header = articleHeader(extraction);
  const article = renderedArticle(extraction, false);
  useLayoutEffect(() => mark('article:rendered'), []);
  useEffect(() => {
    document.title = `${header.title} · Pith`;
  }, [header.title]);
  return (
    <div class="pith-reader pith-ready" aria-busy="true">
      <aside class="pith-panel" aria-label="Reader controls (loading)">
        <p class="pith-brand">Pith</p>
        <PanelSkeleton />
      </aside>
      <main class="pith-main">
        <ArticleHeader header={header} />
        {article.html !== null && (
          <article class="pith-article" lang={header.lang || undefined} dir={header.dir} dangerouslySetInnerHTML={{ __html: article.html }} />
        )}
      </main>
    </div>
  );
}
