import type { PageSnapshot } from '../snapshot/types';
import { area } from './geometry';
import { hintMatches } from './hints';
import { BODY, type PageIndex } from './page-index';
import type { GceParams } from './params';

export type ExpandRule = 'article-tag' | 'hint' | 'width-jump';

export interface Candidate {
  node: number;
  /** Rules that proposed this node (one node can satisfy several). */
  rules: ExpandRule[];
  /** Text-node-area density: low-link text area under the node / node area. */
  density: number;
}

export interface Walk {
  /** 0, 1, 2 for the walks from C1, C2, C3 (M1, M2, M3). */
  centre: number;
  /** The leaf block the walk started from, -1 when there was none. */
  leaf: number;
  candidates: Candidate[];
  /** The densest candidate, or <body> when there were none. */
  chosen: number;
  /** False ("no-best") when the chosen node is <body> or shorter than minHeightRatio × window height. */
  best: boolean;
}

export function textDensity(snapshot: PageSnapshot, index: PageIndex, node: number): number {
  const a = area(snapshot.nodes[node]!.rect);
  return a > 0 ? index.lowLinkTextArea[node]! / a : 0;
}

/**
 * Walks from the leaf's node up to <body>, keeping the first node of each rule: an <article>, a hint with
 * article/content, and a node wider than the previous node on the walk by widthJump. The leaf's own node has
 * no previous node, so it can only be a candidate by tag or hint (comparing it with the block's text box would
 * make every short line look like a jump). The densest candidate is the walk's choice.
 */
export function expandFromLeaf(
  snapshot: PageSnapshot,
  index: PageIndex,
  centre: number,
  leaf: number,
  params: GceParams,
): Walk {
  if (leaf < 0) return { centre, leaf, candidates: [], chosen: BODY, best: false };
  const nodes = snapshot.nodes;
  const found = new Map<ExpandRule, number>();
  let previous = -1;
  for (let v = snapshot.blocks[leaf]!.node, steps = 0; v >= 0 && v < nodes.length && steps <= nodes.length; steps++) {
    const node = nodes[v]!;
    if (!found.has('article-tag') && node.tag === 'article') found.set('article-tag', v);
    if (!found.has('hint') && hintMatches(node.hint, params.hintKeywords, params.hintExclusions)) found.set('hint', v);
    if (!found.has('width-jump') && previous >= 0) {
      const childWidth = nodes[previous]!.rect.width;
      if (childWidth > 0 && node.rect.width > childWidth * params.widthJump) found.set('width-jump', v);
    }
    if (v === BODY || found.size === 3) break;
    previous = v;
    v = node.parent;
  }

  const candidates: Candidate[] = [];
  for (const [rule, node] of found) {
    const existing = candidates.find((c) => c.node === node);
    if (existing) existing.rules.push(rule);
    else candidates.push({ node, rules: [rule], density: textDensity(snapshot, index, node) });
  }
  if (candidates.length === 0) return { centre, leaf, candidates, chosen: BODY, best: false };

  // Densest wins; on a tie the candidate found first (deepest on the walk) stays.
  let chosen = candidates[0]!;
  for (const c of candidates) if (c.density > chosen.density) chosen = c;
  const tall = nodes[chosen.node]!.rect.height >= params.minHeightRatio * snapshot.viewport.height;
  return { centre, leaf, candidates, chosen: chosen.node, best: chosen.node !== BODY && tall };
}
