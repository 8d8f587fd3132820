/**
 * React streaming server rendering sends a page's late parts as `<div hidden id="S:n">…</div>` at the end of the body
 * and moves each into place with an inline script (`$RC("B:n","S:n")`): the boundary's placeholder is
 * `<!--$?--><template id="B:n"></template>…fallback…<!--/$-->`, a nested segment's `<template id="P:n">`. When the
 * scripts ran the content is in place; a saved page, or one read before hydration, keeps it hidden at the end. Only
 * that pattern is read (a hidden segment whose placeholder is there); no other hidden content.
 *
 * `placeStreamedSegments` does for the duration of a read what React's scripts would have done, and returns how many
 * segments it placed and a function that puts the page back as it was (as `revealSelfHiddenPage` does).
 */

export interface PlacedSegments {
  count: number;
  restore: () => void;
}

const NONE: PlacedSegments = { count: 0, restore: () => {} };
const RC_CALL = /\$RC\(\s*["'](B:\d+)["']\s*,\s*["'](S:\d+)["']/g;
const RS_CALL = /\$RS\(\s*["'](S:\d+)["']\s*,\s*["'](P:\d+)["']/g;

function isComment(node: Node | null, data?: string): node is Comment {
  return node !== null && node.nodeType === Node.COMMENT_NODE && (data === undefined || (node as Comment).data === data);
}

/** The hidden segment `id`, only a `<div hidden>` (anything else with that id is not React's). */
function hiddenSegment(doc: Document, id: string): HTMLElement | null {
  const el = doc.getElementById(id);
  return el && el.localName === 'div' && el.hasAttribute('hidden') ? el : null;
}

/** Which segment fills which placeholder: the page's own `$RC`/`$RS` calls when its scripts are there, else S:n for B:n and P:n. */
function segmentPairs(doc: Document): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const script of doc.querySelectorAll('script:not([src])')) {
    const text = script.textContent ?? '';
    if (!text.includes('$R')) continue;
    for (const [, boundary, segment] of text.matchAll(RC_CALL)) pairs.set(boundary!, segment!);
    for (const [, segment, placeholder] of text.matchAll(RS_CALL)) pairs.set(placeholder!, segment!);
  }
  return pairs;
}

/** The nodes after `<!--$?-->` up to its `<!--/$-->` (nested boundaries counted), and that closing comment. */
function fallbackOf(open: Comment): { nodes: Node[]; close: Node | null } {
  const nodes: Node[] = [];
  let depth = 0;
  for (let n = open.nextSibling; n; n = n.nextSibling) {
    if (isComment(n)) {
      if (n.data === '/$') {
        if (depth === 0) return { nodes, close: n };
        depth--;
      } else if (n.data === '$' || n.data === '$?' || n.data === '$!') depth++;
    }
    nodes.push(n);
  }
  return { nodes, close: null };
}

/** Length of the text under `root` (white space collapsed), scripts and styles left out. */
function textLength(root: Node): number {
  let length = 0;
  const texts = (root.ownerDocument ?? (root as Document)).createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = texts.nextNode(); n; n = texts.nextNode()) {
    if (!n.parentElement?.closest('script, style, template')) length += (n.nodeValue ?? '').replace(/\s+/g, ' ').trim().length;
  }
  return length;
}

/**
 * Whether boundaries without their `<!--$?-->` comment are filled: a saved page whose comments and scripts were
 * stripped (a minifier, a page archiver) keeps only `<template id="B:n">` and the hidden segments. Those are read
 * only when the page's segments (any boundary's) hold more text than the rest of it (then they are the page, as
 * with noscripts);
 * otherwise a stray hidden S:n stays hidden.
 */
function bareBoundariesAreThePage(doc: Document, bare: unknown[], segments: HTMLElement[]): boolean {
  if (bare.length === 0 || !doc.body) return false;
  const hidden = new Set(segments);
  const inSegments = [...hidden].filter((el) => ![...hidden].some((other) => other !== el && other.contains(el))).reduce((n, el) => n + textLength(el), 0);
  return inSegments > textLength(doc.body) - inSegments;
}

export function placeStreamedSegments(doc: Document): PlacedSegments {
  const templates = doc.querySelectorAll('template[id^="B:"], template[id^="P:"]');
  if (templates.length === 0) return NONE;
  const pairs = segmentPairs(doc);
  const undo: (() => void)[] = [];
  const bare = [...templates].flatMap((template) => {
    const segment = template.id.startsWith('B:') && !isComment(template.previousSibling, '$?') && !template.firstChild ? hiddenSegment(doc, pairs.get(template.id) ?? `S:${template.id.slice(2)}`) : null;
    return segment && !segment.contains(template) ? [{ template, segment }] : [];
  });
  const segments = [...templates].flatMap((template) => hiddenSegment(doc, pairs.get(template.id) ?? `S:${template.id.slice(2)}`) ?? []);
  const fillBare = bareBoundariesAreThePage(doc, bare, segments);
  let count = 0;
  for (const template of templates) {
    const parent = template.parentNode;
    if (!parent || !template.isConnected) continue;
    const id = template.id;
    const segment = hiddenSegment(doc, pairs.get(id) ?? `S:${id.slice(2)}`);
    if (!segment || segment.contains(template)) continue;
    const content = [...segment.childNodes];
    const open = template.previousSibling;
    if (id.startsWith('B:') && isComment(open, '$?')) {
      const { nodes, close } = fallbackOf(open);
      if (!close) continue;
      for (const n of nodes) parent.removeChild(n);
      for (const n of content) parent.insertBefore(n, close);
      open.data = '$';
      undo.push(() => {
        open.data = '$?';
        for (const n of content) segment.appendChild(n);
        for (const n of nodes) parent.insertBefore(n, close);
      });
    } else if (id.startsWith('P:') || (fillBare && bare.some((b) => b.template === template))) {
      const next = template.nextSibling;
      parent.removeChild(template);
      for (const n of content) parent.insertBefore(n, next);
      undo.push(() => {
        for (const n of content) segment.appendChild(n);
        parent.insertBefore(template, next);
      });
    } else {
      continue;
    }
    count++;
  }
  if (count === 0) return NONE;
  return {
    count,
    restore: () => {
      for (let i = undo.length - 1; i >= 0; i--) undo[i]!();
    },
  };
}
