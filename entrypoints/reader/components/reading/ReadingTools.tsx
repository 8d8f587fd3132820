/**
 * The reading features (issue 37), loaded after the article is painted: in the panel, read aloud, highlights and
 * auto-open for the site; at the end of the article, comments on request and the next pages.
 */
import type { Extraction } from '@/src/pipeline/types';
import { AutoOpenToggle } from './AutoOpenToggle';
import { HighlightsPanel } from './HighlightsPanel';
import { NextPages } from './NextPages';
import { ReadAloud } from './ReadAloud';
import { RemovedComments } from './RemovedComments';
import './reading.css';

export interface ReadingProps {
  extraction: Extraction;
  /** The article's HTML as shown now (null when it could not be rendered). */
  html: string | null;
  lang: string;
  dir: 'ltr' | 'rtl';
}

export function ReadingPanel({ extraction, html, lang }: ReadingProps) {
  return (
    <>
      <ReadAloud lang={lang} html={html} />
      <HighlightsPanel pageUrl={extraction.snapshot.url} html={html} />
      <AutoOpenToggle pageUrl={extraction.snapshot.url} />
    </>
  );
}

export function ArticleEnd({ extraction, lang, dir }: ReadingProps) {
  return (
    <div class="pith-article-end" lang={lang || undefined} dir={dir}>
      <NextPages extraction={extraction} lang={lang} dir={dir} />
      <RemovedComments extraction={extraction} />
    </div>
  );
}
