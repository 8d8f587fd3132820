import { filterBar } from '../boilerplate/rules/filter-bar';
import { pagination } from '../boilerplate/rules/pagination';
import type { RemovalRule } from '../boilerplate/types';
import type { Decision, DecisionRecord } from '../decisions/types';
import type { PageSnapshot } from '../snapshot/types';
import type { PageType } from './model';
import { itemGroup, keepItems, profileName, type ProfileResult } from './profiles';
import type { PageRepeats } from './repeats';

/** What a listing or collection drops around its cards (the rules read the page as a listing: `itemsPage`). */
const LISTING_RULES: readonly RemovalRule[] = [pagination, filterBar];
const CARD_HINT = /\b(card|item|product|post|result|tile|entry|teaser|article)\b/;

/** Listing and collection pages: every repeated card, with the filter and sort bars and pagination around them gone. */
export function listingProfile(snapshot: PageSnapshot, record: DecisionRecord, type: PageType, repeats: PageRepeats): ProfileResult | null {
  const group = itemGroup(snapshot, repeats, 4, CARD_HINT);
  if (!group) return null;
  const decisions: Decision[] = [];
  keepItems(snapshot, record, type, group, LISTING_RULES, decisions, true);
  return { reason: `${profileName(type)}: all ${group.members.length} cards kept`, decisions };
}
