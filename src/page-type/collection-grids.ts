/**
 * The item grids between a collection's heading and what the structural stages kept further down (a shop's category
 * page whose buying guide sits at its foot: they took the guide and left the category tiles and product carousels
 * between it and the heading).
 */
import { nearestEnclosing } from '../boilerplate/ancestry';
import { classifyBlock } from '../boilerplate/classify';
import type { PageView } from '../boilerplate/page-view';
import { isKept } from '../decisions/record';
import type { Decision, DecisionRecord } from '../decisions/types';
import type { Block, PageSnapshot } from '../snapshot/types';
import { repeatedCardLabels } from './card-slots';
import { LISTING_RULES, UNNAMED_CAUSES } from './listing-profile';
import { inSiteNavigation, keep } from './profiles';
import { isMenuRun, pageRepeats, type RepeatedGroup } from './repeats';

/** The page's heading (a block id) and the first block the structural stages kept below it. */
export interface HeadingSpan {
  heading: number;
  firstKept: number;
}

/** A grid of items: at least this many sibling cards of one signature. */
const GRID_MIN_CARDS = 4;
export const GRID_REASON = 'Collection: one of the items between the page heading and its text';

/** The cards of the page's item grids (their nodes), each with its grid. */
function gridCards(snapshot: PageSnapshot): Map<number, RepeatedGroup> {
  const groupOfCard = new Map<number, RepeatedGroup>();
  for (const group of pageRepeats(snapshot).groups) {
    if (group.members.length < GRID_MIN_CARDS || isMenuRun(group)) continue;
    for (const card of group.members) if (!groupOfCard.has(card)) groupOfCard.set(card, group);
  }
  return groupOfCard;
}

/** The node of the grid card that holds `block`, or -1. */
function cardAround(snapshot: PageSnapshot, cards: ReadonlyMap<number, RepeatedGroup>, block: Block): number {
  return nearestEnclosing(snapshot, block.node, 'page-type:grid-card', () => (node) => cards.has(node.id));
}

/**
 * The blocks of repeated cards between the heading and the first kept block that no named rule removed, minus the
 * labels and buttons every card of a grid repeats. Blocks not inside a card (banners, a lone promotion) stay out.
 */
export function gridsUnderHeading(snapshot: PageSnapshot, record: DecisionRecord, page: PageView, span: HeadingSpan | null): Decision[] {
  if (!span) return [];
  const groupOfCard = gridCards(snapshot);
  const cardOf = new Int32Array(snapshot.blocks.length).fill(-1);
  const byGroup = new Map<RepeatedGroup, Block[]>();
  for (let i = span.heading + 1; i < span.firstKept; i++) {
    const block = snapshot.blocks[i];
    if (!block.visible || !block.text || isKept(record, block.id) || !UNNAMED_CAUSES.has(record.decisions[block.id]?.cause)) continue;
    const n = cardAround(snapshot, groupOfCard, block);
    if (n < 0 || classifyBlock(block, page, LISTING_RULES) || inSiteNavigation(snapshot, block)) continue;
    cardOf[block.id] = n;
    const group = groupOfCard.get(n)!;
    const inGroup = byGroup.get(group);
    if (inGroup) inGroup.push(block);
    else byGroup.set(group, [block]);
  }
  const decisions: Decision[] = [];
  for (const [group, blocks] of byGroup) {
    const labels = repeatedCardLabels(snapshot, blocks, cardOf, group.members.length);
    for (const block of blocks) if (!labels.has(block.id)) decisions.push(keep(block.id, GRID_REASON));
  }
  return decisions.sort((a, b) => a.block - b.block);
}
