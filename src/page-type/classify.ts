import type { PageSnapshot } from '../snapshot/types';
import { featureVector, pageTypeFeatures } from './features';
import { PAGE_TYPES, predictStandardised, standardise, type PageType, type PageTypeModel } from './model';
import weights from './model-weights.json';

export interface PageTypeVerdict {
  type: PageType;
  /** The model's probability for `type`. */
  confidence: number;
  probabilities: Record<PageType, number>;
}

const MODEL = weights as PageTypeModel;

export function classifyPage(snapshot: PageSnapshot, model: PageTypeModel = MODEL): PageTypeVerdict {
  const z = standardise(model, featureVector(pageTypeFeatures(snapshot), model.features));
  const p = predictStandardised(model, z);
  const probabilities = Object.fromEntries(PAGE_TYPES.map((t) => [t, 0])) as Record<PageType, number>;
  model.classes.forEach((c, i) => (probabilities[c] = p[i]));
  let best = 0;
  for (let i = 1; i < p.length; i++) if (p[i] > p[best]) best = i;
  return { type: model.classes[best], confidence: p[best], probabilities };
}
