/**
 * Counts of the DOM work an extraction does, by kind, for `tools/profile-structural.ts --counts`: layout reads (rects,
 * scroll sizes), computed-style lookups and the properties read from them, text reads, walks and queries, document
 * copies and parses, serialisations. Counting is by wrapping the prototypes' methods and getters in the page, so it
 * slows what it counts: a counted run is never a timed one. Counts do not depend on the machine's load.
 *
 * `installDomCounters` runs in the page (through `page.evaluate`), so it must not close over anything of this module.
 */
export interface DomCounts {
  [kind: string]: number;
}

declare global {
  interface Window {
    __pithDomCounts?: DomCounts;
  }
}

/** Wraps the prototypes once per page; `window.__pithDomCounts` holds the counts (reset it to count a new run). */
export function installDomCounters(): void {
  if (window.__pithDomCounts) return;
  const counts: DomCounts = {};
  window.__pithDomCounts = counts;
  const bump = (kind: string): void => {
    const c = window.__pithDomCounts!;
    c[kind] = (c[kind] ?? 0) + 1;
  };
  const method = (proto: object, name: string, kind: string | ((self: unknown, args: unknown[]) => string)): void => {
    const original = (proto as Record<string, unknown>)[name];
    if (typeof original !== 'function') return;
    (proto as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
      bump(typeof kind === 'string' ? kind : kind(this, args));
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
  };
  const getter = (proto: object, name: string, kind: string): void => {
    const descriptor = Object.getOwnPropertyDescriptor(proto, name);
    if (!descriptor?.get) return;
    const get = descriptor.get;
    Object.defineProperty(proto, name, {
      ...descriptor,
      get(this: unknown) {
        bump(kind);
        return get.call(this);
      },
    });
  };
  method(Element.prototype, 'getBoundingClientRect', 'layout: element rect');
  method(Range.prototype, 'getBoundingClientRect', 'layout: range rect');
  method(Element.prototype, 'getClientRects', 'layout: element rect list');
  method(Range.prototype, 'getClientRects', 'layout: range rect list');
  for (const name of ['offsetWidth', 'offsetHeight', 'offsetTop', 'offsetLeft', 'offsetParent']) getter(HTMLElement.prototype, name, 'layout: offset*');
  for (const name of ['scrollWidth', 'scrollHeight', 'clientWidth', 'clientHeight']) getter(Element.prototype, name, 'layout: scroll/client size');
  const computed = window.getComputedStyle;
  window.getComputedStyle = function (el: Element, pseudo?: string | null) {
    bump('style: getComputedStyle');
    return computed.call(window, el, pseudo);
  };
  for (const name of ['display', 'position', 'visibility', 'opacity', 'fontSize', 'fontWeight', 'direction', 'overflow', 'float', 'width', 'height']) {
    getter(CSSStyleDeclaration.prototype, name, 'style: property read');
  }
  getter(HTMLElement.prototype, 'innerText', 'text: innerText');
  getter(Node.prototype, 'textContent', 'text: textContent');
  method(Document.prototype, 'createTreeWalker', 'walk: createTreeWalker');
  method(Element.prototype, 'querySelectorAll', 'walk: querySelectorAll');
  method(Document.prototype, 'querySelectorAll', 'walk: querySelectorAll');
  method(Element.prototype, 'getElementsByTagName', 'walk: getElementsByTagName');
  method(Document.prototype, 'getElementsByTagName', 'walk: getElementsByTagName');
  method(Element.prototype, 'closest', 'walk: closest');
  method(Element.prototype, 'matches', 'walk: matches');
  method(Node.prototype, 'cloneNode', (self, args) => (self instanceof Document ? `copy: document cloneNode(${args[0] ? 'deep' : 'shallow'})` : 'copy: node cloneNode'));
  method(Document.prototype, 'importNode', 'copy: importNode');
  method(DOMParser.prototype, 'parseFromString', 'copy: DOMParser parse');
  getter(Element.prototype, 'outerHTML', 'serialise: outerHTML');
  getter(Element.prototype, 'innerHTML', 'serialise: innerHTML');
}
