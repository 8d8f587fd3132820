/** Small vector helpers shared by the embedders and the phrase index. */

export function dot(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) throw new Error(`vector dimensions differ: ${a.length} vs ${b.length}`);
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

export function l2Norm(v: Float32Array): number {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i] * v[i];
  return Math.sqrt(s);
}

/** Scales `v` to unit length in place and returns it; a zero vector stays zero. */
export function normalizeInPlace(v: Float32Array): Float32Array {
  const n = l2Norm(v);
  if (n > 0) for (let i = 0; i < v.length; i++) v[i] /= n;
  return v;
}

/** Cosine similarity, computed in float64; 0 when either vector is zero. */
export function cosine(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) throw new Error(`vector dimensions differ: ${a.length} vs ${b.length}`);
  const na = l2Norm(a);
  const nb = l2Norm(b);
  return na > 0 && nb > 0 ? dot(a, b) / (na * nb) : 0;
}
