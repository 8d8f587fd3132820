import { OutlierIndex } from '../ann/outlier-index';
import type { Embedder } from '../embedding/types';
import { phrasesFor, type OutlierGroup } from './groups';
import { l2Norm } from '../embedding/vector';
import { embedPhrases, type PhraseEntry } from './phrase-index';

/** Identifies one index: the same model and phrase list give the same index, so it is built once and cached. */
export function outlierIndexKey(embedder: Pick<Embedder, 'id'>, groups: readonly OutlierGroup[]): string {
  let hash = 2166136261;
  for (const group of groups) {
    for (const phrase of [group.id, ...phrasesFor(group)]) {
      for (let i = 0; i < phrase.length; i++) hash = Math.imul(hash ^ phrase.charCodeAt(i), 16777619);
    }
  }
  return `${embedder.id}#${(hash >>> 0).toString(16)}`;
}

/**
 * The phrases a model can actually tell apart. Dropped: zero vectors (GloVe: no known word, e.g. every CJK phrase)
 * and vectors shared by phrases with different texts (USE-lite: phrases made only of unknown tokens all embed
 * alike). Such vectors say nothing about the phrase, and they would make every unreadable segment "match" it.
 * They also break voy: its k-d tree panics (WASM `unreachable`) on many identical points, which poisons the voy
 * module for the rest of the page's life.
 */
export function distinctPhrases(entries: readonly PhraseEntry[]): { kept: PhraseEntry[]; dropped: PhraseEntry[] } {
  const byVector = new Map<string, PhraseEntry[]>();
  const dropped: PhraseEntry[] = [];
  for (const entry of entries) {
    const norm = l2Norm(entry.vector);
    if (!(norm > 0)) {
      dropped.push(entry);
      continue;
    }
    const key = Array.from(entry.vector, (x) => Math.round((x / norm) * 1e6)).join(',');
    const same = byVector.get(key);
    if (same) same.push(entry);
    else byVector.set(key, [entry]);
  }
  const kept: PhraseEntry[] = [];
  for (const same of byVector.values()) {
    const texts = new Set(same.map((e) => e.phrase.toLowerCase()));
    if (texts.size > 1) dropped.push(...same);
    else kept.push(same[0]);
  }
  // Keep the phrase-file order (hits and ids stay stable).
  const order = new Map(entries.map((e, i) => [e, i]));
  kept.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
  return { kept, dropped };
}

export function droppedPhrasesMessage(model: string, dropped: readonly PhraseEntry[], total: number): string {
  const sample = dropped.slice(0, 5).map((e) => `"${e.phrase}"`).join(', ');
  return `${model}: ${dropped.length} of ${total} outlier phrases left out of the index (no distinct vector: ${sample}${dropped.length > 5 ? ', …' : ''})`;
}

/** Embeds every outlier phrase (as a passage, like the segments it is compared with) into a Voy index. */
export async function buildOutlierIndex(
  embedder: Embedder,
  groups: readonly OutlierGroup[],
): Promise<{ index: OutlierIndex; dropped: PhraseEntry[] }> {
  const { kept, dropped } = distinctPhrases(await embedPhrases([...groups], embedder));
  return { index: OutlierIndex.fromPhrases(embedder.dim, kept), dropped };
}
