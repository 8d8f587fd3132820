import type { Decision } from '../decisions/types';
import type { PageSnapshot } from '../snapshot/types';
import { isEmptyBlock } from './blocks';
import type { GceResult } from './run';

export const REASON_HIDDEN = 'Hidden on the page';
export const REASON_OVERLAY = 'Fixed or sticky on the screen, outside the article (cookie bar, pop-up, sticky header or sidebar)';
export const REASON_EMPTY = 'Empty (no text or images)';
export const REASON_INSIDE = 'Inside the main content area';
export const REASON_OUTSIDE = 'Outside the main content area';

function isInside(snapshot: PageSnapshot, node: number, container: number): boolean {
  const nodes = snapshot.nodes;
  for (let v = node, steps = 0; v >= 0 && v < nodes.length && steps <= nodes.length; v = nodes[v]!.parent, steps++) {
    if (v === container) return true;
  }
  return false;
}

/**
 * One decision per block, in block order, checked in this order: hidden, inside an overlay, empty, then
 * inside/outside the chosen container (score = the container's text-area density).
 *
 * When GCE failed (mainNode -1) only hidden, overlay and empty blocks are decided; every other block is left
 * without a decision for the structural fallback, so the array is then shorter than the block list (each
 * decision still carries its block id).
 */
export function gceDecisions(snapshot: PageSnapshot, result: GceResult): Decision[] {
  const overlays = new Set(result.overlays);
  const decisions: Decision[] = [];
  for (const b of snapshot.blocks) {
    if (!b.visible) {
      decisions.push({ block: b.id, kept: false, stage: 'gce', reason: REASON_HIDDEN, evidence: { kind: 'hidden' } });
    } else if (b.fixedNode >= 0 && overlays.has(b.fixedNode)) {
      decisions.push({
        block: b.id,
        kept: false,
        stage: 'overlay',
        reason: REASON_OVERLAY,
        evidence: { kind: 'fixed-overlay', node: b.fixedNode },
      });
    } else if (isEmptyBlock(b)) {
      decisions.push({ block: b.id, kept: false, stage: 'gce', reason: REASON_EMPTY, evidence: { kind: 'empty' } });
    } else if (result.mainNode >= 0) {
      const inside = isInside(snapshot, b.node, result.mainNode);
      decisions.push({
        block: b.id,
        kept: inside,
        stage: 'gce',
        reason: inside ? REASON_INSIDE : REASON_OUTSIDE,
        score: result.mainDensity,
        evidence: inside
          ? { kind: 'main-container', container: result.mainNode }
          : { kind: 'outside-main-container', container: result.mainNode },
      });
    }
  }
  return decisions;
}
