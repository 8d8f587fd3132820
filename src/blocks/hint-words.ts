import type { PageSnapshot } from '../snapshot/types';

/** The id/class/role words of a block's element and its ancestors, hashed into this many buckets. */
export const HASH_BUCKETS = 64;
/** Ancestors read per block (the nearest ones say most about what a block is). */
const LEVELS = 6;

/** FNV-1a: the same bucket for the same word in every browser and in the trainer. */
export function wordBucket(word: string): number {
  let h = 2166136261;
  for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 16777619) >>> 0;
  return h % HASH_BUCKETS;
}

/** Words of a hint: "post-comment_list" gives post, comment, list; digits and one-letter pieces are dropped. */
export function hintWords(hint: string): string[] {
  return hint.split(/[^a-z]+/).filter((w) => w.length > 1);
}

/** For every block, one value per bucket: 1 when a word of that bucket is on the element itself, less further up. */
export function hashedWordBuckets(snapshot: PageSnapshot): Float32Array[] {
  const perNode = new Map<number, number[]>();
  const bucketsOf = (node: number): number[] => {
    let buckets = perNode.get(node);
    if (!buckets) perNode.set(node, (buckets = [...new Set(hintWords(snapshot.nodes[node]?.hint ?? '').map(wordBucket))]));
    return buckets;
  };
  return snapshot.blocks.map((block) => {
    const row = new Float32Array(HASH_BUCKETS);
    let node = block.node;
    for (let level = 0; level < LEVELS && node > 0; level++, node = snapshot.nodes[node]?.parent ?? -1) {
      const weight = 1 - level / LEVELS;
      for (const b of bucketsOf(node)) if (row[b]! < weight) row[b] = weight;
    }
    return row;
  });
}
