/** Names what a removed block is: the first named rule that matches the block, then the elements around it, nearest first. */
import type { RemovalCause } from '../decisions/causes';
import type { Block } from '../snapshot/types';
import { Relation, type PageView } from './page-view';
import { REMOVAL_RULES } from './rules';
import type { Region, RemovalRule } from './types';

export interface Classification {
  cause: RemovalCause;
  /** The evidence in words, e.g. "in <nav>, 100% links". */
  evidence: string;
}

/** How many elements up from a block the rules look (beyond that, words describe the page's layout, not the block). */
const MAX_REGION_STEPS = 12;

/** Per page and rule list: the first match of the rules that read the element alone, per element (-1: none). */
const elementMatches = new WeakMap<PageView, WeakMap<readonly RemovalRule[], Map<number, ElementMatch>>>();
interface ElementMatch {
  index: number;
  evidence: string;
}

/** The page's memo for this rule list: looked up once per block (not per element above it), held by nothing else. */
function memoFor(page: PageView, rules: readonly RemovalRule[]): Map<number, ElementMatch> {
  let byRules = elementMatches.get(page);
  if (!byRules) elementMatches.set(page, (byRules = new WeakMap()));
  let memo = byRules.get(rules);
  if (!memo) byRules.set(rules, (memo = new Map()));
  return memo;
}

/** An element with no id/class/role/itemtype words, no aria-label and no form: the `marksOnly` rules never match it. */
function isUnmarked(region: Region): boolean {
  return region.tokens.length === 0 && !region.node.label && !region.node.form;
}

function firstElementMatch(node: number, page: PageView, rules: readonly RemovalRule[], memo: Map<number, ElementMatch>): ElementMatch {
  let match = memo.get(node);
  if (!match) {
    match = { index: -1, evidence: '' };
    const region = page.region(node);
    const unmarked = isUnmarked(region);
    for (let i = 0; i < rules.length; i++) {
      const rule = rules[i]!;
      if (rule.readsBlock || !rule.region || (unmarked && rule.marksOnly)) continue;
      const evidence = rule.region(region, undefined, page);
      if (evidence) {
        match = { index: i, evidence };
        break;
      }
    }
    memo.set(node, match);
  }
  return match;
}

/** The first rule, in order, that matches the element `node` for this block. */
function regionMatch(node: number, block: Block, page: PageView, rules: readonly RemovalRule[], memo: Map<number, ElementMatch>): Classification | null {
  const first = firstElementMatch(node, page, rules, memo);
  const end = first.index < 0 ? rules.length : first.index;
  const region = page.region(node);
  const unmarked = isUnmarked(region);
  for (let i = 0; i < end; i++) {
    const rule = rules[i]!;
    if (!rule.readsBlock || (unmarked && rule.marksOnly)) continue;
    const evidence = rule.region?.(region, block, page);
    if (evidence) return { cause: rule.cause, evidence };
  }
  return first.index >= 0 ? { cause: rules[first.index]!.cause, evidence: first.evidence } : null;
}

export function classifyBlock(block: Block, page: PageView, rules: readonly RemovalRule[] = REMOVAL_RULES): Classification | null {
  for (const rule of rules) {
    const evidence = rule.weak ? null : rule.block?.(block, page);
    if (evidence) return { cause: rule.cause, evidence };
  }
  const nodes = page.snapshot.nodes;
  const memo = memoFor(page, rules);
  for (let v = block.node, steps = 0; v > 0 && v < nodes.length && steps < MAX_REGION_STEPS; v = nodes[v]!.parent, steps++) {
    // The article container and the elements around it describe the whole page, not this piece of it.
    if (page.relation[v] === Relation.around) break;
    const found = regionMatch(v, block, page, rules, memo);
    if (found) return found;
  }
  for (const rule of rules) {
    const evidence = rule.weak ? rule.block?.(block, page) : null;
    if (evidence) return { cause: rule.cause, evidence };
  }
  return null;
}
