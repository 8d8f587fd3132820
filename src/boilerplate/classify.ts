/** Names what a removed block is: the first named rule that matches the block, then the elements around it, nearest first. */
import type { RemovalCause } from '../decisions/causes';
import type { Block } from '../snapshot/types';
import { Relation, type PageView } from './page-view';
import { REMOVAL_RULES } from './rules';
import type { RemovalRule } from './types';

export interface Classification {
  cause: RemovalCause;
  /** The evidence in words, e.g. "in <nav>, 100% links". */
  evidence: string;
}

/** How many elements up from a block the rules look (beyond that, words describe the page's layout, not the block). */
const MAX_REGION_STEPS = 12;

export function classifyBlock(block: Block, page: PageView, rules: readonly RemovalRule[] = REMOVAL_RULES): Classification | null {
  for (const rule of rules) {
    const evidence = rule.weak ? null : rule.block?.(block, page);
    if (evidence) return { cause: rule.cause, evidence };
  }
  const nodes = page.snapshot.nodes;
  for (let v = block.node, steps = 0; v > 0 && v < nodes.length && steps < MAX_REGION_STEPS; v = nodes[v]!.parent, steps++) {
    // The article container and the elements around it describe the whole page, not this piece of it.
    if (page.relation[v] === Relation.around) break;
    const region = page.region(v);
    for (const rule of rules) {
      const evidence = rule.region?.(region, block, page);
      if (evidence) return { cause: rule.cause, evidence };
    }
  }
  for (const rule of rules) {
    const evidence = rule.weak ? rule.block?.(block, page) : null;
    if (evidence) return { cause: rule.cause, evidence };
  }
  return null;
}
