/** The reader's header (title, byline, site, date, reading time) and the article's language, from an extraction. */
import { keptBlocks, keptText } from '../decisions/record';
import type { Extraction } from '../pipeline/types';
import { authorName } from './forum-posts';
import { readingMinutes } from './reading-time';

export interface ArticleHeader {
  title: string;
  byline: string;
  site: string;
  /** As found on the page (ISO when known). */
  date: string;
  /** `date` formatted for the article's language when it parses, else as found. */
  dateLabel: string;
  readingMinutes: number;
  lang: string;
  dir: 'ltr' | 'rtl';
  url: string;
}

export function normalizeTitle(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, '');
}

export function hostLabel(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

function firstKeptHeading(extraction: Extraction): string {
  const heading = keptBlocks(extraction.snapshot.blocks, extraction.record).find(
    (b) => b.kind === 'heading' && (b.headingLevel ?? 1) <= 2,
  );
  return heading?.text.trim() ?? '';
}

/**
 * The page's title, but when it is the article's own heading plus a site suffix ("Headline | Site"), the heading.
 */
function chooseTitle(extraction: Extraction): string {
  const metaTitle = extraction.snapshot.metadata.title.trim();
  const heading = firstKeptHeading(extraction);
  if (!metaTitle) return heading || hostLabel(extraction.snapshot.url) || 'Untitled';
  if (!heading) return metaTitle;
  const m = normalizeTitle(metaTitle);
  const h = normalizeTitle(heading);
  if (h && m !== h && m.includes(h) && h.length * 2 >= m.length) return heading;
  return metaTitle;
}

function formatDate(raw: string, lang: string): string {
  const value = raw.trim();
  if (!/^\d{4}-\d{2}-\d{2}/.test(value)) return value;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  try {
    return new Intl.DateTimeFormat(lang || undefined, {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: dateOnly ? 'UTC' : undefined,
    }).format(date);
  } catch {
    return new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'long', day: 'numeric' }).format(date);
  }
}

/** What may follow a name on a Q&A author card, run together with it: reputation and badge counts. */
const CARD_COUNTS = /^(?:[\s\d.,·•|]|k\b|gold|silver|bronze|badges?|reputation)*$/i;

/**
 * The page's byline; on a thread whose byline is the first post's author card run together ("Priya Raman1,317924":
 * the name, then reputation and badge counts), the name alone.
 */
function bylineOf(extraction: Extraction): string {
  const byline = extraction.snapshot.metadata.byline.trim();
  const first = extraction.pageType?.applied ? extraction.pageType.posts?.[0] : undefined;
  if (!first?.author) return byline;
  const name = authorName(first.author);
  return name && byline.startsWith(name) && CARD_COUNTS.test(byline.slice(name.length)) ? name : byline;
}

export function articleHeader(extraction: Extraction): ArticleHeader {
  const { snapshot, record } = extraction;
  const meta = snapshot.metadata;
  const lang = snapshot.lang.trim();
  const date = meta.publishedTime.trim();
  return {
    title: chooseTitle(extraction),
    byline: bylineOf(extraction),
    site: meta.siteName.trim() || hostLabel(snapshot.url),
    date,
    dateLabel: date ? formatDate(date, lang) : '',
    readingMinutes: readingMinutes(keptText(snapshot.blocks, record)),
    lang,
    dir: snapshot.dir === 'rtl' ? 'rtl' : 'ltr',
    url: snapshot.url,
  };
}
