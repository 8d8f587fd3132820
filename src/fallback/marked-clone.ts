import { pendingLazySource } from '../snapshot/images';
import { noscriptsToRead, unwrapNoscript } from '../snapshot/noscript';
import type { BlockDomMap } from '../snapshot/take-snapshot';
import { fewCharacters } from '../snapshot/text';

/**
 * Readability's input: a clone of the page itself, as Readability.js reads it, with each block's element carrying
 * `data-pith-block` so that its answer maps back onto the snapshot's blocks.
 *
 * Not the snapshot's cleaned copy: that copy drops what Readability's scoring reads (form fields and buttons, which
 * mark login boxes and search forms; `aria-modal` and `aria-hidden`, which mark dialogs; `rel="author"`; the head's
 * metadata) and rewrites inline runs as paragraphs, so on forum and service pages it led Readability to another answer
 * than on the page.
 *
 * An anonymous inline run (text between blocks) is wrapped in `<data>`: phrasing content to Readability, like the
 * text it wraps, and neither scored nor counted as "textish", so the wrapper changes none of its measures.
 */
export const RUN_WRAPPER_TAG = 'data';

/** Elements whose children are structure (rows, items, media), not text: marked, never wrapped. */
const KEEP_SHAPE = new Set([
  'table', 'thead', 'tbody', 'tfoot', 'tr', 'ul', 'ol', 'dl', 'figure', 'picture', 'pre', 'video', 'audio', 'math', 'select',
]);

/** Whether Readability reads an element's content before it removes it: JSON-LD (its metadata) yes, other scripts no. */
function isInertScript(el: Element): boolean {
  return el.localName === 'script' && !/json/i.test(el.getAttribute('type') ?? '');
}

/**
 * A copy of `doc` as Readability reads it. The document element is copied natively in one call (a node-by-node copy
 * in script cost a third of the Readability step), into the copy's own document, so nothing in it loads or runs. Its
 * styles, and scripts other than JSON-LD, are emptied before it joins that document: Readability removes them unread,
 * and a connected <style> is parsed again as a stylesheet (tens of milliseconds on a page that inlines its CSS).
 * Element for element, the copy has the page's shape, so the neighbours Readability looks at are the same.
 */
function readerCopy(doc: Document): Document {
  const clone = doc.cloneNode(false) as Document;
  for (let child = doc.firstChild; child; child = child.nextSibling) {
    const node = clone.importNode(child, true);
    if (node.nodeType === Node.ELEMENT_NODE) {
      for (const el of (node as Element).querySelectorAll('style, script')) if (el.localName === 'style' || isInertScript(el)) el.textContent = '';
    }
    clone.appendChild(node);
  }
  return clone;
}

/**
 * Finds the copy's counterpart of a live node by walking down from the nearest ancestor already found, pairing the
 * children of each element on the way once: only the elements above the blocks are visited, not what is inside them.
 */
function counterparts(doc: Document, clone: Document): (live: Node) => Node | undefined {
  const found = new Map<Node, Node>([[doc, clone]]);
  const chain: Node[] = [];
  return (live) => {
    chain.length = 0;
    let node: Node | null = live;
    while (node && !found.has(node)) {
      chain.push(node);
      node = node.parentNode;
    }
    if (!node) return undefined; // not in the document (a shadow root's or a template's content)
    for (let i = chain.length - 1; i >= 0; i--) {
      const parent = chain[i]!.parentNode!;
      const parentCopy = found.get(parent);
      if (!parentCopy) return undefined; // the copy's shape differs here: no counterpart rather than a wrong one
      let copy = parentCopy.firstChild;
      for (let child = parent.firstChild; child && copy; child = child.nextSibling, copy = copy.nextSibling) found.set(child, copy);
    }
    return found.get(live);
  };
}

/**
 * Marks a block's element and everything inside it: Readability replaces some elements by their only child (a div
 * around one paragraph) or by a new element, and a mark inside survives what the element's own mark does not.
 */
function markElement(el: Element, id: number): void {
  const value = String(id);
  el.setAttribute('data-pith-block', value);
  for (const inner of el.querySelectorAll('*')) inner.setAttribute('data-pith-block', value);
}

/** Wraps the siblings from `first` to `last` (an inline run) in one wrapper; returns it (null when they are not siblings). */
function wrapRun(doc: Document, first: Node | null, last: Node | null): Element | null {
  const parent = first?.parentNode;
  if (!first || !last || !parent || last.parentNode !== parent) return null;
  const wrapper = doc.createElement(RUN_WRAPPER_TAG);
  parent.insertBefore(wrapper, first);
  for (let node: Node | null = first; node; ) {
    const next: Node | null = node === last ? null : node.nextSibling;
    wrapper.append(node);
    node = next;
  }
  return wrapper;
}

/**
 * The panels of the page's collapsed disclosures: an element named by the `aria-controls` of a control that has
 * `aria-expanded` (an accordion's or a "Read more" button) and marked `aria-hidden="true"` until it is opened.
 * Readability takes `aria-hidden` for a closed dialog and drops the panel unread; it is content the reader opens.
 */
