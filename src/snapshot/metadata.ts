import { normaliseSpace } from './text';
import type { PageMetadata } from './types';

const ARTICLE_TYPES = /article|posting|report|blog|news|webpage|review|recipe|howto|scholarly/i;

function meta(doc: Document, ...keys: string[]): string {
  for (const key of keys) {
    const el = doc.querySelector<HTMLMetaElement>(`meta[property="${key}" i], meta[name="${key}" i], meta[itemprop="${key}" i]`);
    const content = el?.content?.trim();
    if (content) return content;
  }
  return '';
}

type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
type JsonObject = { [key: string]: JsonValue };

function isObject(v: JsonValue | undefined): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function textOf(v: JsonValue | undefined): string {
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number') return String(v);
  if (Array.isArray(v)) return v.map(textOf).filter(Boolean).join(', ');
  if (isObject(v)) return textOf(v.name ?? v['@value'] ?? v.url);
  return '';
}

/** Article-like JSON-LD objects, flattening @graph and arrays. */
function jsonLdArticles(doc: Document): JsonObject[] {
  const found: JsonObject[] = [];
  const visit = (v: JsonValue) => {
    if (Array.isArray(v)) return v.forEach(visit);
    if (!isObject(v)) return;
    if (v['@graph']) visit(v['@graph']);
    const type = textOf(v['@type']);
    if (ARTICLE_TYPES.test(type)) found.push(v);
  };
  for (const script of doc.querySelectorAll('script[type="application/ld+json"]')) {
    try {
      visit(JSON.parse(script.textContent ?? '') as JsonValue);
    } catch {
      // Malformed JSON-LD is common; the other metadata sources still apply.
    }
  }
  return found;
}

function readJsonLd(doc: Document): Record<string, string> {
  const out: Record<string, string> = {};
  for (const obj of jsonLdArticles(doc)) {
    const fields: [string, JsonValue | undefined][] = [
      ['headline', obj.headline ?? obj.name],
      ['description', obj.description],
      ['author', obj.author],
      ['datePublished', obj.datePublished ?? obj.dateCreated],
      ['publisher', obj.publisher],
      ['image', obj.image],
    ];
    for (const [key, value] of fields) {
      const text = textOf(value);
      if (text && !out[key]) out[key] = text;
    }
  }
  return out;
}

function readOpenGraph(doc: Document): Record<string, string> {
  const out: Record<string, string> = {};
  for (const el of doc.querySelectorAll<HTMLMetaElement>('meta[property^="og:"], meta[property^="article:"], meta[name^="og:"]')) {
    const key = el.getAttribute('property') ?? el.getAttribute('name') ?? '';
    if (key && el.content && !out[key]) out[key] = el.content.trim();
  }
  return out;
}

function bylineFromPage(doc: Document): string {
  const el = doc.querySelector('[rel="author"], [itemprop="author"], .byline, .author, [class*="byline"]');
  const text = el?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
  return text.length > 0 && text.length < 100 ? text : '';
}

function absolute(url: string, base: string): string {
  if (!url) return '';
  try {
    return new URL(url, base).href;
  } catch {
    return '';
  }
}

export function readMetadata(doc: Document): PageMetadata {
  const openGraph = readOpenGraph(doc);
  const jsonLd = readJsonLd(doc);
  const base = doc.baseURI;
  const h1 = normaliseSpace(doc.querySelector('h1')?.textContent ?? '');
  const title =
    openGraph['og:title'] || meta(doc, 'twitter:title') || jsonLd.headline || normaliseSpace(doc.title) || h1;
  const time = doc.querySelector<HTMLTimeElement>('time[datetime]');
  return {
    title,
    description: openGraph['og:description'] || meta(doc, 'description', 'twitter:description') || jsonLd.description || '',
    byline: meta(doc, 'author', 'article:author', 'parsely-author', 'dc.creator') || jsonLd.author || bylineFromPage(doc),
    siteName: openGraph['og:site_name'] || meta(doc, 'application-name') || jsonLd.publisher || '',
    publishedTime:
      openGraph['article:published_time'] ||
      jsonLd.datePublished ||
      meta(doc, 'date', 'pubdate', 'publishdate', 'dc.date', 'parsely-pub-date') ||
      time?.dateTime ||
      '',
    canonicalUrl: absolute(doc.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.getAttribute('href') ?? '', base) || openGraph['og:url'] || '',
    image: absolute(openGraph['og:image'] || jsonLd.image || '', base),
    openGraph,
    jsonLd,
    keywords: meta(doc, 'keywords')
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean),
  };
}

/** Metadata of a page that declares none (also the base that hand-built snapshots in tests fill in). */
export function emptyMetadata(partial: Partial<PageMetadata> = {}): PageMetadata {
  return {
    title: '',
    description: '',
    byline: '',
    siteName: '',
    publishedTime: '',
    canonicalUrl: '',
    image: '',
    openGraph: {},
    jsonLd: {},
    keywords: [],
    ...partial,
  };
}
