/** GCE: grid-centering-expanding visual main-content detection on a PageSnapshot. */
export { DEFAULT_GCE_PARAMS, resolveParams, type GceParams } from './params';
export { runGce, type GceResult } from './run';
export { gceDecisions, REASON_EMPTY, REASON_HIDDEN, REASON_INSIDE, REASON_OUTSIDE, REASON_OVERLAY } from './decisions';
export type { GcePath } from './choose';
export type { GridCell, CellExclusion } from './grid';
export type { Walk, Candidate, ExpandRule } from './expand';
export type { Point } from './geometry';
