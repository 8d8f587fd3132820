/**
 * What an element is, read from its tag and attributes alone (no style, no layout): the tags a snapshot never reads,
 * math containers, forms, and the short hint a node carries for the stages (`SnapshotNode.hint`).
 */
import { isElementNode } from './composed-tree';
import type { SnapshotNode } from './types';

/** Display math and rendered-math containers kept whole. */
export const MATH_SELECTOR = 'math, .katex-display, mjx-container, .MathJax_Display, .mwe-math-element, div[data-math], .math-display';
/** Rendered-formula wrappers that stay in their sentence when laid out inline. */
export const INLINE_MATH_WRAPPERS = 'math, .katex, mjx-container, .MathJax, .MathJax_SVG, .MathJax_CHTML, .mwe-math-element, [data-math], [data-latex], [data-tex]';

export const SKIP_TAGS = new Set([
  'script', 'style', 'noscript', 'template', 'head', 'meta', 'link', 'iframe', 'object', 'embed', 'canvas',
  'svg', 'input', 'select', 'textarea', 'option', 'datalist', 'map', 'area', 'base', 'param', 'source', 'track', 'hr',
]);
const HINT_ATTRIBUTES = ['class', 'role', 'itemprop', 'itemtype'];

/**
 * What a form asks for: a password field makes it a login form, a search field or role=search a search form, an
 * email field with no message box a sign-up (a contact or comment form has a <textarea>).
 */
export function formKind(el: Element): SnapshotNode['form'] {
  const isSearch = el.getAttribute('role') === 'search';
  if (el.localName !== 'form' && !isSearch) return undefined;
  if (el.querySelector('input[type="password" i]')) return 'login';
  if (isSearch || el.querySelector('input[type="search" i], input[name="q"], input[name="s"], input[name="search"]')) return 'search';
  if (el.querySelector('input[type="email" i], input[name*="email" i], input[autocomplete="email" i]') && !el.querySelector('textarea')) return 'subscribe';
  return 'other';
}

/** Every class the math selectors name contains one of these (classes match case-insensitively in quirks mode). */
const MATH_CLASS_WORDS = /math|katex/i;

/**
 * Whether `el` can match the math selectors at all (a cheap test before `matches`, which most elements fail): they
 * name the tags math and mjx-container, classes containing "math" or "katex", and the data-math, -latex, -tex attributes.
 */
export function mayBeMath(el: Element): boolean {
  if (el.localName === 'math' || el.localName === 'mjx-container') return true;
  if (!el.hasAttributes()) return false;
  const classes = el.getAttribute('class');
  if (classes !== null && MATH_CLASS_WORDS.test(classes)) return true;
  return el.hasAttribute('data-math') || el.hasAttribute('data-latex') || el.hasAttribute('data-tex');
}

/** The element's id, class, role, itemprop and itemtype, those present, space-separated and lower-cased (`SnapshotNode.hint`). */
export function hintOf(el: Element): string {
  const id: unknown = el.id; // on a form, `id` may be a control named "id" (DOM clobbering): its string stands in, as before
  let hint = id ? String(id) : '';
  for (const name of HINT_ATTRIBUTES) {
    const value = el.getAttribute(name);
    if (value) hint = hint ? `${hint} ${value}` : value;
  }
  return hint.toLowerCase().slice(0, 200);
}

/** Whether `nodes` hold anything to read: text, an image, a video or a formula. */
export function hasContent(nodes: Node[]): boolean {
  for (const n of nodes) {
    if (n.nodeType === Node.TEXT_NODE) {
      if ((n.textContent ?? '').trim()) return true;
    } else if (isElementNode(n)) {
      if (n.localName === 'img' || n.localName === 'picture' || n.localName === 'video') return true;
      if ((n.textContent ?? '').trim() || n.querySelector('img, video, math')) return true;
    }
  }
  return false;
}
