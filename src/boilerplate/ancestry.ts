/** Reading the elements above a block: the rules that judge a piece by what encloses it, at any depth. */
import type { Block, PageSnapshot, SnapshotNode } from '../snapshot/types';

/** The nearest element at or above the block whose class/id/role hint matches `pattern`, with the matching word. */
export function enclosingHint(snapshot: PageSnapshot, block: Block, pattern: RegExp): { node: SnapshotNode; word: string } | null {
  for (let n = block.node; n > 0; n = snapshot.nodes[n]?.parent ?? -1) {
    const node = snapshot.nodes[n];
    if (!node) break;
    const m = node.hint ? pattern.exec(node.hint) : null;
    if (m) return { node, word: m[0] };
  }
  return null;
}

/** Whether an element with this tag encloses the block (or is its own element). */
export function enclosedBy(snapshot: PageSnapshot, block: Block, tag: string): boolean {
  for (let n = block.node; n > 0; n = snapshot.nodes[n]?.parent ?? -1) {
    const node = snapshot.nodes[n];
    if (!node) break;
    if (node.tag === tag) return true;
  }
  return false;
}
