import type { Decision } from '../decisions/types';

/**
 * A block the structural extractor dropped, kept as a part of the article (a formula, a data table between its
 * paragraphs). The evidence stays Readability's drop, which this decision overrides.
 */
export function keptArticlePart(block: number, reason: string): Decision {
  return { block, kept: true, stage: 'structure', reason, evidence: { kind: 'structural-extractor', extractor: 'readability', kept: false } };
}
