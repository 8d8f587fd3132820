// @vitest-environment node
// voy-search is WASM behind a top-level await; it loads under vitest only in the node environment.
import { afterEach, describe, expect, it } from 'vitest';
import { CORE_GROUP, OutlierIndex, type IndexEntry } from '../../../src/ann/outlier-index';
import { cosine, normalizeInPlace } from '../../../src/embedding/vector';
import type { PhraseIndex } from '../../../src/sore/types';

const DIM = 64;
const GROUPS = ['newsletter', 'cookies', 'copyright', 'share'];
const PER_GROUP = 50;

/** Deterministic pseudo-random unit vectors (mulberry32). */
function randomVectors(count: number, seed: number): Float32Array[] {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296 - 0.5;
  };
  return Array.from({ length: count }, () => normalizeInPlace(Float32Array.from({ length: DIM }, next)));
}

function phraseEntries(): IndexEntry[] {
  const vectors = randomVectors(GROUPS.length * PER_GROUP, 7);
  return vectors.map((vector, i) => {
    const group = GROUPS[i % GROUPS.length];
    return { id: `${group}/${i}`, group, phrase: `${group} phrase ${i}`, vector };
  });
}

describe('OutlierIndex (voy-search)', () => {
  const indexes: OutlierIndex[] = [];
  const track = (index: OutlierIndex) => (indexes.push(index), index);
  afterEach(() => indexes.splice(0).forEach((i) => i.free()));

  it('finds every stored phrase as its own nearest neighbour', () => {
    const entries = phraseEntries();
    const index = track(OutlierIndex.build(DIM, entries));
    expect(index.size).toBe(entries.length);
    for (const entry of entries) {
      const [hit] = index.nearest(Float32Array.from(entry.vector), 1);
      expect(hit.id).toBe(entry.id);
      expect(hit.group).toBe(entry.group);
      expect(hit.phrase).toBe(entry.phrase);
      expect(hit.similarity).toBeCloseTo(1, 6);
    }
  });

  it('reports the exact cosine, best first, and matches brute force', () => {
    const entries = phraseEntries();
    const index = track(OutlierIndex.build(DIM, entries));
    for (const query of randomVectors(20, 99)) {
      const hits = index.nearest(query, 5);
      const brute = entries
        .map((e) => ({ id: e.id, similarity: cosine(query, Float32Array.from(e.vector)) }))
        .sort((a, b) => b.similarity - a.similarity)
        .slice(0, 5);
      expect(hits.map((h) => h.id)).toEqual(brute.map((b) => b.id));
      hits.forEach((hit, i) => expect(hit.similarity).toBe(brute[i].similarity));
    }
  });

  it('accepts unnormalised vectors and still reports cosines', () => {
    const [a, b] = randomVectors(2, 3);
    const index = track(OutlierIndex.build(DIM, [{ id: 'a', group: 'g', phrase: 'a', vector: a.map((x) => x * 5) }]));
    const [hit] = index.nearest(b.map((x) => x * 0.1), 1);
    expect(hit.similarity).toBeCloseTo(cosine(a, b), 6);
  });

  it('gives the same answers after serialize → deserialize', () => {
    const index = track(OutlierIndex.build(DIM, phraseEntries()));
    const copy = track(OutlierIndex.deserialize(index.serialize()));
    expect(copy.size).toBe(index.size);
    expect(copy.dim).toBe(DIM);
    for (const query of randomVectors(20, 42)) expect(copy.nearest(query, 3)).toEqual(index.nearest(query, 3));
  });

  it('keeps per-page core vectors apart from the phrases', () => {
    const entries = phraseEntries();
    const index = track(OutlierIndex.build(DIM, entries));
    // Each core vector sits right on top of a phrase, so an unfiltered search would return it first.
    const core = entries.slice(0, 3).map((e, n) => ({ text: `core segment ${n}`, vector: Float32Array.from(e.vector) }));
    index.setCore('page-1', core);
    expect(index.coreSize).toBe(3);

    const query = Float32Array.from(entries[0].vector);
    const [phrase] = index.nearest(query, 1);
    expect(phrase.group).toBe(entries[0].group);
    expect(index.nearest(query, 10).every((h) => h.group !== CORE_GROUP)).toBe(true);

    const [coreHit] = index.nearest(query, 1, 'core');
    expect(coreHit).toMatchObject({ id: 'page-1#0', group: CORE_GROUP, phrase: 'core segment 0' });
    const all = index.nearest(query, 2, 'all');
    expect(all.map((h) => h.group).sort()).toEqual([CORE_GROUP, entries[0].group].sort());

    // The next page replaces the previous page's core; serialisation keeps it distinguishable.
    index.setCore('page-2', core.slice(0, 1));
    expect(index.coreSize).toBe(1);
    expect(index.size).toBe(entries.length + 1);
    const copy = track(OutlierIndex.deserialize(index.serialize()));
    expect(copy.coreSize).toBe(1);
    expect(copy.nearest(query, 1, 'core')[0].id).toBe('page-2#0');
    index.removeGroup(CORE_GROUP);
    expect(index.nearest(query, 5, 'core')).toEqual([]);
  });

  it('serves as SORE\'s PhraseIndex', async () => {
    const phrases = phraseEntries().map(({ group, phrase, vector }) => ({ group, phrase, vector }));
    const index: PhraseIndex = track(OutlierIndex.fromPhrases(DIM, phrases));
    const [hit] = await index.nearest(Float32Array.from(phrases[5].vector), 2);
    expect(hit).toMatchObject({ group: phrases[5].group, phrase: phrases[5].phrase });
  });

  it('rejects duplicate ids and wrong dimensions, and handles an empty index', () => {
    const index = track(OutlierIndex.build(DIM));
    expect(index.nearest(randomVectors(1, 1)[0], 3)).toEqual([]);
    const [v] = randomVectors(1, 2);
    index.add([{ id: 'x', group: 'g', phrase: 'x', vector: v }]);
    expect(() => index.add([{ id: 'x', group: 'g', phrase: 'x', vector: v }])).toThrow(/duplicate/);
    expect(() => index.add([{ id: 'y', group: 'g', phrase: 'y', vector: new Float32Array(3) }])).toThrow(/dimensions/);
    expect(index.size).toBe(1);
  });
});
