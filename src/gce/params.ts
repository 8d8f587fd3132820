/**
 * GCE parameters. Defaults are the paper's values (grid 7×8 for a 1920×1080 window, α = 2, β = 0.5, γ = 0.5,
 * width jump 1.7, minimum height half a window); the rest are Pith's choices where the paper is silent.
 */
export interface GceParams {
  /** Grid columns across the window (paper: 7 for 1920 px). Cells are scaled to the actual viewport. */
  gridColumns: number;
  /** Grid rows down the window (paper: 8 for 1080 px). */
  gridRows: number;
  /** The grid extends downwards to min(alpha × window height, document height). */
  alpha: number;
  /** A node is a link region when its link-container area density exceeds beta… */
  beta: number;
  /** …and it holds at least this many link containers. */
  minRegionLinks: number;
  /** Nodes covering more than this share of the grid are never link regions (a link-heavy <body> or wrapper). */
  maxRegionGridShare: number;
  /** A cell is excluded when one link region covers at least this share of it. */
  linkCellOverlap: number;
  /** A text block is "low-link" when its link-text share is below gamma (leaf choice and density). */
  gamma: number;
  /** Expansion: a node wider than its child on the walk by this factor is a candidate. */
  widthJump: number;
  /** A chosen container shorter than this share of the window height is a "no-best". */
  minHeightRatio: number;
  /** Expansion: id/class/role/itemprop words containing one of these mark a candidate. */
  hintKeywords: string[];
  /** Hint words that contain a keyword but mean something else (role="contentinfo" is the footer landmark). */
  hintExclusions: string[];
  /**
   * A fixed/sticky subtree holding more than this share of the page's visible text area is the page's own
   * shell (an app layout with position: fixed), not an overlay.
   */
  overlayMaxTextShare: number;
}

export const DEFAULT_GCE_PARAMS: GceParams = {
  gridColumns: 7,
  gridRows: 8,
  alpha: 2,
  beta: 0.5,
  minRegionLinks: 2,
  maxRegionGridShare: 0.5,
  linkCellOverlap: 0.5,
  gamma: 0.5,
  widthJump: 1.7,
  minHeightRatio: 0.5,
  hintKeywords: ['article', 'content'],
  hintExclusions: ['contentinfo'],
  overlayMaxTextShare: 0.5,
};

export function resolveParams(params?: Partial<GceParams>): GceParams {
  return { ...DEFAULT_GCE_PARAMS, ...params };
}
