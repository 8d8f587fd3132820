import { describe, expect, it } from 'vitest';
import { blockDecisions } from '../../../src/sore/decide';
import { classifySegment, type SegmentFacts } from '../../../src/sore/outliers';
import { DEFAULT_SORE_PARAMS, type SoreParams } from '../../../src/sore/params';
import type { PhraseHit, SegmentOrigin, SegmentVerdict } from '../../../src/sore/types';

const P = DEFAULT_SORE_PARAMS;
const labels = new Map([
  ['calls-to-action', 'calls to action'],
  ['social-media', 'social media'],
]);

function facts(over: Partial<SegmentFacts> & { block?: number; start?: number; end?: number; origin?: SegmentOrigin } = {}): SegmentFacts {
  const { block = 0, start = 0, end = 10, origin = 'kept', ...rest } = over;
  return {
    segment: { block, start, end, text: 'x'.repeat(end - start), origin },
    core: false,
    anchorSimilarity: 0.3,
    distance: 0.4,
    hits: [],
    ...rest,
  };
}

const cta = (similarity: number): PhraseHit => ({ group: 'calls-to-action', phrase: 'Subscribe to our newsletter', similarity });
const classify = (f: SegmentFacts, p: Partial<SoreParams> = {}) => classifySegment(f, { ...P, ...p }, labels, 0.8);

describe('segment rules', () => {
  it('removes a segment matching an outlier group, with group, phrase and reason', () => {
    const v = classify(facts({ hits: [cta(0.71)] }));
    expect(v.kept).toBe(false);
    expect(v.rule).toBe('outlier-group');
    expect(v.evidence).toEqual({ kind: 'outlier-group', group: 'calls-to-action', phrase: 'Subscribe to our newsletter', similarity: 0.71 });
    expect(v.reason).toBe('Matched outlier group: calls to action — like "Subscribe to our newsletter" (0.71 ≥ 0.60); 1 of 1 nearest known lines are boilerplate');
    expect([v.score, v.threshold]).toEqual([0.71, 0.6]);
  });

  it('applies the cutoff inclusively, and per-group overrides', () => {
    expect(classify(facts({ hits: [cta(0.6)] })).kept).toBe(false);
    expect(classify(facts({ hits: [cta(0.599)] })).kept).toBe(true);
    const hits: PhraseHit[] = [cta(0.7), { group: 'social-media', phrase: 'Share on Facebook', similarity: 0.65 }];
    // CTA made stricter: the lower-ranked social-media hit decides.
    const v = classify(facts({ hits }), { groupCutoffs: { 'calls-to-action': 0.9 } });
    expect(v.evidence).toMatchObject({ kind: 'outlier-group', group: 'social-media' });
    expect(v.reason).toContain('social media — like "Share on Facebook" (0.65 ≥ 0.60)');
    // Unknown labels fall back to the id with spaces.
    const other = classifySegment(facts({ hits: [{ group: 'page-infrastructure', phrase: 'Loading...', similarity: 0.9 }] }), P, new Map(), 0.8);
    expect(other.reason).toMatch(/^Matched outlier group: page infrastructure/);
  });

  it('removes a segment far from the core and keeps a near one', () => {
    const far = classify(facts({ distance: 0.83 }));
    expect(far.kept).toBe(false);
    expect(far.evidence).toEqual({ kind: 'far-from-core', distance: 0.83 });
    expect(far.reason).toBe("Too far from the page's core (distance 0.83 > 0.80)");
    const near = classify(facts({ distance: 0.35 }));
    expect(near.kept).toBe(true);
    expect(near.evidence).toEqual({ kind: 'near-core', distance: 0.35 });
    expect(classify(facts({ distance: 0.8 })).kept).toBe(true); // "> d", not "≥ d"
  });

  it('keeps core segments whatever they resemble', () => {
    const v = classify(facts({ core: true, anchorSimilarity: 0.92, hits: [cta(0.99)], distance: 1.5 }));
    expect(v).toMatchObject({ kept: true, rule: 'core', evidence: { kind: 'core', similarity: 0.92 }, threshold: 0.8 });
  });
});

describe('block decisions', () => {
  const far = (start: number, end: number, block = 0, origin: SegmentOrigin = 'kept'): SegmentVerdict =>
    classify(facts({ block, start, end, origin, distance: 0.9 }));
  const group = (start: number, end: number, block = 0): SegmentVerdict => classify(facts({ block, start, end, hits: [cta(0.75)] }));
  const near = (start: number, end: number, block = 0, origin: SegmentOrigin = 'kept'): SegmentVerdict =>
    classify(facts({ block, start, end, origin, distance: 0.3 }));
  const core = (start: number, end: number, block = 0, sim = 0.9): SegmentVerdict =>
    classify(facts({ block, start, end, core: true, anchorSimilarity: sim }));

  it('removes a block when all its segments are removed, with the longest reason and the count', () => {
    const [d] = blockDecisions([far(0, 20), group(21, 80), far(81, 100)], P, 0.8);
    expect(d).toMatchObject({ block: 0, kept: false, stage: 'sore', score: 0.75, threshold: 0.6 });
    expect(d.evidence).toMatchObject({ kind: 'outlier-group', group: 'calls-to-action' });
    expect(d.reason).toBe(
      'Matched outlier group: calls to action — like "Subscribe to our newsletter" (0.75 ≥ 0.60); 1 of 1 nearest known lines are boilerplate and 2 more segments',
    );
    const [single] = blockDecisions([far(0, 20)], P, 0.8);
    expect(single.reason).toBe("Too far from the page's core (distance 0.90 > 0.80)");
  });

  it('keeps a partly removed block, saying how many segments went', () => {
    const verdicts = [near(0, 40), group(41, 90), core(91, 140, 0, 0.85)];
    const [d] = blockDecisions(verdicts, P, 0.8);
    expect(d).toMatchObject({ block: 0, kept: true, evidence: { kind: 'core', similarity: 0.85 } });
    expect(d.reason).toBe("Part of the page's core (similarity to its topic 0.85); 1 of 3 segments removed");
    const [n] = blockDecisions([near(0, 10, 1), classify(facts({ block: 1, start: 11, end: 20, distance: 0.1 }))], P, 0.8);
    expect(n).toMatchObject({ block: 1, kept: true, evidence: { kind: 'near-core', distance: 0.1 } });
  });

  it('makes no decision for structurally removed blocks unless rescue is on', () => {
    const verdicts = [
      { ...near(0, 30, 5, 'removed-nearby'), anchorSimilarity: 0.85 },
      { ...near(0, 30, 6, 'removed-nearby'), anchorSimilarity: 0.5 },
      { ...group(0, 30, 7), origin: 'removed-nearby' as const, anchorSimilarity: 0.95 },
    ];
    expect(blockDecisions(verdicts, P, 0.8)).toEqual([]);
    const rescued = blockDecisions(verdicts, { rescue: true }, 0.8);
    expect(rescued).toHaveLength(1);
    expect(rescued[0]).toMatchObject({ block: 5, kept: true, stage: 'sore', evidence: { kind: 'core', similarity: 0.85 } });
    expect(rescued[0].reason).toBe("Restored: as close to the page's topic as its core (similarity 0.85 ≥ 0.80)");
  });
});
