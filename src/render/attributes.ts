/**
 * Presentational cleanup: the reader styles the article itself, so the page's classes, ids, inline styles and
 * legacy presentational attributes go. HTML elements keep an allow-list of meaningful attributes; SVG and MathML
 * keep their own attributes minus class/style/id/handlers. Every URL is made absolute (or dropped: see urls.ts).
 */
import { CODE_LANGUAGE_CLASS } from './normalize-code';
import { safeAbsoluteSrcset, safeAbsoluteUrl } from './urls';

const HTML_NS = 'http://www.w3.org/1999/xhtml';
const BLOCK_ATTR = 'data-pith-block';

const GLOBAL_ATTRIBUTES = new Set([BLOCK_ATTR, 'lang', 'dir', 'title']);
const TAG_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href'],
  img: ['src', 'srcset', 'sizes', 'alt', 'width', 'height'],
  source: ['src', 'srcset', 'sizes', 'type', 'media'],
  video: ['src', 'poster', 'controls', 'width', 'height', 'loop', 'muted', 'playsinline'],
  audio: ['src', 'controls', 'loop'],
  track: ['src', 'kind', 'srclang', 'label', 'default'],
  td: ['colspan', 'rowspan', 'headers'],
  th: ['colspan', 'rowspan', 'headers', 'scope', 'abbr'],
  col: ['span'],
  colgroup: ['span'],
  ol: ['start', 'reversed', 'type'],
  li: ['value'],
  time: ['datetime'],
  del: ['datetime', 'cite'],
  ins: ['datetime', 'cite'],
  q: ['cite'],
  blockquote: ['cite'],
  details: ['open'],
  data: ['value'],
};
const FOREIGN_DROPPED = new Set(['class', 'style', 'id']);

type UrlKind = 'link' | 'media' | 'srcset';
const URL_ATTRIBUTES: Record<string, UrlKind> = {
  href: 'link',
  'xlink:href': 'link',
  cite: 'link',
  src: 'media',
  poster: 'media',
  srcset: 'srcset',
};

function isForeign(el: Element): boolean {
  return el.namespaceURI !== null && el.namespaceURI !== HTML_NS;
}

function keepAttribute(el: Element, name: string, value: string): boolean {
  if (name.startsWith('on')) return false;
  // data-pith-*: Pith's own markers (blocks, footnotes, callouts, anchors), set before this cleanup.
  if (name.startsWith('data-pith-')) return true;
  if (isForeign(el)) return !FOREIGN_DROPPED.has(name) && !name.startsWith('data-');
  if (GLOBAL_ATTRIBUTES.has(name)) return true;
  if (name === 'class') return el.localName === 'code' && CODE_LANGUAGE_CLASS.test(value);
  return TAG_ATTRIBUTES[el.localName]?.includes(name) ?? false;
}

function rewriteUrl(el: Element, name: string, value: string, base: string): void {
  const kind = URL_ATTRIBUTES[name];
  if (!kind) return;
  // <a href> is a link; everything else that loads (img/src, svg <image href>) is media.
  const use = kind === 'link' && !(name === 'xlink:href' && el.localName === 'image') ? 'link' : 'media';
  const absolute = kind === 'srcset' ? safeAbsoluteSrcset(value, base) : safeAbsoluteUrl(value, base, use);
  if (absolute === null) el.removeAttribute(name);
  else if (absolute !== value) el.setAttribute(name, absolute);
}

/** Strips presentational attributes and makes URLs absolute, in place, for `root` and everything below it. */
export function cleanAttributes(root: Element, base: string): void {
  const elements = [root, ...Array.from(root.querySelectorAll('*'))];
  for (const el of elements) {
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      if (!keepAttribute(el, name, attr.value)) el.removeAttribute(attr.name);
      else rewriteUrl(el, name, attr.value, base);
    }
    if (el.localName === 'video' || el.localName === 'audio') el.setAttribute('controls', '');
  }
  // An image whose every source was dropped shows as a broken icon: it goes.
  for (const img of Array.from(root.querySelectorAll('img:not([src]):not([srcset])'))) img.remove();
}
