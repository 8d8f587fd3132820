import type { PageSnapshot, Rect } from '../snapshot/types';
import { area, intersectionArea } from './geometry';
import type { PageIndex } from './page-index';
import type { GceParams } from './params';

/** Link density of a node: clipped link-container area under it / its own area. */
export function linkDensity(snapshot: PageSnapshot, index: PageIndex, node: number): number {
  const a = area(snapshot.nodes[node]!.rect);
  return a > 0 ? index.linkArea[node]! / a : 0;
}

/**
 * Nodes that are high link-area-density regions (menus, link lists, tag clouds) and reach into the grid.
 * Invisible nodes are ignored, and so are nodes covering most of the grid: a link-heavy <body> or page wrapper
 * would otherwise exclude every cell. "Most of the grid" is measured on the node clipped to the grid, so a
 * long sidebar is not ignored for its length below the grid.
 */
export function findLinkRegions(snapshot: PageSnapshot, index: PageIndex, grid: Rect, params: GceParams): number[] {
  const gridArea = area(grid);
  const regions: number[] = [];
  for (const node of snapshot.nodes) {
    if (!node.visible || index.linkCount[node.id]! < params.minRegionLinks) continue;
    const inGrid = intersectionArea(node.rect, grid);
    if (inGrid <= 0 || inGrid > params.maxRegionGridShare * gridArea) continue;
    if (linkDensity(snapshot, index, node.id) > params.beta) regions.push(node.id);
  }
  return regions;
}
