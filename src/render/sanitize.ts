/**
 * The one sanitiser. Everything Pith shows or exports as HTML passes through `sanitizeArticle`, and the reader's
 * single `dangerouslySetInnerHTML` only accepts its branded output (`SanitizedHtml`).
 *
 * Policy: HTML, SVG and MathML (with TeX annotations); no scripts, styles, frames, forms or event handlers; links
 * only to http(s); media only from http(s) or data:image.
 */
import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';
import { isSafeAbsoluteSrcset, isSafeAbsoluteUrl } from './urls';

declare const sanitized: unique symbol;
/** HTML produced by DOMPurify under Pith's policy; the only HTML the reader may inject. */
export type SanitizedHtml = string & { readonly [sanitized]: true };

const CONFIG: Config = {
  USE_PROFILES: { html: true, svg: true, mathMl: true },
  ADD_TAGS: ['semantics', 'annotation'],
  ADD_ATTR: ['target', 'encoding'],
  FORBID_TAGS: [
    'script', 'style', 'iframe', 'frame', 'frameset', 'form', 'input', 'button', 'select', 'textarea', 'option',
    'optgroup', 'object', 'embed', 'link', 'meta', 'base', 'noscript', 'template', 'dialog', 'foreignObject',
  ],
  FORBID_ATTR: ['style', 'action', 'formaction', 'srcdoc', 'id', 'name'],
  // http(s), or a value that is not a URL with a scheme at all (plain attribute text).
  ALLOWED_URI_REGEXP: /^(?:https?:|[^a-z]|[a-z+.-]+(?:[^a-z+.:-]|$))/i,
  ALLOW_DATA_ATTR: true,
  KEEP_CONTENT: true,
};

const LINK_ATTRIBUTES = new Set(['href', 'xlink:href', 'cite']);
/** Pith's own in-page targets (footnotes, kept anchors): the only ids and fragment links kept. */
const PITH_ID = /^pith-[\w-]+$/;
const PITH_FRAGMENT = /^#pith-[\w-]+$/;
const MEDIA_ATTRIBUTES = new Set(['src', 'poster']);

let instance: { purify: DOMPurify; window: Window } | null = null;

function purifier(): DOMPurify {
  const win = globalThis.window;
  if (!win) throw new Error('Pith needs a DOM (a browser page or happy-dom) to sanitise HTML.');
  if (instance?.window === win) return instance.purify;
  const purify = createDOMPurify(win);
  purify.addHook('uponSanitizeAttribute', (node, event) => {
    // URLs were made absolute against the page before sanitising (attributes.ts); anything that is not an
    // allowed absolute URL by now goes, whatever DOMPurify's own URI rules would say.
    const name = event.attrName;
    const value = event.attrValue;
    const loads = node.localName === 'image' && (name === 'href' || name === 'xlink:href');
    let safe = true;
    if (name === 'id' && PITH_ID.test(value)) {
      event.forceKeepAttr = true;
      return;
    }
    if (name === 'href' && node.localName === 'a' && PITH_FRAGMENT.test(value)) return;
    if (name === 'srcset') safe = isSafeAbsoluteSrcset(value);
    else if (MEDIA_ATTRIBUTES.has(name) || loads) safe = isSafeAbsoluteUrl(value, 'media');
    else if (LINK_ATTRIBUTES.has(name)) safe = isSafeAbsoluteUrl(value, 'link');
    if (!safe) event.keepAttr = false;
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.localName === 'a' && PITH_FRAGMENT.test(node.getAttribute('href') ?? '')) {
      node.removeAttribute('target');
    } else if (node.localName === 'a' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    } else if (node.localName === 'a') {
      node.removeAttribute('target');
    }
    if (node.localName === 'img') {
      node.setAttribute('loading', 'lazy');
      node.setAttribute('decoding', 'async');
    }
  });
  instance = { purify, window: win };
  return purify;
}

/**
 * Sanitises an article's body under Pith's policy and returns it as HTML. The body's children are handed over as a
 * fragment (DOMPurify refuses a detached <body> root) and so are moved out of `body`.
 */
export function sanitizeArticle(body: Element): SanitizedHtml {
  const fragment = body.ownerDocument.createDocumentFragment();
  fragment.append(...Array.from(body.childNodes));
  return purifier().sanitize(fragment, CONFIG) as SanitizedHtml;
}
