import { OutlierIndex } from '../ann/outlier-index';
import type { Embedder } from '../embedding/types';
import type { OutlierGroup } from './groups';

/** Phrases embedded per call while building the index. */
const PHRASE_BATCH = 64;

/** Identifies one index: the same model and phrase list give the same index, so it is built once and cached. */
export function outlierIndexKey(embedder: Pick<Embedder, 'id'>, groups: readonly OutlierGroup[]): string {
  let hash = 2166136261;
  for (const group of groups) {
    for (const phrase of [group.id, ...group.phrases]) {
      for (let i = 0; i < phrase.length; i++) hash = Math.imul(hash ^ phrase.charCodeAt(i), 16777619);
    }
  }
  return `${embedder.id}#${(hash >>> 0).toString(16)}`;
}

/** Embeds every outlier phrase (as a passage, like the segments it is compared with) into a Voy index. */
export async function buildOutlierIndex(embedder: Embedder, groups: readonly OutlierGroup[]): Promise<OutlierIndex> {
  const entries = groups.flatMap((group) => group.phrases.map((phrase, i) => ({ id: `${group.id}:${i}`, group: group.id, phrase })));
  const index = OutlierIndex.build(embedder.dim);
  for (let i = 0; i < entries.length; i += PHRASE_BATCH) {
    const batch = entries.slice(i, i + PHRASE_BATCH);
    const vectors = await embedder.embed(batch.map((e) => e.phrase), 'passage');
    index.add(batch.map((e, j) => ({ ...e, vector: vectors[j] })));
  }
  return index;
}
