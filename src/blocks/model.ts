/**
 * The block model's evaluator: gradient-boosted trees trained by XGBoost (scripts/train_blocks.py), read from the
 * compact JSON the trainer writes. Gives the probability that a block is content and, per feature, its path
 * contribution (how much each split on the way to the leaf moved the score; XGBoost's "approximate contributions").
 */

export interface BlockTree {
  /** Split feature per node, -1 at a leaf. */
  feature: number[];
  /** Split threshold (float32): a value below it goes left. */
  split: number[];
  left: number[];
  right: number[];
  /** 1 when a missing value goes left. */
  missingLeft: number[];
  /** Expected margin under the node (at a leaf, the leaf's value). */
  value: number[];
}

export interface BlockModel {
  format: 'pith-block-model/1';
  library: string;
  features: string[];
  baseMargin: number;
  /** The model alone: keep a block when its probability is at least this (chosen inside the training folds). */
  cutoff: number;
  /**
   * The combination: the pipeline decides, and the model overturns it only where it is very confident: it removes a
   * block the pipeline kept when its probability is below `removeBelow`, and keeps one the pipeline removed when it
   * is at least `keepAbove` (both chosen inside the training folds; above 1 means never).
   */
  overturn?: { removeBelow: number; keepAbove: number };
  trees: BlockTree[];
}

export type BlockModelMode = 'alone' | 'overturn';

/** Whether the block stays, by the model alone or by the combination (which needs the pipeline's decision). */
export function modelKeeps(model: BlockModel, probability: number, mode: BlockModelMode, pipelineKept: boolean): boolean {
  if (mode === 'alone' || !model.overturn) return probability >= model.cutoff;
  return pipelineKept ? probability >= model.overturn.removeBelow : probability >= model.overturn.keepAbove;
}

/** The model file as parsed; throws with a sentence when it is not one. */
export function readBlockModel(json: unknown): BlockModel {
  const model = json as Partial<BlockModel>;
  if (model?.format !== 'pith-block-model/1' || !Array.isArray(model.trees) || !Array.isArray(model.features)) {
    throw new Error('the block model file is not a pith-block-model/1 file');
  }
  return model as BlockModel;
}

/** The trees' margin (log-odds) for one feature row; `contributions`, when given, gets each feature's share added. */
export function blockMargin(model: BlockModel, row: ArrayLike<number>, contributions?: Float64Array): number {
  let margin = model.baseMargin;
  for (const tree of model.trees) {
    let node = 0;
    while (tree.feature[node]! >= 0) {
      const f = tree.feature[node]!;
      const x = row[f]!;
      const next = Number.isNaN(x) ? (tree.missingLeft[node] ? tree.left[node]! : tree.right[node]!) : Math.fround(x) < Math.fround(tree.split[node]!) ? tree.left[node]! : tree.right[node]!;
      if (contributions) contributions[f]! += tree.value[next]! - tree.value[node]!;
      node = next;
    }
    margin += tree.value[node]!;
  }
  return margin;
}

export function sigmoid(margin: number): number {
  return 1 / (1 + Math.exp(-margin));
}

/** The bias term of the path contributions: what the model says before any split (the roots' expected values). */
export function blockBias(model: BlockModel): number {
  return model.trees.reduce((s, t) => s + t.value[0]!, model.baseMargin);
}
