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
  const z = new Array<number>(x.length);
  for (let i = 0; i < x.length; i++) z[i] = (x[i] - model.mean[i]) / model.scale[i];
  return z;
}

export function softmax(logits: number[]): number[] {
  const max = Math.max(...logits);
  const exp = logits.map((l) => Math.exp(l - max));
  const sum = exp.reduce((a, b) => a + b, 0);
  return exp.map((e) => e / sum);
}

/** Class probabilities for one standardised feature vector. */
export function predictStandardised(model: Pick<PageTypeModel, 'weights' | 'bias'>, z: number[]): number[] {
  const logits = new Array<number>(model.weights.length);
  for (let c = 0; c < logits.length; c++) {
    const w = model.weights[c];
    let s = model.bias[c];
    for (let i = 0; i < w.length; i++) s += w[i] * z[i];
    logits[c] = s;
  }
  return softmax(logits);
}
