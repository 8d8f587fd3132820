import type { PageSnapshot } from '../snapshot/types';
import { centroid, type Point } from './geometry';
import type { GridCell } from './grid';

/**
 * The three centres, in order [C1, C2, C3]:
 * C1 = centroid of the remaining cells' centres (the window centre when none remains),
 * C2 = centroid of {C1, window centre}, C3 = centroid of {C1, window centre, document centre}.
 * The snapshot is taken at scroll 0, so the window centre is half the viewport.
 */
export function computeCentres(snapshot: PageSnapshot, cells: GridCell[]): [Point, Point, Point] {
  const windowCentre = { x: snapshot.viewport.width / 2, y: snapshot.viewport.height / 2 };
  const documentCentre = { x: snapshot.document.width / 2, y: snapshot.document.height / 2 };
  const remaining = cells.filter((c) => c.excluded === null).map((c) => c.centre);
  const c1 = remaining.length > 0 ? centroid(remaining) : windowCentre;
  return [c1, centroid([c1, windowCentre]), centroid([c1, windowCentre, documentCentre])];
}
