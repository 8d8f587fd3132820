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
const CONSTANT_SLOT_MIN_CARDS = 3;

/**
 * Labels and controls every card repeats: a slot and text (`slot` + "\n" + lower-cased text) that at least
 * `CONSTANT_SLOT_MIN_CARDS` cards, and half of all cards, carry word for word ("Brand Name" and "Price" in a card's
 * list of details, "Add to favorites", "Quick view"). An item's own name, price and description differ from card to
 * card; the key of a block is `constantKey`.
 */
export function constantSlotTexts(snapshot: PageSnapshot, blocks: readonly Block[], memberOf: Int32Array, cards: number): Set<string> {
  const cardsWith = new Map<string, Set<number>>();
  for (const block of blocks) {
    const card = memberOf[block.id];
    if (card < 0) continue;
    const key = constantKey(snapshot, block, card);
    let seen = cardsWith.get(key);
    if (!seen) cardsWith.set(key, (seen = new Set()));
    seen.add(card);
  }
  const constant = new Set<string>();
  for (const [key, seen] of cardsWith) if (seen.size >= Math.max(CONSTANT_SLOT_MIN_CARDS, cards / 2)) constant.add(key);
  return constant;
}

export function constantKey(snapshot: PageSnapshot, block: Block, member: number): string {
  return `${slotOf(snapshot, block, member)}\n${block.text.toLowerCase()}`;
}
