import type { Decision, DecisionRecord } from '../decisions/types';
import type { PageSnapshot } from '../snapshot/types';

/**
 * When most of the article Readability found is hidden on the page (laid out with no size, transparent or
 * visibility:hidden, not display:none), the page hides its content until its own scripts run (an anti-flicker or
 * reveal-on-load snippet that never ran here). Readability.js reads the markup and keeps that article; so does the
 * fallback, rather than showing an empty reader.
 */
export const MIN_HIDDEN_ARTICLE_SHARE = 0.5;

/** Kept decisions for the hidden blocks of a mostly hidden article; none when the article is mostly visible. */
export function hiddenArticleDecisions(snapshot: PageSnapshot, record: DecisionRecord, kept: Set<number>): Decision[] {
  let total = 0;
  let hidden = 0;
  const blocks = [];
  for (const block of snapshot.blocks) {
    if (!kept.has(block.id)) continue;
    total += block.text.length;
    if (record.decisions[block.id]?.evidence.kind === 'hidden') {
      hidden += block.text.length;
      blocks.push(block);
    }
  }
  const share = total > 0 ? hidden / total : 0;
  if (share < MIN_HIDDEN_ARTICLE_SHARE) return [];
  return blocks.map((block) => ({
    block: block.id,
    kept: true,
    stage: 'readability',
    reason: `Hidden on the page until its scripts run, but part of the article (${Math.round(share * 100)} % of the article the structural extractor found is hidden)`,
    score: share,
    threshold: MIN_HIDDEN_ARTICLE_SHARE,
    evidence: { kind: 'structural-extractor', extractor: 'readability', kept: true },
  }));
}