function collapsedPanels(doc: Document): Element[] {
  const panels: Element[] = [];
  for (const control of doc.querySelectorAll('[aria-expanded][aria-controls]')) {
    for (const id of (control.getAttribute('aria-controls') ?? '').split(/\s+/)) {
      const panel = id ? doc.getElementById(id) : null;
      if (panel?.getAttribute('aria-hidden') === 'true') panels.push(panel);
    }
  }
  return panels;
}

/** Share of the page's text above which an `aria-hidden` element laid out on the page is its content, not a dialog. */
export const HIDDEN_CONTENT_SHARE = 0.5;
/**
 * Share of the page's text above which an element the page makes invisible (an inline `visibility: hidden`) is the
 * whole page waiting for its scripts. Half is not enough: a page may hide a real part of itself that way.
 */
export const HIDDEN_PAGE_SHARE = 0.9;

/** The share of the page's text above which an element hidden by its own markup is read, or null when it is not so hidden. */
function hiddenByMarkup(el: Element): number | null {
  if (el.getAttribute('aria-hidden') === 'true') return HIDDEN_CONTENT_SHARE;
  return (el as HTMLElement).style?.visibility === 'hidden' ? HIDDEN_PAGE_SHARE : null;
}

/**
 * Elements hidden by their own markup that are laid out on the page and hold most of its text: a page that shows its
 * post in an overlay it hides from screen readers until a script opens it (`aria-hidden`, half of the text), or an
 * app that keeps the whole page invisible until its scripts have run (`visibility: hidden`, nearly all of it).
 * Readability drops both unread, which left such a page with nothing but its menu, or with nothing. (Whether the
 * reader keeps what is hidden is the hidden-article rule's to say.)
 */
function shownHiddenContent(doc: Document, clone: Document, counterpart: (live: Node) => Node | undefined): Element[] {
  const found: Element[] = [];
  let total: number | undefined; // the page's text is read only when an element asks
  for (const el of doc.querySelectorAll('[aria-hidden="true"], [style*="visibility"]')) {
    const share = hiddenByMarkup(el);
    if (share === null || el.getClientRects().length === 0) continue;
    total ??= (clone.body?.textContent ?? '').replace(/\s+/g, '').length;
    if (total === 0) return [];
    const copy = counterpart(el) as Element | undefined;
    if (copy && (copy.textContent ?? '').replace(/\s+/g, '').length >= share * total) found.push(copy);
  }
  return found;
}

/** Shows a hidden element to Readability: its `aria-hidden` and its inline `visibility` go. */
function reveal(el: Element): void {
  el.removeAttribute('aria-hidden');
  (el as HTMLElement).style?.removeProperty('visibility');
}

/**
 * A lazy image shows the source the snapshot read for it, and its noscript twin goes: Readability drops an <img>
 * without a source unread, and puts the twin in the place of one with a source (and its block's mark).
 */
function showLazySources(doc: Document, clone: Document): void {
  const copies = Array.from(clone.getElementsByTagName('img'));
  Array.from(doc.getElementsByTagName('img')).forEach((img, i) => {
    const src = pendingLazySource(img, doc.baseURI);
    const copy = copies[i];
    if (!src || !copy) return;
    copy.setAttribute('src', src);
    for (const twin of [copy.nextElementSibling, copy.previousElementSibling]) if (twin?.localName === 'noscript') twin.remove();
  });
}

/** A clone of `doc` with every block of the snapshot marked (element blocks by attribute, inline runs by a wrapper). */
export function markedPageClone(doc: Document, dom: BlockDomMap): Document {
  const clone = readerCopy(doc);
  const counterpart = counterparts(doc, clone);
  // A panel the page hides is hidden in the snapshot too; one laid out on the page is Readability's to judge.
  for (const panel of collapsedPanels(doc)) (counterpart(panel) as Element | undefined)?.removeAttribute('aria-hidden');
  for (const content of shownHiddenContent(doc, clone, counterpart)) reveal(content);
  // All counterparts are resolved before the clone is changed, so wrapping one run cannot displace another.
  const ends: [number, Node | undefined, Node | undefined, boolean][] = [];
  for (const [id, nodes] of dom) {
    if (nodes.length === 0) continue;
    ends.push([id, counterpart(nodes[0]!), counterpart(nodes[nodes.length - 1]!), nodes.length === 1]);
  }
  // Only now may nodes leave the copy: the counterparts pair children by position.
  showLazySources(doc, clone);
  for (const [id, first, last, alone] of ends) {
    if (!first || !last) continue;
    const single = alone && first.nodeType === Node.ELEMENT_NODE;
    if (single) {
      const el = first as Element;
      // Readability wraps a div's text in a new paragraph and then puts that paragraph in the div's place (and moves a
      // body's content into a new element): the element's own mark is lost, a wrapper around its text is not.
      if (!KEEP_SHAPE.has(el.localName) && !fewCharacters(el, 0)) wrapRun(clone, el.firstChild, el.lastChild);
      markElement(el, id); // the element, its wrapper and everything inside
      continue;
    }
    const wrapper = wrapRun(clone, first, last);
    if (wrapper) markElement(wrapper, id);
  }
  // Readability removes every <noscript> unread; the ones the snapshot read as the page's content stay (same text, same choice).
  for (const noscript of noscriptsToRead(clone)) unwrapNoscript(noscript);
  return clone;
}
