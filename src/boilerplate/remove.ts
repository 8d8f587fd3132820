/**
 * Pith's own removals: the named rules whose block evidence is reliable on its own (a cookie notice, "Log in to
 * reply", "Sign up for our newsletter", an "Advertisement" label, "Edit this page", "Skip to main content", the links
 * of a <nav> outside the article, a row of share buttons, "« Previous 1 2 Next »", "Reply · Report") remove a block
 * that the earlier stages kept. Their cause is the true cause by construction.
 */
import { decide } from '../decisions/record';
import type { DecisionRecord } from '../decisions/types';
import type { Block, PageSnapshot } from '../snapshot/types';
import { buildPageView, type PageView } from './page-view';
import { rulesFor } from './rules';
import type { RemovalRule } from './types';
import { causeReason } from './words';

export const DECIDING_RULES: readonly RemovalRule[] = rulesFor('decides');

export interface RuleMatch {
  rule: RemovalRule;
  evidence: string;
}

/**
 * Per snapshot, each block's answer on a whole-page view (no container): the fallback asks about the blocks
 * Readability kept, then the removal step about every kept block, and a snapshot does not change once taken.
 */
const matchesBySnapshot = new WeakMap<PageSnapshot, Map<number, RuleMatch | null>>();

/** The first reliable named rule that recognises the block, with its evidence; null when none does. */
export function decidingRuleMatch(block: Block, page: PageView): RuleMatch | null {
  const wholePage = page.container < 0 && !page.itemsPage;
  let memo = wholePage ? matchesBySnapshot.get(page.snapshot) : undefined;
  if (wholePage && !memo) matchesBySnapshot.set(page.snapshot, (memo = new Map()));
  const known = memo?.get(block.id);
  if (known !== undefined) return known;
  let match: RuleMatch | null = null;
  for (const rule of DECIDING_RULES) {
    if (block.kind === 'heading' && !rule.decidesHeadings) continue;
    const evidence = (rule.decidesBlock ?? rule.block)?.(block, page);
    if (evidence) {
      match = { rule, evidence };
      break;
    }
  }
  memo?.set(block.id, match);
  return match;
}

/** Removes those of `blocks` that a reliable named rule recognises; returns how many. */
export function removeNamedBoilerplate(snapshot: PageSnapshot, record: DecisionRecord, blocks: Iterable<Block>): number {
  const page = buildPageView(snapshot, -1, 0);
  let removed = 0;
  for (const block of blocks) {
    if (!record.decisions[block.id]?.kept) continue;
    const match = decidingRuleMatch(block, page);
    if (!match) continue;
    const { rule, evidence } = match;
    decide(record, {
      block: block.id,
      kept: false,
      stage: 'structure',
      cause: rule.cause,
      reason: causeReason(rule.cause, evidence, `Pith's ${rule.cause} rule`),
      evidence: { kind: 'named-rule', rule: rule.cause },
    });
    removed++;
  }
  return removed;
}

/** Removes kept blocks that a reliable named rule recognises; returns how many (the removal-rules stage). */
export function applyRemovalRules(snapshot: PageSnapshot, record: DecisionRecord): number {
  return removeNamedBoilerplate(snapshot, record, snapshot.blocks);
}
