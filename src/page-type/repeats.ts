import type { PageSnapshot } from '../snapshot/types';

/**
 * Repeated sibling structures: children of one element that share a tag and class signature (forum posts, product
 * cards, service sections). The page-type features and the per-type profiles read them.
 */
export interface RepeatedGroup {
  parent: number;
  signature: string;
  /** Node ids of the repeated children, in document order. */
  members: number[];
  /** Visible text characters under all members together. */
  chars: number;
}

/** Class tokens that vary between otherwise identical siblings. */
const VOLATILE_TOKEN = /^(odd|even|first|last|active|current|selected|open|closed|hidden|visible|new|alt|clearfix|row|col|is-.*|has-.*|js-.*)$/;

export function signatureOf(tag: string, hint: string): string {
  const tokens = hint
    .replace(/\d+/g, '')
    .split(/\s+/)
    .filter((t) => t && !VOLATILE_TOKEN.test(t))
    .slice(0, 2);
  return `${tag}.${tokens.join('.')}`;
}

/** The signature (`signatureOf`) of the snapshot's node `node`; '' for none. */
export function nodeSignature(snapshot: PageSnapshot, node: number): string {
  const n = snapshot.nodes[node];
  return n ? signatureOf(n.tag, n.hint) : '';
}

/** Visible text characters under each node (a block counts towards its node and every ancestor). */
export function textPerNode(snapshot: PageSnapshot): Float64Array {
  const { nodes } = snapshot;
  const chars = new Float64Array(nodes.length);
  for (const block of snapshot.blocks) if (block.visible && block.node >= 0) chars[block.node] += block.text.length;
  // Nodes are in document order (a parent before its children), so one backward sweep sums every subtree.
  for (let n = nodes.length - 1; n > 0; n--) {
    const parent = nodes[n].parent;
    if (parent >= 0 && parent < n) chars[parent] += chars[n];
    else if (parent >= n) return textPerNodeByWalk(snapshot);
  }
  return chars;
}

function textPerNodeByWalk(snapshot: PageSnapshot): Float64Array {
  const chars = new Float64Array(snapshot.nodes.length);
  for (const block of snapshot.blocks) {
    if (!block.visible) continue;
    for (let n = block.node; n >= 0; n = snapshot.nodes[n]?.parent ?? -1) chars[n] += block.text.length;
  }
  return chars;
}

/** A run of short list items (a menu's entries), not items of content. */
export function isMenuRun(group: RepeatedGroup): boolean {
  return group.signature.startsWith('li.') && group.chars / group.members.length < 20;
}

/** Groups of at least `minMembers` same-signature siblings that each hold some text, largest text first. */
export function repeatedGroups(snapshot: PageSnapshot, minMembers = 3, chars = textPerNode(snapshot)): RepeatedGroup[] {
  const byParent = new Map<number, Map<string, RepeatedGroup>>();
  const signatures = new Map<string, Map<string, string>>(); // by tag, then hint: many nodes share both
  for (const node of snapshot.nodes) {
    if (node.parent < 0 || chars[node.id] === 0) continue;
    let byHint = signatures.get(node.tag);
    if (!byHint) signatures.set(node.tag, (byHint = new Map()));
    let signature = byHint.get(node.hint);
    if (signature === undefined) byHint.set(node.hint, (signature = signatureOf(node.tag, node.hint)));
    let siblings = byParent.get(node.parent);
    if (!siblings) byParent.set(node.parent, (siblings = new Map()));
    let group = siblings.get(signature);
    if (!group) siblings.set(signature, (group = { parent: node.parent, signature, members: [], chars: 0 }));
    group.members.push(node.id);
    group.chars += chars[node.id];
  }
  const groups: RepeatedGroup[] = [];
  for (const siblings of byParent.values()) for (const group of siblings.values()) if (group.members.length >= minMembers) groups.push(group);
  return groups.sort((a, b) => b.chars - a.chars || a.members[0] - b.members[0]);
}

/** The repeated groups (at least two members) and text per node of a snapshot, computed once and shared by the classifier and the profiles. */
export interface PageRepeats {
  chars: Float64Array;
  groups: RepeatedGroup[];
}

const repeatsCache = new WeakMap<PageSnapshot, PageRepeats>();

export function pageRepeats(snapshot: PageSnapshot): PageRepeats {
  let repeats = repeatsCache.get(snapshot);
  if (!repeats) {
    const chars = textPerNode(snapshot);
    repeatsCache.set(snapshot, (repeats = { chars, groups: repeatedGroups(snapshot, 2, chars) }));
  }
  return repeats;
}

/** The blocks at or below each node (block ids, in block order), for the nodes that have any. */
interface BlocksUnder {
  blocks: number;
  nodes: number;
  under: Map<number, number[]>;
}

const blocksUnderCache = new WeakMap<PageSnapshot, BlocksUnder>();

/**
 * Every node's blocks, found once per snapshot by one climb from each block: the profiles and the comment check ask
 * for the members of many groups, and a climb from every block of the page per group made that quadratic in size.
 */
function blocksUnderNodes(snapshot: PageSnapshot): Map<number, number[]> {
  const cached = blocksUnderCache.get(snapshot);
  if (cached && cached.blocks === snapshot.blocks.length && cached.nodes === snapshot.nodes.length) return cached.under;
  const under = new Map<number, number[]>();
  for (const block of snapshot.blocks) {
    // A malformed skeleton (a cycle of parents) is climbed at most once round.
    for (let n = block.node, steps = 0; n >= 0 && steps <= snapshot.nodes.length; n = snapshot.nodes[n]?.parent ?? -1, steps++) {
      const list = under.get(n);
      if (list) list.push(block.id);
      else under.set(n, [block.id]);
    }
  }
  blocksUnderCache.set(snapshot, { blocks: snapshot.blocks.length, nodes: snapshot.nodes.length, under });
  return under;
}

/** For every block, the member node of `group` that holds it, or -1. */
export function memberOfBlocks(snapshot: PageSnapshot, group: RepeatedGroup): Int32Array {
  const out = new Int32Array(snapshot.blocks.length).fill(-1);
  const under = blocksUnderNodes(snapshot);
  // Members are siblings, so a block is under at most one of them.
  for (const member of group.members) for (const id of under.get(member) ?? []) out[id] = member;
  return out;
}
