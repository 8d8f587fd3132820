import { isInside, } from '../boilerplate/ancestry';
import { commonAncestor, } from '../boilerplate/page-view';
import { rulesFor } from '../boilerplate/rules';
import type { RemovalRule } from '../boilerplate/types';
import { isKept } from '../decisions/record';
import type { Decision, DecisionRecord } from '../decisions/types';
import type { PageSnapshot } from '../snapshot/types';
import type { PageType } from './model';
import { itemGroup, keep, keepItems, profileName, type ProfileResult } from './profiles';
import { memberOfBlocks, nodeSignature, type PageRepeats, type RepeatedGroup } from './repeats';
import { ARTICLE_MIN_PROSE, PROSE_MAX_LINK_SHARE, PROSE_MIN_CHARS, textAmount } from '../text/prose';

/** What a listing or collection drops around its cards (the rules read the page as a listing: `itemsPage`). */
export const LISTING_RULES: readonly RemovalRule[] = rulesFor('listing');
const CARD_HINT = /\b(card|item|product|post|result|tile|entry|teaser|article)\b/;
/** How far apart (elements up from each) the containers of one card family may sit: a grid cut into rows, an index cut by letter. */
const FAMILY_REACH = 4;

function ancestors(snapshot: PageSnapshot, node: number, steps: number): number[] {
  const out: number[] = [];
  for (let n = node; n >= 0 && out.length <= steps; n = snapshot.nodes[n]?.parent ?? -1) out.push(n);
  return out;
}

/**
 * The card group and the groups of the same cards in sibling containers (same card and container signatures, the
 * containers within `FAMILY_REACH` elements of a common ancestor), as one group under that ancestor.
 */
export function cardFamily(snapshot: PageSnapshot, repeats: PageRepeats, group: RepeatedGroup): RepeatedGroup {
  const parentSignature = nodeSignature(snapshot, group.parent);
  const near = new Set(ancestors(snapshot, group.parent, FAMILY_REACH));
  const family = repeats.groups.filter(
    (other) =>
      other === group ||
      (other.signature === group.signature &&
        nodeSignature(snapshot, other.parent) === parentSignature &&
        ancestors(snapshot, other.parent, FAMILY_REACH).some((n) => near.has(n))),
  );
  if (family.length === 1) return group;
  return {
    parent: commonAncestor(snapshot, family.map((g) => g.parent)),
    signature: group.signature,
    members: family.flatMap((g) => g.members).sort((a, b) => a - b),
    chars: family.reduce((sum, g) => sum + g.chars, 0),
  };
}

export function cardGroup(snapshot: PageSnapshot, repeats: PageRepeats): RepeatedGroup | null {
  const group = itemGroup(snapshot, repeats, 4, CARD_HINT);
  return group && cardFamily(snapshot, repeats, group);
}

/** Share of a group's members that hold a heading: cards have titles, a run of paragraphs or links has none. */
function titledShare(snapshot: PageSnapshot, group: RepeatedGroup): number {
  const member = memberOfBlocks(snapshot, group);
  const titled = new Set<number>();
  for (const block of snapshot.blocks) if (block.visible && block.kind === 'heading' && member[block.id] >= 0) titled.add(member[block.id]);
  return titled.size / group.members.length;
}

/**
 * The other sections of titled cards on a listing (a news front with a section per topic): groups of at least
 * `SECTION_MIN_MEMBERS` cards, most of them with a title, outside the main group and the site's navigation, each with
 * at least `SECTION_MIN_SHARE` of the main group's text.
 */
