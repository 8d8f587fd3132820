/**
 * In-page links ("#section-2", a table of contents): when their target is part of the kept article they stay
 * in-page links (the reader scrolls to `#pith-a-<fragment>`, the Markdown export writes `#<fragment>`); when the
 * target was removed, or never was shown, the link goes and its text stays. Links elsewhere stay absolute.
 */
import { anchorTargets, fragmentOf } from '../structure/footnote-links';

export const ANCHOR_LINK_ATTR = 'data-pith-anchor-link';
export const ANCHOR_ATTR = 'data-pith-anchor';
/** Prefix of the ids the reader gives kept targets (Pith's own ids cannot clash with the reader page's). */
export const ANCHOR_ID_PREFIX = 'pith-a-';

/** Before attributes are stripped: marks in-page links and the elements they point at (by id or a[name]). */
export function markAnchors(root: Element, base: string): void {
  const targets = anchorTargets(root);
  for (const link of Array.from(root.querySelectorAll('a[href]'))) {
    const frag = fragmentOf(link, base);
    if (!frag) continue;
    const safe = frag.replace(/[^\w-]/g, '_');
    link.setAttribute(ANCHOR_LINK_ATTR, safe);
    targets.get(frag)?.setAttribute(ANCHOR_ATTR, safe);
  }
}

/** After the decisions: links to kept targets point at them in the page; the others become their text. */
export function resolveAnchors(root: Element): void {
  const kept = new Map<string, Element>();
  for (const el of Array.from(root.querySelectorAll(`[${ANCHOR_ATTR}]`))) {
    const key = el.getAttribute(ANCHOR_ATTR) ?? '';
    if (!kept.has(key)) kept.set(key, el);
  }
  const used = new Set<string>();
  for (const link of Array.from(root.querySelectorAll(`a[${ANCHOR_LINK_ATTR}]`))) {
    const key = link.getAttribute(ANCHOR_LINK_ATTR) ?? '';
    if (kept.has(key) && link.getAttribute('href')) {
      link.setAttribute('href', `#${ANCHOR_ID_PREFIX}${key}`);
      used.add(key);
    } else {
      link.replaceWith(...Array.from(link.childNodes));
    }
  }
  for (const [key, el] of kept) {
    if (used.has(key)) el.setAttribute('id', `${ANCHOR_ID_PREFIX}${key}`);
    else el.removeAttribute(ANCHOR_ATTR);
  }
}
