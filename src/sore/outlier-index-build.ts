import { OutlierIndex } from '../ann/outlier-index';
import type { Embedder } from '../embedding/types';
import type { Exemplar } from './exemplars';
import type { OutlierGroup } from './groups';
import { knownLineEntries } from './known-lines';
import type { PhraseEntry } from './phrase-index';

export { distinctPhrases, droppedPhrasesMessage, embedExemplars, knownLineEntries, MISC_GROUP, outlierIndexKey } from './known-lines';

/**
 * Embeds every outlier phrase and mined known line (as passages, like the segments they are compared with) into a
 * Voy index.
 */
export async function buildOutlierIndex(
  embedder: Embedder,
  groups: readonly OutlierGroup[],
  exemplars: readonly Exemplar[] = [],
): Promise<{ index: OutlierIndex; dropped: PhraseEntry[]; total: number }> {
  const { kept, dropped, total } = await knownLineEntries(embedder, groups, exemplars);
  return { index: OutlierIndex.fromPhrases(embedder.dim, kept), dropped, total };
}
