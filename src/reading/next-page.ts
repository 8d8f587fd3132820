/**
 * Whether an article continues on a next page, and where: the page's declared next page (`<link rel="next">` or a
 * link with rel="next"), a link that says "Next" / "Next page" / "Page 2", or the next number of an article's
 * numbered pagination. Only a page on the same origin counts (Pith reads it with the access the click granted).
 */

import { withoutHash } from '../snapshot/current-view';

/** A page's address without its fragment, for comparing pages. */
export const pageKey = withoutHash;

function sameOriginPage(href: string | null | undefined, pageUrl: string): string | null {
  if (!href) return null;
  try {
    const target = new URL(href, pageUrl);
    const here = new URL(pageUrl);
    if (target.origin !== here.origin || !/^https?:$/.test(target.protocol)) return null;
    if (pageKey(target.href) === pageKey(here.href)) return null;
    return pageKey(target.href);
  } catch {
    return null;
  }
}

/** The page number an address shows (`?page=3`, `/page/3`, `/3/`, `-p3`), or 1. */
export function pageNumberOf(url: string): number {
  try {
    const u = new URL(url);
    for (const name of ['page', 'p', 'pg', 'paged']) {
      const v = u.searchParams.get(name);
      if (v && /^\d{1,3}$/.test(v)) return Number(v);
    }
    const m = /(?:\/page\/|\/|[-_]p(?:age)?-?)(\d{1,3})\/?$/i.exec(u.pathname);
    if (m) return Number(m[1]);
  } catch {
    // not an address: page one
  }
  return 1;
}

const NEXT_WORDS = /^(?:next(?: page)?|page suivante|suivant(?:e)?|nächste seite|weiter|siguiente|página siguiente|successiva|pagina successiva|次のページ|下一页)\s*[›»→>]*$/i;
const PAGE_N = /^(?:page|seite|página|pagina)\s+(\d{1,3})$/i;

function linkText(a: Element): string {
  return (a.textContent ?? '').replace(/\s+/g, ' ').trim() || (a.getAttribute('aria-label') ?? '').trim();
}

/** The pagination bar a link is in (an element with at least two page-number links), or null for running text. */
function paginationBar(a: Element): Element | null {
  const bar = a.closest('nav, ul, ol, div, p, footer');
  if (!bar) return null;
  const numbers = Array.from(bar.querySelectorAll('a')).filter((l) => /^\d{1,3}$/.test(linkText(l)));
  return numbers.length >= 2 ? bar : null;
}

/** The page a pagination bar marks as the current one: aria-current, else its only page number that is not a link. */
function currentInBar(bar: Element): number | null {
  const marked = bar.querySelector('[aria-current]');
  if (marked && /^\d{1,3}$/.test(linkText(marked))) return Number(linkText(marked));
  const unlinked: string[] = [];
  const walk = (node: Node): void => {
    if (node.nodeType === 3) unlinked.push(...((node.textContent ?? '').match(/\b\d{1,3}\b/g) ?? []));
    else if (node.nodeName !== 'A') node.childNodes.forEach(walk);
  };
  walk(bar);
  return unlinked.length === 1 ? Number(unlinked[0]) : null;
}

/**
 * The next page's address (no fragment), or null. `root`: the page's body (or a copy of it); `declaredNext`: the
 * href of the page's `<link rel="next">`, when it has one.
 */
export function findNextPage(root: ParentNode, pageUrl: string, declaredNext?: string): string | null {
  const declared = sameOriginPage(declaredNext, pageUrl);
  if (declared) return declared;
  const links = Array.from(root.querySelectorAll('a[href]'));
  for (const a of links) {
    if (/(?:^|\s)next(?:\s|$)/i.test(a.getAttribute('rel') ?? '')) {
      const next = sameOriginPage(a.getAttribute('href'), pageUrl);
      if (next) return next;
    }
  }
  const current = pageNumberOf(pageUrl);
  for (const a of links) {
    const text = linkText(a);
    const wanted = NEXT_WORDS.test(text) || Number(PAGE_N.exec(text)?.[1]) === current + 1;
    const next = wanted ? sameOriginPage(a.getAttribute('href'), pageUrl) : null;
    if (next) return next;
  }
  for (const a of links) {
    const bar = /^\d{1,3}$/.test(linkText(a)) ? paginationBar(a) : null;
    if (!bar || Number(linkText(a)) !== (currentInBar(bar) ?? current) + 1) continue;
    const next = sameOriginPage(a.getAttribute('href'), pageUrl);
    if (next) return next;
  }
  return null;
}

/** Whether loading `next` may go on: not a page already shown (a loop) and under the limit of pages. */
export const MAX_PAGES = 20;
export function mayLoadNext(next: string | null, shown: readonly string[]): boolean {
  return next !== null && shown.length < MAX_PAGES && !shown.includes(pageKey(next));
}
