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

/**
 * Embeds every outlier phrase (as a passage, like the segments it is compared with) into a Voy index. Phrases the
 * model cannot represent (an English model reading Arabic gives a zero or an all-unknown-token vector) are left
 * out: they would match nothing meaningfully, and many identical points break Voy's k-d tree.
 */
export async function buildOutlierIndex(embedder: Embedder, groups: readonly OutlierGroup[]): Promise<OutlierIndex> {
  const seen = new Set<string>();
  const usable = (await embedPhrases([...groups], embedder)).filter((entry) => {
    const vector = Array.from(entry.vector);
    if (!vector.some((x) => x !== 0)) return false;
    const key = vector.map((x) => x.toFixed(4)).join(',');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return OutlierIndex.fromPhrases(embedder.dim, usable);
}
