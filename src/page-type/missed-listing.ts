/** A listing the structural stages missed: a page whose cards hold several times the text the stages kept reads as a listing. */
import { decide, isKept } from '../decisions/record';
import type { DecisionRecord } from '../decisions/types';
import type { PageSnapshot } from '../snapshot/types';
import type { PageTypeSummary, StepNote } from './index';
import type { PageType } from './model';
import { ARTICLE_MIN_PROSE, textAmount } from '../text/prose';
import { cardGroup, listingDecisions, proseBesideCards } from './listing-profile';
import { profileName, type ProfileResult } from './profiles';
import { memberOfBlocks, pageRepeats, type PageRepeats, type RepeatedGroup } from './repeats';
import { TRAILING_LINKS } from './trailing-links';

/**
 * Missed cards: the structural stages kept no more than `MISSED_CARDS_KEPT_SHARE` of the cards' text and little
 * else (under `MISSED_CARDS_MAX_KEPT` characters: no article of their own), while the cards hold at least
 * `MISSED_CARDS_RATIO` times the text they kept. Then the page is a listing whatever the classifier said (a blog
 * index read as one article, a category page read as documentation). A shop's category page whose introduction the
 * structural stages found (thousands of characters) is left as it is: there the introduction is what a reader wants.
 * Tuned on wcxb-dev-sample.
 */
export const MISSED_CARDS_KEPT_SHARE = 0.1;
export const MISSED_CARDS_RATIO = 2;
export const MISSED_CARDS_MAX_KEPT = 2500;



/** Cards that are mostly link text (headlines): the share `trailing-links` reads as links to other stories. */
function isHeadlineList(snapshot: PageSnapshot, group: RepeatedGroup): boolean {
  const member = memberOfBlocks(snapshot, group);
  let text = 0;
  let links = 0;
  for (const block of snapshot.blocks) {
    if (member[block.id] < 0 || !block.visible) continue;
    text += block.text.length;
    links += block.linkTextLength;
  }
  return text > 0 && links / text >= TRAILING_LINKS.minLinkShare;
}

/**
 * A listing the structural stages missed, on a page of any type: they kept (almost) none of a group of repeated
 * cards that holds several times the text they kept. Null when the evidence is not there, or when the page is a
 * story beside the site's headlines: the classifier reads an article (`verdict`), the structural stages kept an
 * article's prose beside the cards (`ARTICLE_MIN_PROSE`, as the listing profile asks) and the cards are mostly links.
 */
export function missedListingProfile(snapshot: PageSnapshot, record: DecisionRecord, repeats: PageRepeats, verdict?: PageType): ProfileResult | null {
  // Most pages keep an article's worth of text: then no listing was missed, whatever their cards (asked first: cheap).
  let keptAmount = 0;
  for (const block of snapshot.blocks) {
    if (!block.visible || !isKept(record, block.id)) continue;
    keptAmount += textAmount(block.text);
    if (keptAmount >= MISSED_CARDS_MAX_KEPT) return null;
  }
  const group = cardGroup(snapshot, repeats);
  if (!group) return null;
  const member = memberOfBlocks(snapshot, group);
  let kept = 0;
  let cards = 0;
  let cardsKept = 0;
  for (const block of snapshot.blocks) {
    if (!block.visible) continue;
    const isIn = member[block.id] >= 0;
    const isKeptBlock = isKept(record, block.id);
    const amount = textAmount(block.text);
    if (isKeptBlock) kept += amount;
    if (isIn) cards += amount;
    if (isIn && isKeptBlock) cardsKept += amount;
  }
  if (cards === 0 || cardsKept > MISSED_CARDS_KEPT_SHARE * cards || cards < MISSED_CARDS_RATIO * kept || kept >= MISSED_CARDS_MAX_KEPT) return null;
  if (verdict === 'article' && isHeadlineList(snapshot, group) && proseBesideCards(snapshot, record, group) >= ARTICLE_MIN_PROSE) return null;
  const ratio = kept > 0 ? `${(cards / kept).toFixed(1)} times the text kept` : 'all the text';
  return {
    reason: `Listing: all ${group.members.length} cards kept (the structural stages kept none of them; they hold ${ratio})`,
    decisions: listingDecisions(snapshot, record, 'listing', group),
  };
}

/**
 * After the page type's own profile: when the listing profile did not run and the structural stages missed a listing
 * (`missedListingProfile`), keeps its cards; the summary then says so (its type stays the classifier's answer).
 */
export function missedListing(snapshot: PageSnapshot, record: DecisionRecord, summary: PageTypeSummary, log: StepNote[] = []): PageTypeSummary {
  if (summary.applied && summary.type === 'listing') return summary;
  const profile = missedListingProfile(snapshot, record, pageRepeats(snapshot), summary.type);
  if (!profile) return summary;
  for (const d of profile.decisions) decide(record, d);
  log.push({ detail: 'missed-listing', note: profile.reason });
  return summary.applied
    ? { ...summary, reason: `${summary.reason}; ${profile.reason}` }
    : { ...summary, label: profileName('listing'), applied: true, reason: profile.reason };
}
