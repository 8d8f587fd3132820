/**
 * A display formula between two kept paragraphs is part of the argument, though the structural extractor drops it
 * as a short block (Readability's conditional cleaning removes a <div> with little text). It is kept when the
 * nearest visible blocks before and after it are kept.
 */
import { isKept } from '../decisions/record';
import type { Decision, DecisionRecord } from '../decisions/types';
import type { PageSnapshot } from '../snapshot/types';
import { keptArticlePart } from './article-part';

function nearestVisible(snapshot: PageSnapshot, from: number, step: 1 | -1): number | null {
  for (let i = from + step; i >= 0 && i < snapshot.blocks.length; i += step) {
    const b = snapshot.blocks[i];
    if (b.visible && b.text.trim() && b.kind !== 'math') return b.id;
  }
  return null;
}

export function formulaInTextDecisions(snapshot: PageSnapshot, record: DecisionRecord): Decision[] {
  const out: Decision[] = [];
  for (const block of snapshot.blocks) {
    if (block.kind !== 'math' || !block.visible || isKept(record, block.id)) continue;
    if (record.decisions[block.id]?.evidence.kind !== 'structural-extractor') continue;
    const before = nearestVisible(snapshot, block.id, -1);
    const after = nearestVisible(snapshot, block.id, 1);
    if (before === null || after === null || !isKept(record, before) || !isKept(record, after)) continue;
    out.push(keptArticlePart(block.id, 'A formula between kept paragraphs of the article'));
  }
  return out;
}
