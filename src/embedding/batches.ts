/**
 * How texts sorted by length are cut into model calls. A call pads every text to its longest, so one call for
 * everything wastes work on the short texts, and one call per text pays each call's fixed cost many times. The cut
 * minimising (calls × callCost + padded length) is found exactly by dynamic programming over the sorted lengths.
 * Padding is masked in these models (a text's vector does not depend on what shares its call), so this changes
 * only the time taken.
 */

/**
 * End indices (exclusive) of the calls for `lengths` sorted ascending, each call at most `maxBatch` texts.
 * `callCost` is a call's fixed cost in units of padded length (tokens, or characters as their stand-in).
 */
export function lengthBatches(lengths: readonly number[], maxBatch: number, callCost: number): number[] {
  const n = lengths.length;
  const cost = new Array<number>(n + 1).fill(Infinity);
  const from = new Array<number>(n + 1).fill(0);
  cost[0] = 0;
  for (let end = 1; end <= n; end++) {
    for (let start = Math.max(0, end - maxBatch); start < end; start++) {
      const c = cost[start] + callCost + (end - start) * lengths[end - 1];
      if (c < cost[end]) {
        cost[end] = c;
        from[end] = start;
      }
    }
  }
  const ends: number[] = [];
  for (let end = n; end > 0; end = from[end]) ends.unshift(end);
  return ends;
}

/** `items` (sorted by length ascending) cut into calls; see lengthBatches. */
export function batchesByLength<T>(items: readonly T[], length: (item: T) => number, maxBatch: number, callCost: number): T[][] {
  const ends = lengthBatches(items.map(length), maxBatch, callCost);
  return ends.map((end, i) => items.slice(i === 0 ? 0 : ends[i - 1], end));
}
