/**
 * The page-type model: multinomial logistic regression over standardised features. Weights come from
 * scripts/train-page-type.ts (model-weights.json); inference is a few hundred multiply-adds.
 */
export const PAGE_TYPES = ['article', 'forum', 'product', 'service', 'listing', 'collection', 'documentation'] as const;
export type PageType = (typeof PAGE_TYPES)[number];

export interface PageTypeModel {
  classes: PageType[];
  features: string[];
  mean: number[];
  scale: number[];
  /** weights[class][feature] */
  weights: number[][];
  bias: number[];
}

export function standardise(model: Pick<PageTypeModel, 'mean' | 'scale'>, x: number[]): number[] {
  return x.map((v, i) => (v - model.mean[i]) / model.scale[i]);
}

export function softmax(logits: number[]): number[] {
  const max = Math.max(...logits);
  const exp = logits.map((l) => Math.exp(l - max));
  const sum = exp.reduce((a, b) => a + b, 0);
  return exp.map((e) => e / sum);
}

/** Class probabilities for one standardised feature vector. */
export function predictStandardised(model: Pick<PageTypeModel, 'weights' | 'bias'>, z: number[]): number[] {
  return softmax(model.weights.map((w, c) => w.reduce((s, wi, i) => s + wi * z[i], model.bias[c])));
}
