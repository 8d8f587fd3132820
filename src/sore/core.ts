/**
 * The core: the segments most similar to the anchor, and their centroid.
 *
 * Exact choice: similarity to the anchor is the cosine between the anchor vector (role 'query') and each segment
 * vector (role 'passage'). Among the segments of kept blocks only (removed blocks examined nearby do not shape the
 * core), the top ceil(coreShare × n) by similarity — at least `minCoreSegments`, at most n; ties go to the earlier
 * segment — are the core. The core centroid is the arithmetic mean of the core vectors, L2-normalised; the
 * distance of a segment to the core is 1 − cos(segment, centroid), in [0, 2].
 */
import { cosine, normalizeInPlace } from '../embedding/vector';
import type { SoreParams } from './params';

/** Vector arithmetic is shared with the embedders (src/embedding/vector.ts). */
export { cosine, l2Norm as norm } from '../embedding/vector';

/** A unit-length copy of `v` (a zero vector stays zero). */
export function normalise(v: Float32Array): Float32Array {
  return normalizeInPlace(Float32Array.from(v));
}

export interface Core {
  /** Indices (into the vectors given) of the core segments. */
  members: Set<number>;
  /** Cosine of every segment to the anchor. */
  similarities: number[];
  /** The lowest anchor similarity inside the core (what rescue compares with); Infinity when the core is empty. */
  cutoff: number;
  centroid: Float32Array;
}

/** Size of the core for n eligible segments. */
export function coreSize(n: number, params: Pick<SoreParams, 'coreShare' | 'minCoreSegments'>): number {
  if (n === 0) return 0;
  // The epsilon keeps 0.2 × 15 (= 3.0000000000000004 in floating point) at 3.
  const share = Math.ceil(params.coreShare * n - 1e-9);
  return Math.min(n, Math.max(params.minCoreSegments, share));
}

/**
 * @param eligible which segments may be core (default: all); the others still get their anchor similarity.
 */
export function selectCore(
  anchor: Float32Array,
  vectors: Float32Array[],
  params: Pick<SoreParams, 'coreShare' | 'minCoreSegments'>,
  eligible?: (i: number) => boolean,
): Core {
  const similarities = vectors.map((v) => cosine(anchor, v));
  const ranked = vectors
    .map((_, i) => i)
    .filter((i) => !eligible || eligible(i))
    .sort((a, b) => similarities[b] - similarities[a] || a - b);
  const members = new Set(ranked.slice(0, coreSize(ranked.length, params)));

  const dim = anchor.length;
  const sum = new Float32Array(dim);
  for (const i of members) {
    const v = normalise(vectors[i]);
    for (let j = 0; j < dim; j++) sum[j] += v[j];
  }
  let cutoff = Infinity;
  for (const i of members) cutoff = Math.min(cutoff, similarities[i]);
  return { members, similarities, cutoff, centroid: normalise(sum) };
}

/** Cosine distance of a vector to the core centroid. */
export function distanceToCore(core: Core, v: Float32Array): number {
  return 1 - cosine(core.centroid, v);
}
