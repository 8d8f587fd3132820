import { tokenize } from '../../../src/text/tokenize';

export interface Prf {
  precision: number;
  recall: number;
  f1: number;
}

export function f1Score(precision: number, recall: number): number {
  return precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
}

function countTokens(tokens: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
  return counts;
}

/**
 * Bag-of-tokens precision/recall/F1 with multiplicity: a token the truth has twice is matched at most twice.
 * Edge cases: both empty is a perfect match; an empty prediction for a non-empty truth scores 0 on all three
 * (an extractor that returns nothing must not earn a perfect precision); a non-empty prediction for an empty
 * truth has precision 0 and (vacuous) recall 1, so F1 0.
 */
export function tokenPrf(prediction: string, truth: string): Prf {
  const predicted = tokenize(prediction);
  const expected = countTokens(tokenize(truth));
  const expectedTotal = [...expected.values()].reduce((sum, n) => sum + n, 0);
  if (predicted.length === 0 && expectedTotal === 0) return { precision: 1, recall: 1, f1: 1 };
  if (predicted.length === 0) return { precision: 0, recall: 0, f1: 0 };
  if (expectedTotal === 0) return { precision: 0, recall: 1, f1: 0 };

  let overlap = 0;
  for (const token of predicted) {
    const left = expected.get(token) ?? 0;
    if (left > 0) {
      overlap += 1;
      expected.set(token, left - 1);
    }
  }
  const precision = overlap / predicted.length;
  const recall = overlap / expectedTotal;
  return { precision, recall, f1: f1Score(precision, recall) };
}
