/**
 * A code sample between the article's paragraphs is part of it, though the structural extractor can drop it:
 * documentation sites wrap each sample in a frame of their own (a file name, a language tab, a copy button) that
 * Readability scores as boilerplate. A code block it dropped is kept when the nearest text before and after it is
 * kept, past the sample's own labels (a file name, "Copy") and the other samples of a row of them.
 */
import { isKept } from '../decisions/record';
import type { Decision, DecisionRecord } from '../decisions/types';
import type { PageSnapshot } from '../snapshot/types';
import { droppedByExtractor, keptArticlePart } from './article-part';

/** A sample's label (a file name, a language, "Copy") is a few words: longer text is the page going on. */
const MAX_LABEL_CHARS = 40;
/** How many labels and samples in a row may stand between the sample and the article's kept text. */
const MAX_STEPS = 8;

/** Whether the first text past labels and other samples next to `from` (going `step`) is kept. */
function keptNeighbour(snapshot: PageSnapshot, record: DecisionRecord, from: number, step: 1 | -1): boolean {
  for (let i = from + step, n = 0; i >= 0 && i < snapshot.blocks.length && n < MAX_STEPS; i += step) {
    const b = snapshot.blocks[i]!;
    if (!b.visible || !b.text.trim()) continue;
    n++;
    if (b.kind === 'code') continue; // the next sample of a row, kept or not, says nothing about the article
    if (isKept(record, b.id)) return true;
    if (b.text.length > MAX_LABEL_CHARS) return false;
  }
  return false;
}

export function codeInTextDecisions(snapshot: PageSnapshot, record: DecisionRecord): Decision[] {
  const out: Decision[] = [];
  for (const b of snapshot.blocks) {
    if (b.kind !== 'code' || !b.visible || b.fixed || !b.text.trim() || !droppedByExtractor(record, b)) continue;
    if (keptNeighbour(snapshot, record, b.id, -1) && keptNeighbour(snapshot, record, b.id, 1)) {
      out.push(keptArticlePart(b.id, 'A code sample between kept paragraphs of the article'));
    }
  }
  return out;
}
