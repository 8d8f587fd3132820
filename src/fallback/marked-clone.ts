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

/** Whether Readability reads an element's content before it removes it: JSON-LD (its metadata) yes, other scripts no. */
function isInertScript(el: Element): boolean {
  return el.localName === 'script' && !/json/i.test(el.getAttribute('type') ?? '');
}

/**
 * A copy of `doc` as Readability reads it, with the counterparts of the `wanted` live nodes. Every node is copied in
 * place, but styles and scripts other than JSON-LD are copied empty: Readability removes them unread, and a copied
 * <style> is parsed again as a stylesheet (tens of milliseconds on a page that inlines its CSS). Element for
 * element, the copy has the page's shape, so the neighbours Readability looks at are the same.
 */
function readerCopy(doc: Document, wanted: Set<Node>): { clone: Document; found: Map<Node, Node> } {
  const clone = doc.cloneNode(false) as Document;
  const found = new Map<Node, Node>();
  const stack: [Node, Node][] = [];
  const copy = (live: Node, parent: Node): void => {
    // A template's content is not among its children: copied whole, natively.
    const shallow = live.nodeType === Node.ELEMENT_NODE && (live as Element).localName !== 'template';
    const inert = shallow && ((live as Element).localName === 'style' || isInertScript(live as Element));
    const node = live.cloneNode(!shallow);
    parent.appendChild(node);
    if (wanted.has(live)) found.set(live, node);
    if (shallow && !inert && live.firstChild) stack.push([live, node]);
  };
  for (let child = doc.firstChild; child; child = child.nextSibling) copy(child, clone);
  while (stack.length > 0) {
    const [live, node] = stack.pop()!;
    for (let child = live.firstChild; child; child = child.nextSibling) copy(child, node);
  }
  return { clone, found };
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
  const wanted = new Set<Node>();
  for (const nodes of dom.values()) {
    if (nodes.length === 0) continue;
    wanted.add(nodes[0]);
    wanted.add(nodes[nodes.length - 1]);
  }
  const { clone, found: map } = readerCopy(doc, wanted);
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
