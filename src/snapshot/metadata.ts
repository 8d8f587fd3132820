import { plainValue } from './json-ld-text';
import { normaliseSpace } from './text';
import type { PageMetadata } from './types';

const ARTICLE_TYPES = /article|posting|report|blog|news|webpage|review|recipe|howto|scholarly/i;

const META_KEY_ATTRIBUTES = ['property', 'name', 'itemprop'] as const;

/** ASCII lower case, as CSS compares attribute values under the `i` flag. */
function asciiLower(value: string): string {
  return value.replace(/[A-Z]+/g, (upper) => upper.toLowerCase());
}

/**
 * The page's <meta> elements read once: `find(key)` is the first in document order whose property, name or itemprop is
 * `key` (ASCII case-insensitive), as `meta[property="key" i], meta[name="key" i], meta[itemprop="key" i]` would find,
 * without a walk over the whole page per key.
 */
function metaIndex(doc: Document): (key: string) => HTMLMetaElement | null {
  const metas = doc.querySelectorAll<HTMLMetaElement>('meta');
  const first = new Map<string, number>();
  metas.forEach((el, i) => {
    for (const attribute of META_KEY_ATTRIBUTES) {
      const value = el.getAttribute(attribute);
      const key = value === null ? null : `${attribute}=${asciiLower(value)}`;
      if (key !== null && !first.has(key)) first.set(key, i);
    }
  });
  return (key) => {
    let best = -1;
    for (const attribute of META_KEY_ATTRIBUTES) {
      const i = first.get(`${attribute}=${asciiLower(key)}`);
      if (i !== undefined && (best < 0 || i < best)) best = i;
    }
    return best < 0 ? null : metas[best]!;
  };
}

function meta(find: (key: string) => HTMLMetaElement | null, ...keys: string[]): string {
  for (const key of keys) {
    const content = find(key)?.content?.trim();
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

/** Every top-level JSON-LD object of the page, flattening @graph and arrays. */
function jsonLdObjects(doc: Document): JsonObject[] {
  const found: JsonObject[] = [];
  const visit = (v: JsonValue) => {
    if (Array.isArray(v)) return v.forEach(visit);
    if (!isObject(v)) return;
    if (v['@graph']) visit(v['@graph']);
    if (v['@type']) found.push(v);
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

/** Article-like JSON-LD objects. */
function jsonLdArticles(objects: JsonObject[]): JsonObject[] {
  return objects.filter((v) => ARTICLE_TYPES.test(textOf(v['@type'])));
}

/** The @type names of the page's JSON-LD objects, and of the objects they hold one level down (mainEntity, itemListElement). */
function jsonLdTypes(objects: JsonObject[]): string[] {
  const types = new Set<string>();
  const add = (v: JsonValue | undefined) => {
    if (Array.isArray(v)) return v.slice(0, 5).forEach(add);
    if (!isObject(v)) return;
    for (const t of [v['@type']].flat()) if (typeof t === 'string') types.add(t);
  };
  for (const obj of objects) {
    add(obj);
    add(obj.mainEntity);
    add(obj.itemListElement);
  }
  return [...types].slice(0, 20);
}

/** A JSON-LD Product's own fields (what a product page may hide behind tabs). */
function jsonLdProduct(objects: JsonObject[]): Record<string, string> | undefined {
  const product = objects.find((v) => /\bproduct\b/i.test(textOf(v['@type'])));
  if (!product) return undefined;
  const offers = [product.offers].flat()[0];
  const offer = isObject(offers) ? offers : undefined;
  const out: Record<string, string> = {};
  const fields: [string, JsonValue | undefined][] = [
    ['name', product.name],
    ['description', product.description],
    ['brand', product.brand],
    ['sku', product.sku],
    ['price', offer?.price ?? offer?.lowPrice],
    ['priceCurrency', offer?.priceCurrency],
  ];
  for (const [key, value] of fields) {
    const text = plainValue(textOf(value).slice(0, 2000));
    if (text) out[key] = text;
  }
  for (const property of [product.additionalProperty].flat().slice(0, 40)) {
    if (!isObject(property)) continue;
    const name = plainValue(textOf(property.name));
    const value = plainValue(textOf(property.value).slice(0, 200));
    if (name && value) out[`spec:${name}`] = value;
  }
  return out;
}

/** The article fields a reader reads as words (the others are a date and a URL). */
const WORDS_FIELDS = new Set(['headline', 'description', 'author', 'publisher']);

function readJsonLd(objects: JsonObject[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const obj of jsonLdArticles(objects)) {
    const fields: [string, JsonValue | undefined][] = [
      ['headline', obj.headline ?? obj.name],
      ['description', obj.description],
      ['author', obj.author],
      ['datePublished', obj.datePublished ?? obj.dateCreated],
      ['publisher', obj.publisher],
      ['image', obj.image],
    ];
    for (const [key, value] of fields) {
      const raw = textOf(value);
      const text = WORDS_FIELDS.has(key) ? plainValue(raw) : raw;
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
  const find = metaIndex(doc);
  const openGraph = readOpenGraph(doc);
  const objects = jsonLdObjects(doc);
  const jsonLd = readJsonLd(objects);
  const base = doc.baseURI;
  const h1 = normaliseSpace(doc.querySelector('h1')?.textContent ?? '');
  const title =
    openGraph['og:title'] || meta(find, 'twitter:title') || jsonLd.headline || normaliseSpace(doc.title) || h1;
  const time = doc.querySelector<HTMLTimeElement>('time[datetime]');
  return {
    title,
    description: openGraph['og:description'] || meta(find, 'description', 'twitter:description') || jsonLd.description || '',
    byline: meta(find, 'author', 'article:author', 'parsely-author', 'dc.creator') || jsonLd.author || bylineFromPage(doc),
    siteName: openGraph['og:site_name'] || meta(find, 'application-name') || jsonLd.publisher || '',
    publishedTime:
      openGraph['article:published_time'] ||
      jsonLd.datePublished ||
      meta(find, 'date', 'pubdate', 'publishdate', 'dc.date', 'parsely-pub-date') ||
      time?.dateTime ||
      '',
    canonicalUrl: absolute(doc.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.getAttribute('href') ?? '', base) || openGraph['og:url'] || '',
    image: absolute(openGraph['og:image'] || jsonLd.image || '', base),
    ...nextPageLink(doc, base),
    openGraph,
    jsonLd,
    jsonLdTypes: jsonLdTypes(objects),
    jsonLdProduct: jsonLdProduct(objects),
    keywords: meta(find, 'keywords')
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

/** The page's declared next page (`<link rel="next">`), for multi-page articles; absent when it declares none. */
function nextPageLink(doc: Document, base: string): { nextUrl?: string } {
  const href = doc.querySelector<HTMLLinkElement>('link[rel~="next" i]')?.getAttribute('href');
  const url = href ? absolute(href, base) : '';
  return url ? { nextUrl: url } : {};
}
