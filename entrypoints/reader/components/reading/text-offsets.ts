/** Mapping between character offsets in an element's text (its textContent) and DOM ranges. */

function textNodes(root: Node): Text[] {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n as Text);
  return nodes;
}

/** The text node and offset in it at character `offset` of root's text. */
function pointAt(nodes: Text[], offset: number, preferNext: boolean): [Text, number] | null {
  let seen = 0;
  for (const node of nodes) {
    const length = node.data.length;
    if (offset < seen + length || (offset === seen + length && !preferNext)) return [node, offset - seen];
    seen += length;
  }
  const last = nodes[nodes.length - 1];
  return last ? [last, last.data.length] : null;
}

/** The DOM range of characters [start, end) of root's text, or null when root has no text. */
export function rangeFromOffsets(root: Node, start: number, end: number): Range | null {
  const nodes = textNodes(root);
  const from = pointAt(nodes, start, true);
  const to = pointAt(nodes, end, false);
  if (!from || !to) return null;
  const range = document.createRange();
  range.setStart(from[0], from[1]);
  range.setEnd(to[0], to[1]);
  return range;
}

/** The character offset in root's text of a DOM point inside root. */
export function offsetOf(root: Node, node: Node, offset: number): number {
  const range = document.createRange();
  range.setStart(root, 0);
  range.setEnd(node, offset);
  return range.toString().length;
}

/** Each text node's stretch of [start, end), for wrapping a passage that crosses elements. */
export function textSlices(root: Node, start: number, end: number): { node: Text; from: number; to: number }[] {
  const slices: { node: Text; from: number; to: number }[] = [];
  let seen = 0;
  for (const node of textNodes(root)) {
    const length = node.data.length;
    const from = Math.max(start, seen);
    const to = Math.min(end, seen + length);
    if (to > from) slices.push({ node, from: from - seen, to: to - seen });
    seen += length;
    if (seen >= end) break;
  }
  return slices;
}
