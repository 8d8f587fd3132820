/**
 * The core: the segments most similar to the anchor, and their centroid.
 *
 * Exact choice: similarity to the anchor is the cosine between the anchor vector (role 'query') and each segment
 * vector (role 'passage'). Among the segments of kept blocks only (removed blocks examined nearby do not shape the
 * core), the top ceil(coreShare × n) by similarity — at least `minCoreSegments`, at most n; ties go to the earlier
 * segment — are the core. The core centroid is the arithmetic mean of the core vectors, L2-normalised; the
 * distance of a segment to the core is 1 − cos(segment, centroid), in [0, 2].
 */
import type { SoreParams } from './params';

export function norm(v: Float32Array): number {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i] * v[i];
  return Math.sqrt(s);
}

export function normalise(v: Float32Array): Float32Array {
  const n = norm(v);
  const out = new Float32Array(v.length);
  if (n > 0) for (let i = 0; i < v.length; i++) out[i] = v[i] / n;
  return out;
}

/** Cosine similarity; 0 when either vector is zero. Does not assume normalised input. */
export function cosine(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) throw new Error(`vector dimensions differ: ${a.length} vs ${b.length}`);
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
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
