/**
 * Multi-page articles: when the page links to its next page, "Load the next page" reads that page (same site, with
 * the access the click granted) and appends its article below, marked with its page number; again for each page,
 * until the last one, a link back to a page already shown (a loop), or twenty pages.
 */
import { useMemo, useRef, useState } from 'preact/hooks';
import type { Extraction } from '@/src/pipeline/types';
import { findNextPage, mayLoadNext, MAX_PAGES, pageKey } from '@/src/reading/next-page';
import { renderArticleHtml, type SanitizedHtml } from '@/src/render/article';
import { readNextPage } from '@/ext/next-page-read';
import { errorMessage } from '@/src/error-message';
import { sourceTabId } from '../../read-source';
import { ARTICLE_CHANGED_EVENT } from './use-read-aloud';
import { PAGE_NUMBER_ATTR, PAGE_URL_ATTR } from './use-highlights';

interface LoadedPage {
  url: string;
  html: SanitizedHtml;
}

function nextOf(extraction: Extraction): string | null {
  const body = new DOMParser().parseFromString(`<body>${extraction.snapshot.html}</body>`, 'text/html').body;
  return findNextPage(body, extraction.snapshot.url, extraction.snapshot.metadata.nextUrl);
}

export function NextPages({ extraction, dir, lang }: { extraction: Extraction; dir: 'ltr' | 'rtl'; lang: string }) {
  const firstNext = useMemo(() => nextOf(extraction), [extraction]);
  const [pages, setPages] = useState<LoadedPage[]>([]);
  const [next, setNext] = useState<string | null>(firstNext);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const focusNew = useRef(false);
  const shown = [pageKey(extraction.snapshot.url), ...pages.map((p) => p.url)];
  const tabId = sourceTabId(location.search);

  if (firstNext === null) return null;

  const load = async (): Promise<void> => {
    if (!next || tabId === null || busy) return;
    setBusy(true);
    setMessage(null);
    try {
      const read = await readNextPage(tabId, next);
      if (!read.ok) {
        setMessage(read.message);
        return;
      }
      const html = renderArticleHtml(read.extraction, { showRemoved: false, omitTitleHeading: true });
      const loaded = [...pages, { url: pageKey(next), html }];
      const after = nextOf(read.extraction);
      const seen = [...shown, pageKey(next)];
      focusNew.current = true;
      setPages(loaded);
      if (mayLoadNext(after, seen)) setNext(after);
      else {
        setNext(null);
        if (after && seen.length >= MAX_PAGES) setMessage(`Pith stops after ${MAX_PAGES} pages. The rest is on the site.`);
        else if (after) setMessage('That was the last new page: its next-page link leads back to a page already shown.');
      }
      queueMicrotask(() => document.dispatchEvent(new CustomEvent(ARTICLE_CHANGED_EVENT)));
    } catch (error) {
      setMessage(`Pith couldn’t load the next page (${errorMessage(error)}).`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div class="pith-next-pages">
      {pages.map((page, i) => (
        <section key={page.url} class="pith-next-page" aria-labelledby={`pith-page-${i + 2}`} lang={lang || undefined} dir={dir}>
          <h2
            id={`pith-page-${i + 2}`}
            class="pith-page-marker"
            tabIndex={-1}
            ref={(el) => {
              if (el && focusNew.current && i === pages.length - 1) {
                focusNew.current = false;
                el.focus();
              }
            }}
          >
            Page {i + 2}{' '}
            <a href={page.url} target="_blank" rel="noopener noreferrer" class="pith-page-source">
              (on the site)
            </a>
          </h2>
          <article class="pith-article pith-next-page-article" {...{ [PAGE_URL_ATTR]: page.url, [PAGE_NUMBER_ATTR]: i + 2 }} dangerouslySetInnerHTML={{ __html: page.html }} />
        </section>
      ))}
      {next && (
        <button type="button" id="pith-next-page" class="pith-button pith-primary" disabled={busy} aria-busy={busy} onClick={() => void load()}>
          {busy ? `Loading page ${pages.length + 2}…` : `Load the next page (page ${pages.length + 2})`}
        </button>
      )}
      {!next && pages.length > 0 && !message && <p class="pith-hint pith-pages-end">End of the article ({pages.length + 1} pages).</p>}
      {message && (
        <p class="pith-notice" role="status">
          {message}
        </p>
      )}
    </div>
  );
}
