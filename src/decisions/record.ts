import type { Block } from '../snapshot/types';
import type { Decision, DecisionRecord, StageRun } from './types';

export function emptyRecord(): DecisionRecord {
  return { decisions: [], runs: [] };
}

/** Sets a block's decision; a decision that was already there is kept in `supersedes`. */
export function decide(record: DecisionRecord, decision: Decision): void {
  const previous = record.decisions[decision.block];
  record.decisions[decision.block] = previous ? { ...decision, supersedes: previous } : decision;
}

export function logRun(record: DecisionRecord, run: StageRun): void {
  record.runs.push(run);
}

export function isKept(record: DecisionRecord, blockId: number): boolean {
  return record.decisions[blockId]?.kept ?? false;
}

/** Whether the block's text is part of the article: it is kept, and not as its picture only (`Decision.pictureOnly`). */
export function keepsText(record: DecisionRecord, blockId: number): boolean {
  const d = record.decisions[blockId];
  return (d?.kept ?? false) && d?.pictureOnly !== true;
}

export function keptBlocks<T extends Pick<Block, 'id'>>(blocks: T[], record: DecisionRecord): T[] {
  return blocks.filter((b) => isKept(record, b.id));
}

/**
 * The plain text of the kept blocks, paragraphs separated by blank lines (what the benchmark scores); a block kept as
 * its picture only adds none.
 */
export function keptText(blocks: Pick<Block, 'id' | 'text'>[], record: DecisionRecord): string {
  return blocks
    .filter((b) => keepsText(record, b.id))
    .map((b) => b.text)
    .filter((t) => t.length > 0)
    .join('\n\n');
}
