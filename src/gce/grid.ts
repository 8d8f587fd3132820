import type { PageSnapshot, Rect } from '../snapshot/types';
import { area, intersectionArea, rectCentre, type Point } from './geometry';
import type { GceParams } from './params';

export type CellExclusion = 'edge' | 'link-region';

export interface GridCell {
  row: number;
  col: number;
  rect: Rect;
  centre: Point;
  /** Why the cell does not take part in centering; null when it does. */
  excluded: CellExclusion | null;
  /** The link region that excluded the cell, -1 otherwise. */
  linkRegion: number;
}

/**
 * The grid's extent: the window (scroll 0) extended downwards to min(alpha × window height, document height),
 * but never shorter than the window itself.
 */
export function gridBounds(snapshot: PageSnapshot, params: GceParams): Rect {
  const { width, height } = snapshot.viewport;
  const extended = Math.max(height, Math.min(params.alpha * height, snapshot.document.height));
  return { x: 0, y: 0, width, height: extended };
}

/**
 * Cells sized viewport/columns × viewport/rows; as many rows as needed to cover the extended height (a
 * trailing partial row counts as a row and, being the bottom row, is an edge). Edge cells are excluded, then
 * cells that one link region covers by at least linkCellOverlap.
 */
export function buildGrid(snapshot: PageSnapshot, bounds: Rect, regions: number[], params: GceParams): GridCell[] {
  const cellW = snapshot.viewport.width / params.gridColumns;
  const cellH = snapshot.viewport.height / params.gridRows;
  if (!(cellW > 0 && cellH > 0)) return [];
  const cols = params.gridColumns;
  const rows = Math.ceil(bounds.height / cellH - 1e-6);
  const cells: GridCell[] = [];
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const rect = { x: col * cellW, y: row * cellH, width: cellW, height: cellH };
      const edge = row === 0 || col === 0 || row === rows - 1 || col === cols - 1;
      let linkRegion = -1;
      if (!edge) {
        const need = params.linkCellOverlap * area(rect);
        linkRegion = regions.find((r) => intersectionArea(snapshot.nodes[r]!.rect, rect) >= need) ?? -1;
      }
      cells.push({
        row,
        col,
        rect,
        centre: rectCentre(rect),
        excluded: edge ? 'edge' : linkRegion >= 0 ? 'link-region' : null,
        linkRegion,
      });
    }
  }
  return cells;
}