function cardSections(snapshot: PageSnapshot, repeats: PageRepeats, main: RepeatedGroup): RepeatedGroup[] {
  const sections: RepeatedGroup[] = [];
  const taken = [main];
  let candidates = repeats.groups;
  for (;;) {
    candidates = candidates.filter((g) => !taken.some((t) => t.members.some((m) => isInside(snapshot, g.parent, m) || isInside(snapshot, m, g.parent)) || t.parent === g.parent));
    const next = itemGroup(snapshot, { ...repeats, groups: candidates }, SECTION_MIN_MEMBERS, CARD_HINT);
    if (!next || next.chars < SECTION_MIN_SHARE * main.chars) return sections;
    taken.push(next);
    if (titledShare(snapshot, next) >= 0.5) sections.push(next);
  }
}
const SECTION_MIN_MEMBERS = 3;
const SECTION_MIN_SHARE = 0.2;

export function listingDecisions(snapshot: PageSnapshot, record: DecisionRecord, type: PageType, group: RepeatedGroup): Decision[] {
  const decisions: Decision[] = [];
  const member = keepItems(snapshot, record, type, group, LISTING_RULES, decisions, true);
  decisions.push(...headingsAmongItems(snapshot, record, type, group, member));
  return decisions;
}

/**
 * The headings that sit beside the items in their own container, from the one right above the first item to the
 * last item (a category's title and the "Shop by category" over its links): they title the items, and the
 * structural stages dropped them only because they chose none of the items. Headings that a named rule removed
 * stay out.
 */
function headingsAmongItems(snapshot: PageSnapshot, record: DecisionRecord, type: PageType, group: RepeatedGroup, member: Int32Array): Decision[] {
  const first = member.findIndex((m) => m >= 0);
  const last = member.findLastIndex((m) => m >= 0);
  const decisions: Decision[] = [];
  for (let i = Math.max(0, first - 1); first >= 0 && i <= last; i++) {
    const block = snapshot.blocks[i];
    if (!block.headingLevel || !block.visible || !block.text || member[i] >= 0 || isKept(record, i)) continue;
    if (snapshot.nodes[block.node]?.parent !== group.parent || !UNNAMED_CAUSES.has(record.decisions[i]?.cause)) continue;
    decisions.push(keep(i, `${profileName(type)}: a heading among its ${group.members.length} repeated items`));
  }
  return decisions;
}

/** Characters (in Latin equivalents) of kept prose outside the group's cards. */
export function proseBesideCards(snapshot: PageSnapshot, record: DecisionRecord, group: RepeatedGroup): number {
  const member = memberOfBlocks(snapshot, group);
  let prose = 0;
  for (const block of snapshot.blocks) {
    if (!block.visible || block.kind !== 'text' || member[block.id] >= 0 || !isKept(record, block.id)) continue;
    if (block.text.length < PROSE_MIN_CHARS || block.linkTextLength / block.text.length > PROSE_MAX_LINK_SHARE) continue;
    prose += textAmount(block.text);
  }
  return prose;
}

/** Listing and collection pages: every repeated card, with the filter and sort bars and pagination around them gone. */
export function listingProfile(snapshot: PageSnapshot, record: DecisionRecord, type: PageType, repeats: PageRepeats): ProfileResult | null {
  const group = cardGroup(snapshot, repeats);
  if (!group) return null;
  const article = proseBesideCards(snapshot, record, group);
  if (article >= ARTICLE_MIN_PROSE) {
    return { reason: `${profileName(type)}: left as read (an article of ${article} characters of prose beside its ${group.members.length} cards)`, decisions: [] };
  }
  const decisions = listingDecisions(snapshot, record, type, group);
  const sections = titledShare(snapshot, group) >= 0.5 ? cardSections(snapshot, repeats, group) : [];
  for (const section of sections) decisions.push(...listingDecisions(snapshot, record, type, section));
  const more = sections.length > 0 ? ` and ${sections.reduce((n, g) => n + g.members.length, 0)} in ${sections.length} more sections` : '';
  return { reason: `${profileName(type)}: all ${group.members.length} cards kept${more}`, decisions };
}

/** Causes that say only "not in the part the structural stages chose": the lead under a page heading may come back. */
export const UNNAMED_CAUSES = new Set<string | undefined>([undefined, 'outside-container', 'stage-decided']);
