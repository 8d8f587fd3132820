/**
 * Fields of repeated items: a kept block that sits in the same slot of at least `ITEM_FIELD_MIN_ITEMS` sibling
 * items (cards, offers, listing rows; see page-type/card-slots.ts) with a text that differs from item to item — the
 * booking dates of each hotel offer, the place and date of each listing, the price of each service. Such a line
 * is part of an item the structure kept, so SORE does not take it out on its own: it reads like a known
 * date or price line, but it is the item's data (outliers.ts keeps it unless it is all but identical to a known
 * boilerplate line). A slot whose text is the same in every item (digits aside) is a label the items repeat
 * ("Read more", "Posted by ann at 09:41 PM"), not a field, and SORE judges it as any other line.
 */
import { isKept } from '../decisions/record';
import type { DecisionRecord } from '../decisions/types';
import { slotOf } from '../page-type/card-slots';
import { pageRepeats } from '../page-type/repeats';
import type { PageSnapshot } from '../snapshot/types';
import { lineKey } from './line-shape';

/** A slot is a field when at least this many sibling items hold a kept block in it. */
export const ITEM_FIELD_MIN_ITEMS = 3;
/**
 * A line mostly of link text is not taken for a field: a card of links is how related stories and promotions come
 * ("Why do Iranians love Top Gear's Jeremy Clarkson?" under a news story), and those are SORE's to judge.
 */
export const ITEM_FIELD_MAX_LINK_SHARE = 0.5;
/** Ancestors of a block looked at for the item that holds it (a field sits a few elements inside its item). */
const MAX_ITEM_DEPTH = 6;

export interface ItemField {
  /** Sibling items that hold a kept block in this slot. */
  items: number;
}

interface SlotEntry {
  items: Set<number>;
  texts: Set<string>;
  blocks: number[];
}

/**
 * Kept blocks that are one field of a repeated item, by block id. An item is a member of a repeated sibling group
 * (page-type/repeats.ts) that holds the block below its own element (a block that is itself the repeated element,
 * such as one paragraph among many, is not a field of anything).
 */
export function repeatedItemFields(snapshot: PageSnapshot, record: DecisionRecord): Map<number, ItemField> {
  const groupOf = new Map<number, number>();
  pageRepeats(snapshot).groups.forEach((group, g) => {
    if (group.members.length < ITEM_FIELD_MIN_ITEMS) return;
    for (const member of group.members) if (!groupOf.has(member)) groupOf.set(member, g);
  });
  const slots = new Map<string, SlotEntry>();
  for (const block of snapshot.blocks) {
    if (!block.visible || !isKept(record, block.id) || block.text.trim() === '') continue;
    if (block.linkTextLength / block.text.length >= ITEM_FIELD_MAX_LINK_SHARE) continue;
    let n = snapshot.nodes[block.node]?.parent ?? -1;
    for (let depth = 0; n >= 0 && depth < MAX_ITEM_DEPTH; depth++, n = snapshot.nodes[n]?.parent ?? -1) {
      const g = groupOf.get(n);
      if (g === undefined) continue;
      const key = `${g}\n${slotOf(snapshot, block, n)}`;
      let entry = slots.get(key);
      if (!entry) slots.set(key, (entry = { items: new Set(), texts: new Set(), blocks: [] }));
      entry.items.add(n);
      entry.texts.add(lineKey(block.text));
      entry.blocks.push(block.id);
    }
  }
  const fields = new Map<number, ItemField>();
  for (const entry of slots.values()) {
    if (entry.items.size < ITEM_FIELD_MIN_ITEMS || entry.texts.size < 2) continue;
    for (const id of entry.blocks) {
      const known = fields.get(id);
      if (!known || known.items < entry.items.size) fields.set(id, { items: entry.items.size });
    }
  }
  return fields;
}
