import { OutlierIndex } from '../ann/outlier-index';
import type { Embedder } from '../embedding/types';
import type { OutlierGroup } from './groups';
import { embedPhrases } from './phrase-index';

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
  return OutlierIndex.fromPhrases(embedder.dim, await embedPhrases([...groups], embedder));
}
