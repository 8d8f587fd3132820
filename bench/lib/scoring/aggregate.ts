import type { Prf } from './token-scores';

/** A page counts as failed below this F1 (the benchmark's "share of pages with F1 < 0.5"). */
export const LOW_F1 = 0.5;

export interface PrfSummary {
  pages: number;
  precision: number; // means over pages
  recall: number;
  f1: number;
  lowF1Share: number; // share of pages with F1 < LOW_F1
  medianF1: number;
}

export function mean(values: number[]): number {
  return values.length === 0 ? Number.NaN : values.reduce((sum, v) => sum + v, 0) / values.length;
}

/** Nearest-rank percentile (q in 0..1): always one of the values, NaN when there are none. */
export function percentile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil(q * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1];
}

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function shareBelow(values: number[], threshold: number): number {
  return values.length === 0 ? Number.NaN : values.filter((v) => v < threshold).length / values.length;
}

export function summarisePrf(scores: Prf[]): PrfSummary {
  const f1s = scores.map((s) => s.f1);
  return {
    pages: scores.length,
    precision: mean(scores.map((s) => s.precision)),
    recall: mean(scores.map((s) => s.recall)),
    f1: mean(f1s),
    lowF1Share: shareBelow(f1s, LOW_F1),
    medianF1: median(f1s),
  };
}
