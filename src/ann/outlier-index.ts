/**
 * The outlier phrase index: typical boilerplate phrases ("Subscribe to our newsletter", …) by group, searched by
 * cosine similarity. voy-search finds the candidates (a k-d tree, Euclidean); similarities are recomputed exactly
 * from the stored vectors, because voy returns no distances. With unit vectors Euclidean order is cosine order
 * (d² = 2 − 2·cos), so voy's top k are the cosine top k.
 *
 * voy is WASM behind a top-level await: import this module only in pages (offscreen, reader, options) or under
 * vitest's node environment, never in a content script.
 */
import { Voy, type EmbeddedResource } from 'voy-search';
import { cosine, normalizeInPlace } from '../embedding/vector';

/** Group of per-page core vectors added next to the phrases; excluded from phrase searches by default. */
export const CORE_GROUP = '__core__';
/** voy stores fixed-size points; longer vectors cannot be indexed. */
export const VOY_MAX_DIM = 768;
/** Extra neighbours asked of voy, so float32 near-ties at the k-th place are settled by the exact cosine. */
const EXTRA_CANDIDATES = 4;
const FORMAT = 'pith-outlier-index';
const FORMAT_VERSION = 1;

export interface IndexEntry {
  id: string;
  group: string;
  phrase: string;
  vector: Float32Array | readonly number[];
}

export interface IndexHit {
  id: string;
  group: string;
  phrase: string;
  /** Exact cosine between the query and the stored vector. */
  similarity: number;
}

/** Which entries a search may return. */
export type HitScope = 'phrases' | 'core' | 'all';

interface StoredEntry {
  group: string;
  phrase: string;
  vector: Float32Array;
  resource: EmbeddedResource;
}

interface SerializedIndex {
  format: typeof FORMAT;
  version: number;
  dim: number;
  /** Vectors as base64 of little-endian float32: a quarter of voy's own JSON serialisation. */
  entries: { id: string; group: string; phrase: string; vector: string }[];
}

export class OutlierIndex {
  private readonly voy = new Voy();
  private readonly entries = new Map<string, StoredEntry>();
  private coreCount = 0;

  private constructor(readonly dim: number) {
    if (!Number.isInteger(dim) || dim <= 0 || dim > VOY_MAX_DIM) throw new Error(`unsupported dimension ${dim}`);
  }

  static build(dim: number, entries: readonly IndexEntry[] = []): OutlierIndex {
    const index = new OutlierIndex(dim);
    index.add(entries);
    return index;
  }

  /** From SORE's embedded phrases (src/sore/phrase-index.ts embedPhrases); ids are `<group>#<n>`. */
  static fromPhrases(dim: number, phrases: readonly Omit<IndexEntry, 'id'>[]): OutlierIndex {
    return OutlierIndex.build(dim, phrases.map((p, n) => ({ ...p, id: `${p.group}#${n}` })));
  }

  /** Rebuilds the k-d tree from the stored vectors (measured faster than voy's own deserialise). */
  static deserialize(text: string): OutlierIndex {
    const data = JSON.parse(text) as SerializedIndex;
    if (data.format !== FORMAT || data.version !== FORMAT_VERSION) throw new Error('not a serialised outlier index');
    return OutlierIndex.build(
      data.dim,
      data.entries.map((e) => ({ id: e.id, group: e.group, phrase: e.phrase, vector: decodeVector(e.vector) })),
    );
  }

  get size(): number {
    return this.entries.size;
  }

  /** Number of per-page core vectors currently held. */
  get coreSize(): number {
    return this.coreCount;
  }

  serialize(): string {
    const data: SerializedIndex = {
      format: FORMAT,
      version: FORMAT_VERSION,
      dim: this.dim,
      entries: [...this.entries].map(([id, e]) => ({ id, group: e.group, phrase: e.phrase, vector: encodeVector(e.vector) })),
    };
    return JSON.stringify(data);
  }

