import type { PageSnapshot } from '../snapshot/types';
import { contains, type PageIndex } from './page-index';

/**
 * Outermost fixed/sticky subtrees that may be overlays (cookie, consent and newsletter bars, sticky headers,
 * chat widgets): every one that blocks point to, except a subtree holding more than maxTextShare of the
 * page's visible text area — that is an app shell laid out with position: fixed, i.e. the page itself.
 */
export function overlayCandidates(snapshot: PageSnapshot, maxTextShare: number): Set<number> {
  const textArea = new Map<number, number>();
  let total = 0;
  for (const b of snapshot.blocks) {
    if (!b.visible) continue;
    total += b.textArea;
    if (b.fixedNode >= 0) textArea.set(b.fixedNode, (textArea.get(b.fixedNode) ?? 0) + b.textArea);
  }
  const candidates = new Set<number>();
  for (const [node, a] of textArea) if (total <= 0 || a <= maxTextShare * total) candidates.add(node);
  // Fixed subtrees without any visible text (an image-only banner) are overlays too.
  for (const b of snapshot.blocks) if (b.fixedNode >= 0 && !textArea.has(b.fixedNode)) candidates.add(b.fixedNode);
  return candidates;
}

/** The overlays proper: candidates that do not contain the chosen container, sorted by node id. */
export function findOverlays(index: PageIndex, candidates: Set<number>, mainNode: number): number[] {
  return [...candidates].filter((node) => mainNode < 0 || !contains(index, node, mainNode)).sort((a, b) => a - b);
}
