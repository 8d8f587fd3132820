/**
 * Vectors reused by text: a wrapper embedder that remembers the vector of every (role, text) it has embedded, so a
 * line seen again (a site's menu, "Advertisement", a footer on the next page of the same site, the outlier
 * phrases themselves) costs nothing. Kept for the life of the model host (or a CLI run), bounded by `capacity`
 * entries, least recently used first out.
 *
 * Only texts the cache lacks are passed to the model, all in one call, so the model can sort and batch them
 * together. A vector is the model's output for the text alone, so reusing it changes no result.
 */
import type { Embedder, EmbedRole } from './types';

/** 20,000 vectors of 512 floats are 40 MB: enough for the outlier index and a long session of pages. */
export const DEFAULT_VECTOR_CACHE_ENTRIES = 20_000;

export interface CacheStats {
  /** Texts asked for since the embedder was made. */
  requested: number;
  /** Of those, answered from the cache. */
  reused: number;
  /** Texts sent to the model (distinct, not cached). */
  embedded: number;
}

export interface CachingEmbedder extends Embedder {
  readonly stats: CacheStats;
}

export function cachingEmbedder(model: Embedder, capacity = DEFAULT_VECTOR_CACHE_ENTRIES): CachingEmbedder {
  // A Map iterates in insertion order: re-inserting on use makes its first key the least recently used.
  const cache = new Map<string, Float32Array>();
  const stats: CacheStats = { requested: 0, reused: 0, embedded: 0 };
  const keyOf = (role: EmbedRole, text: string) => `${role}\u0000${text}`;
  const remember = (key: string, vector: Float32Array) => {
    cache.delete(key);
    cache.set(key, vector);
    while (cache.size > capacity) cache.delete(cache.keys().next().value as string);
  };

  return {
    ...model,
    stats,
    async embed(texts: string[], role: EmbedRole): Promise<Float32Array[]> {
      stats.requested += texts.length;
      const found = new Map<string, Float32Array>();
      const pending = new Set<string>();
      for (const text of texts) {
        if (found.has(text) || pending.has(text)) continue;
        const vector = cache.get(keyOf(role, text));
        if (vector) found.set(text, vector);
        else pending.add(text);
      }
      const missing = [...pending];
      stats.reused += texts.length - missing.length;
      if (missing.length > 0) {
        const vectors = await model.embed(missing, role);
        if (vectors.length !== missing.length) {
          throw new Error(`embedder ${model.id} returned ${vectors.length} vectors for ${missing.length} texts`);
        }
        missing.forEach((text, i) => found.set(text, vectors[i]));
        stats.embedded += missing.length;
      }
      for (const [text, vector] of found) remember(keyOf(role, text), vector);
      // Copies: callers may normalise or change the vectors they get.
      return texts.map((text) => Float32Array.from(found.get(text) as Float32Array));
    },
    dispose: model.dispose ? () => (cache.clear(), model.dispose?.() ?? Promise.resolve()) : undefined,
  };
}
