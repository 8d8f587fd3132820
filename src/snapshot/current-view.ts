/**
 * A single-page app that navigated after load (history.pushState) shows a new view at a new address, while its
 * <head> often still describes the page it was loaded as: og:title, canonical link, description, JSON-LD. The
 * reader reads the current view, so such stale metadata must not name it.
 */
import { normaliseSpace } from './text';
import type { PageMetadata } from './types';

/** A page's address without its #fragment (the same page). */
export function withoutHash(url: string): string {
  try {
    const u = new URL(url);
    u.hash = '';
    return u.href;
  } catch {
    return url;
  }
}

/** The address the document was loaded at, when it differs from its address now (ignoring #fragments); else null. */
export function loadedAt(doc: Document): string | null {
  const entry = doc.defaultView?.performance?.getEntriesByType?.('navigation')[0];
  const loaded = entry?.name;
  if (!loaded || !/^https?:/.test(loaded)) return null;
  return withoutHash(loaded) === withoutHash(doc.URL) ? null : loaded;
}

/**
 * Whether the head's metadata describes another view than the one shown: it names an address (canonical, og:url)
 * that is not the current one, or, naming none, its title is not within the document's title, which apps keep
 * current (and sites write as the og:title with the site's name around it: "Title | Site").
 */
function headIsStale(meta: PageMetadata, doc: Document): boolean {
  const named = meta.canonicalUrl || meta.openGraph['og:url'] || '';
  if (named) return withoutHash(named) !== withoutHash(doc.URL);
  const title = normaliseSpace(doc.title);
  return title !== '' && !title.includes(meta.title) && !meta.title.includes(title);
}

/**
 * The metadata of the view shown: as read, unless the page navigated in place and its head was left describing the
 * page it was loaded as; then title, address and dates come from the document and the view, and the head's
 * page-specific fields (description, image, Open Graph, JSON-LD) are left out. The site name stays: it is the site's.
 */
export function currentViewMetadata(meta: PageMetadata, doc: Document): PageMetadata {
  if (loadedAt(doc) === null || !headIsStale(meta, doc)) return meta;
  const h1 = normaliseSpace(doc.querySelector('h1')?.textContent ?? '');
  return {
    ...meta,
    title: normaliseSpace(doc.title) || h1,
    description: '',
    byline: '',
    publishedTime: doc.querySelector<HTMLTimeElement>('time[datetime]')?.dateTime ?? '',
    canonicalUrl: doc.URL,
    image: '',
    openGraph: {},
    jsonLd: {},
    jsonLdTypes: [],
    jsonLdProduct: undefined,
  };
}
