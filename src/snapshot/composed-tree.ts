/**
 * The page as it is rendered, not as its light DOM is written: a web component's shadow root stands in for its
 * host's children, and each <slot> for the nodes assigned to it (its fallback content when none are), so slotted
 * text is read where it is drawn. Closed shadow roots are read where the browser lets an extension open them
 * (Chrome's chrome.dom.openOrClosedShadowRoot, Firefox's Element.openOrClosedShadowRoot in content scripts).
 * Plain pages (no host anywhere) take the ordinary paths: these helpers only answer for hosts and slots.
 */

type ShadowOpener = (el: Element) => ShadowRoot | null;

interface ChromeDom {
  dom?: { openOrClosedShadowRoot?: (el: HTMLElement) => ShadowRoot | null };
}

function extensionOpener(): ShadowOpener | undefined {
  const dom = (globalThis as { chrome?: ChromeDom }).chrome?.dom;
  if (typeof dom?.openOrClosedShadowRoot !== 'function') return undefined;
  return (el) => {
    try {
      return dom.openOrClosedShadowRoot!(el as HTMLElement) ?? null; // called on chrome.dom: unbound it throws
    } catch {
      return null; // not an HTMLElement (SVG, MathML): no shadow root
    }
  };
}

const opener = extensionOpener();

/** The element's shadow root, open or (where the extension may) closed; null for every other element. */
export function shadowRootOf(el: Element): ShadowRoot | null {
  if (el.shadowRoot) return el.shadowRoot;
  // Closed roots are looked up on custom elements only: they are where closed roots live in practice, and asking the
  // extension API for each of a huge page's 200,000 elements would cost seconds.
  if (!el.localName.includes('-')) return null;
  const firefox = (el as Element & { openOrClosedShadowRoot?: () => ShadowRoot | null }).openOrClosedShadowRoot;
  if (typeof firefox === 'function') return firefox.call(el) ?? null;
  return opener?.(el) ?? null;
}

/** Node-type checks rather than instanceof: a same-origin frame's nodes belong to another realm. */
export function isElementNode(node: Node): node is Element {
  return node.nodeType === Node.ELEMENT_NODE;
}

function isShadowRoot(node: Node): node is ShadowRoot {
  return node.nodeType === Node.DOCUMENT_FRAGMENT_NODE && 'host' in node;
}

function isSlot(node: Node): node is HTMLSlotElement {
  return node.nodeType === Node.ELEMENT_NODE && (node as Element).localName === 'slot' && 'assignedNodes' in node;
}

function pushRendered(node: Node, out: Node[]): void {
  if (isSlot(node) && isShadowRoot(node.getRootNode())) {
    const assigned = node.assignedNodes();
    for (const child of assigned.length > 0 ? assigned : node.childNodes) pushRendered(child, out);
  } else out.push(node);
}

/**
 * Whether one of the element's children is a slot of a shadow tree: only those are replaced by what they show (a
 * <slot> written in the light DOM is an ordinary element, and must not mark the page as composed).
 */
function hasShadowSlotChild(el: Element): boolean {
  for (const child of el.children) if (child.localName === 'slot') return isShadowRoot(el.getRootNode());
  return false;
}

/** The node's children in rendered order: the shadow root's for a host, slots replaced by what they show. */
export function renderedChildNodes(el: Element): Iterable<Node> {
  const root = shadowRootOf(el);
  const children = root ? root.childNodes : el.childNodes;
  if (!root && !hasShadowSlotChild(el)) return el.childNodes;
  const out: Node[] = [];
  for (const child of children) pushRendered(child, out);
  return out;
}

export function renderedChildren(el: Element): Iterable<Element> {
  if (!shadowRootOf(el) && !hasShadowSlotChild(el)) return el.children;
  return [...renderedChildNodes(el)].filter((n): n is Element => n.nodeType === Node.ELEMENT_NODE);
}

/**
 * Whether the element is or holds a shadow host, or is a shadow tree's element holding a slot: then its copy, text
 * and counts must follow the rendered tree (innerText and cloneNode stop at shadow boundaries and slots).
 */
export function hasShadowParts(el: Element): boolean {
  if (shadowRootOf(el)) return true;
  if (isShadowRoot(el.getRootNode()) && el.querySelector('slot')) return true;
  for (const d of el.querySelectorAll('*')) if (shadowRootOf(d)) return true;
  return false;
}

/** Whether the element or one of its descendants (light DOM) hosts a shadow root. */
export function subtreeHasShadowHost(el: Element): boolean {
  if (shadowRootOf(el)) return true;
  if (el.firstElementChild === null) return false;
  for (const d of el.querySelectorAll('*')) if (shadowRootOf(d)) return true;
  return false;
}

/** Every node below `root` (root first) in rendered order. */
export function renderedNodes(root: Node): Node[] {
  const out: Node[] = [];
  const visit = (node: Node) => {
    out.push(node);
    if (node.nodeType === Node.ELEMENT_NODE) for (const child of renderedChildNodes(node as Element)) visit(child);
  };
  visit(root);
  return out;
}

/**
 * A deep copy of the rendered tree under `root` into `doc` (shadow content in place of the host's light children,
 * slots replaced by what they show), with the originals and their copies in the same order.
 */
export function renderedClone(root: Element, doc: Document): { clone: Element; originals: Element[]; clones: Element[] } {
  const originals: Element[] = [];
  const clones: Element[] = [];
  const copy = (node: Node): Node => {
    if (node.nodeType !== Node.ELEMENT_NODE) return doc.importNode(node, false);
    const el = node as Element;
    const c = doc.importNode(el, false) as Element;
    originals.push(el);
    clones.push(c);
    for (const child of renderedChildNodes(el)) c.append(copy(child));
    return c;
  };
  const clone = copy(root) as Element;
  return { clone, originals, clones };
}

/** The visible text of rendered content (innerText stops at shadow boundaries). */
export function renderedText(root: Element): string {
  const parts: string[] = [];
  for (const node of renderedNodes(root)) {
    if (node.nodeType === Node.TEXT_NODE) parts.push(node.textContent ?? '');
    else if (node.nodeType === Node.ELEMENT_NODE && /^(p|div|li|h[1-6]|br|section|article|blockquote|tr)$/.test((node as Element).localName)) parts.push(' ');
  }
  return parts.join('');
}
