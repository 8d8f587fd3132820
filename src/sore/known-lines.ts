/**
 * The entries of SORE's outlier index: hand-written phrases and mined known lines, embedded, with those a model
 * cannot tell apart left out. Free of the index implementation (voy), so Node scripts can use it too.
 */
import type { Embedder } from '../embedding/types';
import { cosine, l2Norm } from '../embedding/vector';
import { modelCutoffs } from './calibration';
import type { Exemplar } from './exemplars';
import { phrasesFor, type OutlierGroup } from './groups';
import { CONTENT_GROUP } from './outliers';
import { embedPhrases, type PhraseEntry } from './phrase-index';
import type { SoreEmbedder } from './types';

/** Mined boilerplate lines like no hand-written phrase go to this group. */
export const MISC_GROUP = 'misc-boilerplate';

/**
 * Identifies one index: the same model, phrase list and known lines give the same index, so it is built once and
 * cached.
 */
export function outlierIndexKey(embedder: Pick<Embedder, 'id'>, groups: readonly OutlierGroup[], exemplars: readonly Exemplar[] = []): string {
  let hash = 2166136261;
  const texts = [...groups.flatMap((g) => [g.id, ...phrasesFor(g)]), ...exemplars.map((e) => `${e.label}:${e.text}`)];
  for (const text of texts) {
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  }
  return `${embedder.id}#${(hash >>> 0).toString(16)}`;
}

/**
 * Mined lines as index entries: content lines in CONTENT_GROUP; each boilerplate line in the group of its nearest
 * hand-written phrase when that phrase is at least the model's c away, else in "misc-boilerplate".
 */
export async function embedExemplars(
  exemplars: readonly Exemplar[],
  phrases: readonly PhraseEntry[],
  embedder: SoreEmbedder,
  batchSize = 64,
): Promise<PhraseEntry[]> {
  const cutoff = modelCutoffs(embedder.id).groupCutoff;
  const out: PhraseEntry[] = [];
  for (let i = 0; i < exemplars.length; i += batchSize) {
    const batch = exemplars.slice(i, i + batchSize);
    const vectors = await embedder.embed(batch.map((e) => e.text), 'passage');
    batch.forEach((e, j) => {
      const vector = vectors[j];
      if (e.label === 'content') return void out.push({ group: CONTENT_GROUP, phrase: e.text, vector });
      let group = MISC_GROUP;
      let best = -Infinity;
      for (const p of phrases) {
        const similarity = cosine(vector, p.vector);
        if (similarity > best) [best, group] = [similarity, similarity >= cutoff ? p.group : MISC_GROUP];
      }
      out.push({ group, phrase: e.text, vector });
    });
  }
  return out;
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
  return `${model}: ${dropped.length} of ${total} outlier phrases and known lines left out of the index (no distinct vector: ${sample}${dropped.length > 5 ? ', …' : ''})`;
}

/** Every phrase and known line a model can represent, embedded as passages (the role of the segments). */
export async function knownLineEntries(
  embedder: Embedder,
  groups: readonly OutlierGroup[],
  exemplars: readonly Exemplar[] = [],
): Promise<{ kept: PhraseEntry[]; dropped: PhraseEntry[]; total: number }> {
  const phrases = await embedPhrases([...groups], embedder);
  const mined = await embedExemplars(exemplars, distinctPhrases(phrases).kept, embedder);
  return { ...distinctPhrases([...phrases, ...mined]), total: phrases.length + mined.length };
}
