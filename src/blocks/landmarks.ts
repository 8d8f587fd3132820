import type { PageSnapshot, SnapshotNode } from '../snapshot/types';

/** Landmark elements above a block, by tag or ARIA role; a block's bit i is set when landmark i encloses it. */
export const LANDMARKS = ['nav', 'header', 'footer', 'aside', 'main', 'article', 'form', 'dialog', 'li', 'table'] as const;

const ROLES: Record<string, (typeof LANDMARKS)[number]> = {
  navigation: 'nav',
  banner: 'header',
  contentinfo: 'footer',
  complementary: 'aside',
  main: 'main',
  article: 'article',
  form: 'form',
  search: 'form',
  dialog: 'dialog',
  alertdialog: 'dialog',
};

function landmarkBits(node: SnapshotNode): number {
  let bits = 0;
  const own = LANDMARKS.indexOf(node.tag as (typeof LANDMARKS)[number]);
  if (own >= 0) bits |= 1 << own;
  // The hint holds the role's value among the id and class words.
  for (const word of node.hint.split(/\s+/)) {
    const landmark = ROLES[word];
    if (landmark) bits |= 1 << LANDMARKS.indexOf(landmark);
  }
  return bits;
}

/** For every block, the bits of the landmarks at or above its element. */
export function landmarkAncestors(snapshot: PageSnapshot): Int32Array {
  const { nodes } = snapshot;
  const above = new Int32Array(nodes.length);
  for (let n = 0; n < nodes.length; n++) {
    const node = nodes[n]!;
    const parent = node.parent >= 0 && node.parent < n ? above[node.parent]! : 0;
    above[n] = parent | landmarkBits(node);
  }
  return Int32Array.from(snapshot.blocks, (b) => (b.node >= 0 && b.node < nodes.length ? above[b.node]! : 0));
}
