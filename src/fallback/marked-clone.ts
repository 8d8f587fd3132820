import type { BlockDomMap } from '../snapshot/take-snapshot';

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

/** Maps live nodes to their counterparts in a deep clone by walking both trees in step (same shape by construction). */
function counterparts(live: Node, clone: Node, wanted: Set<Node>): Map<Node, Node> {
  const found = new Map<Node, Node>();
  const liveDoc = live.ownerDocument ?? (live as Document);
  const cloneDoc = clone.ownerDocument ?? (clone as Document);
  const a = liveDoc.createTreeWalker(live, NodeFilter.SHOW_ALL);
  const b = cloneDoc.createTreeWalker(clone, NodeFilter.SHOW_ALL);
  for (let x: Node | null = a.currentNode, y: Node | null = b.currentNode; x && y; x = a.nextNode(), y = b.nextNode()) {
    if (wanted.has(x)) {
      found.set(x, y);
      if (found.size === wanted.size) break;
    }
  }
  return found;
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

/** A clone of `doc` with every block of the snapshot marked (element blocks by attribute, inline runs by a wrapper). */
export function markedPageClone(doc: Document, dom: BlockDomMap): Document {
  const clone = doc.cloneNode(true) as Document;
  const wanted = new Set<Node>();
  for (const nodes of dom.values()) {
    if (nodes.length === 0) continue;
    wanted.add(nodes[0]);
    wanted.add(nodes[nodes.length - 1]);
  }
  const map = counterparts(doc, clone, wanted);
  // All counterparts are resolved before the clone is changed, so wrapping one run cannot displace another.
  for (const [id, nodes] of dom) {
    const first = map.get(nodes[0]);
    const last = map.get(nodes[nodes.length - 1]);
    if (!first || !last) continue;
    const single = nodes.length === 1 && first.nodeType === Node.ELEMENT_NODE;
    if (single) {
      const el = first as Element;
      // Readability wraps a div's text in a new paragraph and then puts that paragraph in the div's place (and moves a
      // body's content into a new element): the element's own mark is lost, a wrapper around its text is not.
      if (!KEEP_SHAPE.has(el.localName) && (el.textContent ?? '').trim()) wrapRun(clone, el.firstChild, el.lastChild);
      markElement(el, id); // the element, its wrapper and everything inside
      continue;
    }
    const wrapper = wrapRun(clone, first, last);
    if (wrapper) markElement(wrapper, id);
  }
  return clone;
}
