import type { PageSnapshot } from '../snapshot/types';
import { textDensity } from './density';
import { BODY, type PageIndex } from './page-index';
import type { GceParams } from './params';

/**
 * Climbs from a walk's choice through the column it sits in: to its parent while the parent is about as wide (at most
 * columnWidthRatio × the choice's width, so the same column and not a wrapper with a side column), is not <body>,
 * and keeps at least columnDensityRatio of the choice's text density (a parent that adds mostly links, images or
 * empty space stops the climb). An article split into several elements by a figure, an ad or a heading is then
 * one container. Returns the node reached (the choice itself when the climb is off or the first step fails).
 */
export function climbColumn(snapshot: PageSnapshot, index: PageIndex, chosen: number, params: GceParams): number {
  if (!(params.columnDensityRatio > 0)) return chosen;
  const nodes = snapshot.nodes;
  const width = nodes[chosen]!.rect.width;
  const floor = params.columnDensityRatio * textDensity(snapshot, index, chosen);
  let v = chosen;
  for (let steps = 0; steps <= nodes.length; steps++) {
    const parent = nodes[v]!.parent;
    if (parent <= BODY || parent >= nodes.length) break;
    if (!(width > 0) || nodes[parent]!.rect.width > width * params.columnWidthRatio) break;
    if (textDensity(snapshot, index, parent) < floor) break;
    v = parent;
  }
  return v;
}
