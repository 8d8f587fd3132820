import { describe, expect, it } from 'vitest';
import { cosine, coreSize, distanceToCore, norm, selectCore } from '../../../src/sore/core';
import { DEFAULT_SORE_PARAMS } from '../../../src/sore/params';
import { AXIS, axis, mix, vec } from './fixtures';

const P = DEFAULT_SORE_PARAMS;

describe('core', () => {
  it('takes the top k% of segments by cosine to the anchor', () => {
    const anchor = axis(AXIS.topic);
    const sims = [0.1, 0.9, 0.3, 0.95, 0.5, 0.2, 0.4, 0.6, 0.7, 0.05];
    const vectors = sims.map((c) => mix(AXIS.topic, c, AXIS.other));
    const core = selectCore(anchor, vectors, P);
    expect([...core.members].sort()).toEqual([1, 3]);
    core.similarities.forEach((s, i) => expect(s).toBeCloseTo(sims[i], 5));
    expect(core.cutoff).toBeCloseTo(0.9, 5);
    const wider = selectCore(anchor, vectors, { ...P, coreShare: 0.5 });
    expect([...wider.members].sort()).toEqual([1, 3, 4, 7, 8]);
  });

  it('always has at least one segment, and never more than there are', () => {
    expect(coreSize(3, P)).toBe(1);
    expect(coreSize(1, P)).toBe(1);
    expect(coreSize(0, P)).toBe(0);
    expect(coreSize(15, P)).toBe(3); // 0.2 × 15 is 3.0000000000000004 in floating point
    expect(coreSize(11, P)).toBe(3);
    expect(coreSize(2, { coreShare: 0, minCoreSegments: 5 })).toBe(2);
    const core = selectCore(axis(AXIS.topic), [axis(AXIS.other), mix(AXIS.topic, 0.3, AXIS.other)], P);
    expect([...core.members]).toEqual([1]);
  });

  it('chooses only among eligible segments, and ties go to the earlier one', () => {
    const anchor = axis(AXIS.topic);
    const vectors = [axis(AXIS.topic), mix(AXIS.topic, 0.5, AXIS.other), mix(AXIS.topic, 0.5, AXIS.side)];
    const core = selectCore(anchor, vectors, P, (i) => i !== 0);
    expect([...core.members]).toEqual([1]);
    expect(core.similarities[0]).toBeCloseTo(1, 5);
  });

  it('uses the normalised mean of the core vectors as the centroid', () => {
    const anchor = vec(1, 1, 0, 0, 0, 0);
    const vectors = [axis(AXIS.topic), axis(AXIS.side, 3), axis(AXIS.cta)];
    const core = selectCore(anchor, vectors, { coreShare: 0.6, minCoreSegments: 1 });
    expect([...core.members].sort()).toEqual([0, 1]);
    expect(norm(core.centroid)).toBeCloseTo(1, 5);
    expect(core.centroid[0]).toBeCloseTo(Math.SQRT1_2, 5);
    expect(core.centroid[1]).toBeCloseTo(Math.SQRT1_2, 5);
    expect(distanceToCore(core, axis(AXIS.cta))).toBeCloseTo(1, 5);
    expect(distanceToCore(core, vec(1, 1))).toBeCloseTo(0, 5);
  });

  it('computes cosine without assuming normalised vectors', () => {
    expect(cosine(vec(2, 0), vec(5, 5))).toBeCloseTo(Math.SQRT1_2, 5);
    expect(cosine(vec(0, 0), vec(1, 0))).toBe(0);
    expect(() => cosine(new Float32Array(2), new Float32Array(3))).toThrow(/dimensions/);
  });
});
