/**
 * The decision record: one decision per block, each with the stage that made it and why.
 * It feeds the reader's tooltips, the exports, the benchmark and (later) the annotator. Stages that run later
 * replace a block's decision and keep the one they replaced in `supersedes`.
 */

import type { RemovalCause } from './causes';

/**
 * Who decided: the structural stages of src/pipeline/stages.ts carry their `decidesAs` name ('structure' for the
 * link-cluster, article-part and named-rule stages); the later stages (the block model, semantic outliers, perplexity, deep clean's
 * language model, the reader's corrections) their own.
 */
export type StageName = 'snapshot' | 'gce' | 'overlay' | 'readability' | 'structure' | 'page-type' | 'model' | 'sore' | 'perplexity' | 'lm' | 'user';

export type Evidence =
  | { kind: 'main-container'; container: number }
  | { kind: 'outside-main-container'; container: number }
  | { kind: 'fixed-overlay'; node: number }
  | { kind: 'hidden' }
  /** The block has no text and no images. */
  | { kind: 'empty' }
  /** No stage decided the block (a safety net: every path decides every block). */
  | { kind: 'unclaimed' }
  /** A page-type profile decided (src/page-type/); `found`: what it recognised, in words, when it removed the block. */
  | { kind: 'page-type-profile'; found?: string }
  | { kind: 'structural-extractor'; extractor: 'readability'; kept: boolean }
  | { kind: 'link-dense'; linkDensity: number }
  | { kind: 'footnote'; references: number[] }
  | { kind: 'outlier-group'; group: string; phrase: string; similarity: number }
  | { kind: 'far-from-core'; distance: number }
  | { kind: 'core'; similarity: number }
  | { kind: 'near-core'; distance: number }
  | { kind: 'perplexity'; perplexity: number; lang: string }
  | { kind: 'user-correction' }
  /** Deep clean: the language model labelled the block's item (`item` is its `_item_id`). */
  | { kind: 'lm-label'; model: string; label: 'main' | 'other'; item: number }
  /** A named removal rule of src/boilerplate/rules recognised the block (rule = its cause). */
  | { kind: 'named-rule'; rule: RemovalCause }
  /** The block model (src/blocks/): its probability that the block is content and the features that moved it most. */
  | { kind: 'block-model'; probability: number; cutoff: number; contributions: { feature: string; value: number; contribution: number }[] };

export interface Decision {
  block: number;
  kept: boolean;
  stage: StageName;
  /** A short sentence a reader understands, e.g. "Outside the main content column". */
  reason: string;
  /** For a removal: the specific cause as a stable machine name (see `causes.ts`). */
  cause?: RemovalCause;
  score?: number;
  threshold?: number;
  evidence: Evidence;
  /**
   * Kept as its picture only: the block's images (with the <picture>, <figure> and link elements around them) come
   * into the article, its text does not (a lead photo's caption and credit line). Honoured by `keepsText` and
   * `keptText` (src/decisions/record.ts) and by `applyDecisions` (src/render/apply-decisions.ts).
   */
  pictureOnly?: true;
  supersedes?: Decision;
}

/** Which path a stage took, for the reader's status line and the benchmark's path counts. */
export interface StageRun {
  stage: StageName;
  /** e.g. "gce:M3best", "gce:failed", "readability-fallback", "skipped:no-model". */
  path: string;
  ms: number;
  note?: string;
  /** What the stage had to leave out or work around (e.g. outlier phrases the model cannot represent). */
  warnings?: string[];
}

export interface DecisionRecord {
  decisions: Decision[]; // indexed by block id
  runs: StageRun[];
}
