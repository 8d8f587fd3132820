import { isKept } from '../decisions/record';
import type { Decision, DecisionRecord } from '../decisions/types';
import type { Block } from '../snapshot/types';

/** Smaller than this on its longer side (CSS px) is an icon, an avatar or a badge, not a picture of the article. */
export const MIN_PICTURE_SIDE = 120;

/**
 * A block the structural extractor dropped, kept as a part of the article (a formula, a data table between its
 * paragraphs). The evidence stays Readability's drop, which this decision overrides.
 */
export function keptArticlePart(block: number, reason: string): Decision {
  return { block, kept: true, stage: 'structure', reason, evidence: { kind: 'structural-extractor', extractor: 'readability', kept: false } };
}

/** Whether the structural extractor dropped the block (and nothing kept it since). */
export function droppedByExtractor(record: DecisionRecord, b: Block): boolean {
  return !isKept(record, b.id) && record.decisions[b.id]?.evidence.kind === 'structural-extractor';
}