  /** Adds entries; vectors are L2-normalised on the way in. Ids must be new. */
  add(entries: readonly IndexEntry[]): void {
    if (entries.length === 0) return;
    const resources: EmbeddedResource[] = [];
    const batchIds = new Set<string>();
    for (const entry of entries) {
      if (this.entries.has(entry.id) || batchIds.has(entry.id)) throw new Error(`duplicate index id "${entry.id}"`);
      if (entry.vector.length !== this.dim) throw new Error(`vector of "${entry.id}" has ${entry.vector.length} dimensions, expected ${this.dim}`);
      batchIds.add(entry.id);
    }
    for (const entry of entries) {
      const vector = normalizeInPlace(Float32Array.from(entry.vector));
      const resource: EmbeddedResource = { id: entry.id, title: entry.group, url: '', embeddings: Array.from(vector) };
      this.entries.set(entry.id, { group: entry.group, phrase: entry.phrase, vector, resource });
      if (entry.group === CORE_GROUP) this.coreCount++;
      resources.push(resource);
    }
    this.voy.add({ embeddings: resources });
  }

  /**
   * Adds one page's core vectors under CORE_GROUP, replacing the previous page's. Their ids are
   * `<pageKey>#<n>` and their `phrase` is the segment text, so a hit says which segment it was.
   */
  setCore(pageKey: string, segments: readonly { text: string; vector: Float32Array | readonly number[] }[]): void {
    this.removeGroup(CORE_GROUP);
    this.add(segments.map((s, n) => ({ id: `${pageKey}#${n}`, group: CORE_GROUP, phrase: s.text, vector: s.vector })));
  }

  removeGroup(group: string): void {
    const ids = [...this.entries].filter(([, e]) => e.group === group).map(([id]) => id);
    this.remove(ids);
  }

  remove(ids: readonly string[]): void {
    const resources: EmbeddedResource[] = [];
    for (const id of ids) {
      const entry = this.entries.get(id);
      if (!entry) continue;
      resources.push(entry.resource);
      this.entries.delete(id);
      if (entry.group === CORE_GROUP) this.coreCount--;
    }
    if (resources.length > 0) this.voy.remove({ embeddings: resources });
  }

  /**
   * The k entries most similar to `vector`, best first (ties by id). By default only phrases: core vectors are
   * skipped, and voy is asked for enough extra neighbours that skipping them cannot lose a phrase.
   */
  nearest(vector: Float32Array, k: number, scope: HitScope = 'phrases'): IndexHit[] {
    if (vector.length !== this.dim) throw new Error(`query has ${vector.length} dimensions, expected ${this.dim}`);
    if (k <= 0 || this.entries.size === 0) return [];
    const excluded = scope === 'phrases' ? this.coreCount : scope === 'core' ? this.entries.size - this.coreCount : 0;
    const fetch = Math.min(this.entries.size, k + excluded + EXTRA_CANDIDATES);
    const query = normalizeInPlace(Float32Array.from(vector));
    const hits: IndexHit[] = [];
    for (const { id } of this.voy.search(query, fetch).neighbors) {
      const entry = this.entries.get(id);
      if (!entry || !inScope(entry.group, scope)) continue;
      hits.push({ id, group: entry.group, phrase: entry.phrase, similarity: cosine(vector, entry.vector) });
    }
    hits.sort((a, b) => b.similarity - a.similarity || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return hits.slice(0, k);
  }

  /** Frees voy's WASM memory; the index must not be used afterwards. */
  free(): void {
    this.voy.free();
    this.entries.clear();
    this.coreCount = 0;
  }
}

function inScope(group: string, scope: HitScope): boolean {
  if (scope === 'all') return true;
  return (group === CORE_GROUP) === (scope === 'core');
}

function encodeVector(vector: Float32Array): string {
  const bytes = new Uint8Array(vector.length * 4);
  const view = new DataView(bytes.buffer);
  vector.forEach((x, i) => view.setFloat32(i * 4, x, true));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function decodeVector(text: string): Float32Array {
  const binary = atob(text);
  const view = new DataView(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) view.setUint8(i, binary.charCodeAt(i));
  const vector = new Float32Array(binary.length / 4);
  for (let i = 0; i < vector.length; i++) vector[i] = view.getFloat32(i * 4, true);
  return vector;
}
