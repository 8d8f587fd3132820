/**
 * A brute-force PhraseIndex: exact cosine against every phrase vector. With the ~500 shipped phrases it is fast
 * enough to serve as the fallback when the Voy index (src/ann) is unavailable, and it is what the tests use.
 *
 * Phrases are embedded with role 'passage', the same role as segments, so segment–phrase similarity compares
 * like with like (the anchor alone is a 'query').
 */
import { cosine } from './core';
import { phrasesFor, type OutlierGroup } from './groups';
import type { PhraseHit, PhraseIndex, SoreEmbedder } from './types';

export interface PhraseEntry {
  group: string;
  phrase: string;
  vector: Float32Array;
}

export class BruteForcePhraseIndex implements PhraseIndex {
  constructor(private readonly entries: PhraseEntry[]) {}

  get size(): number {
    return this.entries.length;
  }

  nearest(vector: Float32Array, k: number): PhraseHit[] {
    return this.entries
      .map((e) => ({ group: e.group, phrase: e.phrase, similarity: cosine(vector, e.vector) }))
      .sort((a, b) => b.similarity - a.similarity)
      .slice(0, Math.max(0, k));
  }
}

/** Embeds every phrase of the groups, in batches. */
export async function embedPhrases(
  groups: OutlierGroup[],
  embedder: SoreEmbedder,
  batchSize = 64,
): Promise<PhraseEntry[]> {
  const items = groups.flatMap((g) => phrasesFor(g, embedder.languages).map((phrase) => ({ group: g.id, phrase })));
  const out: PhraseEntry[] = [];
  for (let i = 0; i < items.length; i += batchSize) {
    const batch = items.slice(i, i + batchSize);
    const vectors = await embedder.embed(
      batch.map((b) => b.phrase),
      'passage',
    );
    batch.forEach((b, j) => out.push({ ...b, vector: vectors[j] }));
  }
  return out;
}

export async function buildBruteForceIndex(
  groups: OutlierGroup[],
  embedder: SoreEmbedder,
  batchSize = 64,
): Promise<BruteForcePhraseIndex> {
  return new BruteForcePhraseIndex(await embedPhrases(groups, embedder, batchSize));
}
