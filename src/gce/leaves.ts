import type { PageSnapshot } from '../snapshot/types';
import { isTextLeaf } from './blocks';
import { pointRectDistance, type Point } from './geometry';

/**
 * The text leaf nearest to a point: a visible low-link text block (link-text share below gamma), by
 * point-to-rectangle distance. Ties go to the larger text area, then to document order.
 * Blocks for which `skip` holds (those inside overlays) are never leaves, so a cookie bar pinned to the
 * middle of the window cannot become the seed of the main container. Returns -1 when there is no leaf.
 */
export function nearestLeaf(snapshot: PageSnapshot, point: Point, gamma: number, skip: (block: number) => boolean): number {
  let best = -1;
  let bestDistance = Infinity;
  let bestArea = -Infinity;
  for (const b of snapshot.blocks) {
    if (!isTextLeaf(b, gamma) || skip(b.id)) continue;
    const d = pointRectDistance(point, b.rect);
    if (d < bestDistance || (d === bestDistance && b.textArea > bestArea)) {
      best = b.id;
      bestDistance = d;
      bestArea = b.textArea;
    }
  }
  return best;
}
