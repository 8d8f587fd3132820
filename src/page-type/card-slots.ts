import { isKept } from '../decisions/record';
import type { DecisionRecord } from '../decisions/types';
import type { Block, PageSnapshot } from '../snapshot/types';
import { signatureOf } from './repeats';

/**
 * The slots of a repeated card: where a block sits inside its card (the tag and class signatures from the card down
 * to the block), e.g. `h3.c-tease__title` or `div.c-tease__byline`. Cards of one listing share their slots, so what
 * the structural stages did with a slot in the cards they kept (the title and excerpt kept, the category and byline
 * dropped) says what to do with it in the cards they left out.
 */
export function slotOf(snapshot: PageSnapshot, block: Block, member: number): string {
  const path: string[] = [block.kind];
  for (let n = block.node; n >= 0 && n !== member; n = snapshot.nodes[n]?.parent ?? -1) {
    const node = snapshot.nodes[n];
    if (!node) break;
    path.push(signatureOf(node.tag, node.hint));
  }
  return path.join('<');
}

/**
 * Slots the structural stages removed in every card they kept part of (and never kept there): the card's own
 * boilerplate (category labels, bylines, "read more"), not to be brought back in the other cards. Empty when no
 * card was kept at all, so a listing the structural stages missed entirely comes back whole.
 */
export function slotsDroppedInKeptCards(snapshot: PageSnapshot, record: DecisionRecord, blocks: readonly Block[], memberOf: Int32Array): Set<string> {
  const keptCards = new Set<number>();
  for (const block of blocks) if (memberOf[block.id] >= 0 && isKept(record, block.id)) keptCards.add(memberOf[block.id]);
  const kept = new Set<string>();
  const dropped = new Set<string>();
  for (const block of blocks) {
    const card = memberOf[block.id];
    if (card < 0 || !keptCards.has(card)) continue;
    (isKept(record, block.id) ? kept : dropped).add(slotOf(snapshot, block, card));
  }
  for (const slot of kept) dropped.delete(slot);
  return dropped;
}


/** A label or control repeated by the cards counts when at least this many cards, and half the cards, carry it. */
export const REPEATED_LABEL_MIN_CARDS = 3;

/**
 * Blocks that are labels or controls every card repeats: the same text in the same slot in at least
 * `REPEATED_LABEL_MIN_CARDS` cards and half of all cards ("Brand Name" and "Price" in a card's list of details,
 * "Add to favorites", "Quick view"). An item's own name, price and description differ from card to card.
 */
export function repeatedCardLabels(snapshot: PageSnapshot, blocks: readonly Block[], memberOf: Int32Array, cards: number): Set<number> {
  const byKey = new Map<string, { cards: Set<number>; blocks: number[] }>();
  for (const block of blocks) {
    const card = memberOf[block.id];
    if (card < 0) continue;
    const key = `${slotOf(snapshot, block, card)}\n${block.text.toLowerCase()}`;
    let entry = byKey.get(key);
    if (!entry) byKey.set(key, (entry = { cards: new Set(), blocks: [] }));
    entry.cards.add(card);
    entry.blocks.push(block.id);
  }
  const labels = new Set<number>();
  for (const entry of byKey.values()) {
    if (entry.cards.size >= Math.max(REPEATED_LABEL_MIN_CARDS, cards / 2)) for (const id of entry.blocks) labels.add(id);
  }
  return labels;
}
