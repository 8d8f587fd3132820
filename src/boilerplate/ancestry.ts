/**
 * Reading the elements above a block: the rules that judge a piece by what encloses it, at any depth. Each pattern
 * is tested once per distinct hint and the nearest match is carried down the tree in one pass, so asking for every
 * block of a page costs one pass over its nodes, not one walk per block.
 */
import type { Block, PageSnapshot, SnapshotNode } from '../snapshot/types';

/** Per snapshot and pattern: for every node, the nearest node at or above it (the root excluded) that matches, or -1. */
const nearestCache = new WeakMap<PageSnapshot, Map<RegExp | string, Int32Array>>();

function nearestMatches(snapshot: PageSnapshot, key: RegExp | string, matcher: () => (node: SnapshotNode) => boolean): Int32Array {
  let byKey = nearestCache.get(snapshot);
  if (!byKey) nearestCache.set(snapshot, (byKey = new Map()));
  let nearest = byKey.get(key);
  if (nearest) return nearest;
  const matches = matcher();
  const { nodes } = snapshot;
  nearest = new Int32Array(nodes.length).fill(-1);
  for (let n = 1; n < nodes.length; n++) {
    const node = nodes[n]!;
    const parent = node.parent;
    // Nodes come in document order (a parent before its children); otherwise walk up for this one.
    const above = parent > 0 && parent < n ? nearest[parent]! : parent > 0 ? walkUp(snapshot, parent, matches) : -1;
    nearest[n] = matches(node) ? n : above;
  }
  byKey.set(key, nearest);
  return nearest;
}

function walkUp(snapshot: PageSnapshot, from: number, matches: (node: SnapshotNode) => boolean): number {
  for (let n = from; n > 0; n = snapshot.nodes[n]?.parent ?? -1) if (snapshot.nodes[n] && matches(snapshot.nodes[n]!)) return n;
  return -1;
}

/** The nearest element at or above the block whose class/id/role hint matches `pattern`, with the matching word. */
export function enclosingHint(snapshot: PageSnapshot, block: Block, pattern: RegExp): { node: SnapshotNode; word: string } | null {
  if (block.node <= 0 || block.node >= snapshot.nodes.length) return null;
  const at = nearestMatches(snapshot, pattern, () => {
    const tested = new Map<string, boolean>();
    return (node) => {
      if (!node.hint) return false;
      let hit = tested.get(node.hint);
      if (hit === undefined) tested.set(node.hint, (hit = pattern.test(node.hint)));
      return hit;
    };
  })[block.node]!;
  if (at < 0) return null;
  const node = snapshot.nodes[at]!;
  return { node, word: pattern.exec(node.hint)![0] };
}

/** Whether an element with this tag encloses the block (or is its own element). */
export function enclosedBy(snapshot: PageSnapshot, block: Block, tag: string): boolean {
  return nodeEnclosedWhere(snapshot, block.node, `tag:${tag}`, () => (node) => node.tag === tag);
}

/**
 * The nearest element at or above `node` (the root excluded) that passes `matches`, or -1; `key` names the test for
 * the cache, so the test must give the same answers for every call with that key on a snapshot.
 */
export function nearestEnclosing(snapshot: PageSnapshot, node: number, key: string, matcher: () => (node: SnapshotNode) => boolean): number {
  if (node <= 0 || node >= snapshot.nodes.length) return -1;
  return nearestMatches(snapshot, key, matcher)[node]!;
}

/** Whether the element `node` or one above it (the root excluded) passes `matches`; `key` names the test for the cache. */
export function nodeEnclosedWhere(snapshot: PageSnapshot, node: number, key: string, matcher: () => (node: SnapshotNode) => boolean): boolean {
  return nearestEnclosing(snapshot, node, key, matcher) >= 0;
}

/** Whether `node` is `ancestor` or inside it. */
export function isInside(snapshot: PageSnapshot, node: number, ancestor: number): boolean {
  for (let n = node; n >= 0; n = snapshot.nodes[n]?.parent ?? -1) if (n === ancestor) return true;
  return false;
}
