import { describe, expect, it } from 'vitest';
import { median, percentile, shareBelow, summarisePrf } from '../../../../bench/lib/scoring/aggregate';

describe('aggregates', () => {
  it('takes the median of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
  });

  it('takes the nearest-rank p95', () => {
    const ms = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(ms, 0.95)).toBe(95);
    expect(percentile([7], 0.95)).toBe(7);
  });

  it('gives NaN, not 0, for no data', () => {
    expect(median([])).toBeNaN();
    expect(percentile([], 0.95)).toBeNaN();
  });

  it('counts pages below the threshold', () => {
    expect(shareBelow([0.2, 0.5, 0.9, 0.4], 0.5)).toBe(0.5);
  });

  it('summarises page scores as means plus the share of failed pages', () => {
    const s = summarisePrf([
      { precision: 1, recall: 1, f1: 1 },
      { precision: 0.5, recall: 0.1, f1: 0.2 },
    ]);
    expect(s.pages).toBe(2);
    expect(s.precision).toBe(0.75);
    expect(s.recall).toBeCloseTo(0.55);
    expect(s.f1).toBe(0.6);
    expect(s.lowF1Share).toBe(0.5);
  });
});
