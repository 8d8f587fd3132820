import type { PageSnapshot } from '../snapshot/types';
import { intersectionArea } from './geometry';
import { isLowLinkText } from './blocks';

/** Node 0 is <body> in every snapshot. */
export const BODY = 0;

/**
 * Per-run index over the node skeleton, built once in O(nodes + blocks + links × depth) so that every
 * subtree question (is X inside Y, how much text/link area is under Y) is O(1) afterwards.
 */
export interface PageIndex {
  /** Pre-order entry and exit positions: Y is inside X (or X itself) iff enter[X] <= enter[Y] <= exit[X]. */
  enter: Int32Array;
  exit: Int32Array;
  /** Sum of textArea of the low-link text blocks anywhere under each node (the density numerator). */
  lowLinkTextArea: Float64Array;
  /** Sum of the areas of the link containers under each node, each clipped to the node's rect. */
  linkArea: Float64Array;
  /** Number of link containers under each node. */
  linkCount: Int32Array;
}

export function contains(index: PageIndex, ancestor: number, node: number): boolean {
  if (ancestor < 0 || node < 0 || ancestor >= index.enter.length || node >= index.enter.length) return false;
  const e = index.enter[ancestor]!;
  const n = index.enter[node]!;
  return e <= n && n <= index.exit[ancestor]!;
}

function isRoot(parent: number, id: number, count: number): boolean {
  return parent < 0 || parent >= count || parent === id;
}

export function buildPageIndex(snapshot: PageSnapshot, gamma: number): PageIndex {
  const nodes = snapshot.nodes;
  const n = nodes.length;

  // Children in compressed form (counts → offsets → fill), no per-node arrays.
  const childCount = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) {
    const p = nodes[i]!.parent;
    if (!isRoot(p, i, n)) childCount[p]!++;
  }
  const offset = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) offset[i + 1] = offset[i]! + childCount[i]!;
  const fill = offset.slice(0, n);
  const children = new Int32Array(Math.max(offset[n]!, 0));
  for (let i = 0; i < n; i++) {
    const p = nodes[i]!.parent;
    if (!isRoot(p, i, n)) children[fill[p]!++] = i;
  }

  // Iterative pre-order DFS from every root (node 0 first) to number nodes.
  const enter = new Int32Array(n).fill(-1);
  const exit = new Int32Array(n).fill(-1);
  const order = new Int32Array(n); // nodes in pre-order
  const stack = new Int32Array(n);
  const next = new Int32Array(n); // next child position per node on the stack
  let counter = 0;
  const visit = (root: number): void => {
    let top = 0;
    stack[0] = root;
    enter[root] = counter;
    order[counter++] = root;
    next[root] = offset[root]!;
    while (top >= 0) {
      const v = stack[top]!;
      if (next[v]! < offset[v + 1]!) {
        const c = children[next[v]!++]!;
        if (enter[c] !== -1) continue; // defensive: a malformed skeleton with a cycle
        enter[c] = counter;
        order[counter++] = c;
        next[c] = offset[c]!;
        stack[++top] = c;
      } else {
        exit[v] = counter - 1;
        top--;
      }
    }
  };
  if (n > 0) visit(BODY);
  for (let i = 0; i < n; i++) if (enter[i] === -1 && isRoot(nodes[i]!.parent, i, n)) visit(i);
  for (let i = 0; i < n; i++) if (enter[i] === -1) visit(i); // unreachable leftovers (cycles)

  // Subtree sums: own contributions, then pushed to parents in reverse pre-order.
  const lowLinkTextArea = new Float64Array(n);
  for (const b of snapshot.blocks) {
    if (b.node >= 0 && b.node < n && isLowLinkText(b, gamma)) lowLinkTextArea[b.node]! += b.textArea;
  }
  const linkCount = new Int32Array(n);
  const linkArea = new Float64Array(n);
  for (const link of snapshot.links) {
    if (link.node < 0 || link.node >= n) continue;
    linkCount[link.node]!++;
    // Clipping differs per ancestor, so the area is added along the ancestor chain (links × depth).
    for (let v = link.node, steps = 0; v >= 0 && v < n && steps <= n; v = nodes[v]!.parent, steps++) {
      linkArea[v]! += intersectionArea(link.rect, nodes[v]!.rect);
      if (isRoot(nodes[v]!.parent, v, n)) break;
    }
  }
  for (let k = n - 1; k >= 0; k--) {
    const v = order[k]!;
    const p = nodes[v]!.parent;
    if (isRoot(p, v, n) || enter[p]! >= enter[v]!) continue;
    lowLinkTextArea[p]! += lowLinkTextArea[v]!;
    linkCount[p]! += linkCount[v]!;
  }

  return { enter, exit, lowLinkTextArea, linkArea, linkCount };
}
