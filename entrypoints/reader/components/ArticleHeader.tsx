import type { ArticleHeader as Header } from '@/src/render/header';

/** The article's header: site, title, byline, date and reading time, in the article's language and direction. */
export function ArticleHeader({ header }: { header: Header }) {
  const lang = header.lang || undefined;
  return (
    <header class="pith-header" lang={lang} dir={header.dir}>
      <p id="pith-site" class="pith-site" hidden={!header.site}>
        {header.url ? (
          <a href={header.url} target="_blank" rel="noopener noreferrer">
            {header.site}
          </a>
        ) : (
          header.site
        )}
      </p>
      <h1 id="pith-title" class="pith-title">
        {header.title}
      </h1>
      <p class="pith-meta">
        <span id="pith-byline" hidden={!header.byline}>
          {header.byline}
        </span>
        <time id="pith-date" dateTime={header.date || undefined} hidden={!header.dateLabel}>
          {header.dateLabel}
        </time>
        <span id="pith-reading-time" lang="en" dir="ltr">
          {header.readingMinutes > 0 ? `${header.readingMinutes} min read` : 'Under a minute'}
        </span>
      </p>
    </header>
  );
}
