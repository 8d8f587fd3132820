import type { PageSnapshot } from '../snapshot/types';
import { computeCentres } from './centres';
import { chooseMain, type GcePath } from './choose';
import { expandFromLeaf, textDensity, type Walk } from './expand';
import type { Point } from './geometry';
import { buildGrid, gridBounds, type GridCell } from './grid';
import { nearestLeaf } from './leaves';
import { findLinkRegions } from './link-regions';
import { findOverlays, overlayCandidates } from './overlays';
import { buildPageIndex } from './page-index';
import { resolveParams, type GceParams } from './params';

export interface GceResult {
  /** The main container's node id, -1 when GCE failed (every walk ended at <body>). */
  mainNode: number;
  path: GcePath;
  /** Every grid cell, with why it was excluded (or null). */
  cells: GridCell[];
  /** [C1, C2, C3]. */
  centres: Point[];
  /** Leaf block nearest to each centre, -1 when there is none. */
  leaves: number[];
  /** The walks M1, M2, M3 (from C1, C2, C3). */
  walks: Walk[];
  /** Nodes found to be link regions (they exclude the cells they cover). */
  linkRegions: number[];
  /** Outermost fixed/sticky nodes whose blocks are removed as overlays. */
  overlays: number[];
  /** Text-area density of the main container (0 when GCE failed): the decisions' score. */
  mainDensity: number;
}

/** Grid → centering → expanding on a snapshot. Pure: reads the snapshot, returns what it found and why. */
export function runGce(snapshot: PageSnapshot, params?: Partial<GceParams>): GceResult {
  const p = resolveParams(params);
  const index = buildPageIndex(snapshot, p.gamma);

  const bounds = gridBounds(snapshot, p);
  const linkRegions = findLinkRegions(snapshot, index, bounds, p);
  const cells = buildGrid(snapshot, bounds, linkRegions, p);
  const centres = computeCentres(snapshot, cells);

  const candidates = overlayCandidates(snapshot, p.overlayMaxTextShare);
  const inOverlay = (block: number): boolean => candidates.has(snapshot.blocks[block]!.fixedNode);
  const leaves = centres.map((c) => nearestLeaf(snapshot, c, p.gamma, inOverlay));
  const walks = leaves.map((leaf, i) => expandFromLeaf(snapshot, index, i, leaf, p));

  const { mainNode, path } = chooseMain(walks);
  return {
    mainNode,
    path,
    cells,
    centres,
    leaves,
    walks,
    linkRegions,
    overlays: findOverlays(index, candidates, mainNode),
    mainDensity: mainNode >= 0 ? textDensity(snapshot, index, mainNode) : 0,
  };
}
