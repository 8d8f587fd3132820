import { isInside, nearestEnclosing } from '../boilerplate/ancestry';
import { classifyBlock } from '../boilerplate/classify';
import { buildPageView, commonAncestor, type PageView } from '../boilerplate/page-view';
import { rulesFor } from '../boilerplate/rules';
import type { RemovalRule } from '../boilerplate/types';
import { decide, isKept } from '../decisions/record';
import type { Decision, DecisionRecord } from '../decisions/types';
import { passOn, type PassSwitches } from '../pipeline/passes';
import type { Block, PageSnapshot } from '../snapshot/types';
import type { PageTypeSummary, StepNote } from './index';
import type { PageType } from './model';
import { repeatedCardLabels } from './card-slots';
import { inOverlayPanel } from './shop-parts';
import { drop, frameRemoved, inSiteNavigation, itemGroup, keep, keepItems, profileName, type ProfileResult } from './profiles';
import { isMenuRun, memberOfBlocks, nodeSignature, pageRepeats, type PageRepeats, type RepeatedGroup } from './repeats';

/** What a listing or collection drops around its cards (the rules read the page as a listing: `itemsPage`). */
const LISTING_RULES: readonly RemovalRule[] = rulesFor('listing');
const CARD_HINT = /\b(card|item|product|post|result|tile|entry|teaser|article)\b/;
/** How far apart (elements up from each) the containers of one card family may sit: a grid cut into rows, an index cut by letter. */
const FAMILY_REACH = 4;

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

function cardGroup(snapshot: PageSnapshot, repeats: PageRepeats): RepeatedGroup | null {
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

function listingDecisions(snapshot: PageSnapshot, record: DecisionRecord, type: PageType, group: RepeatedGroup): Decision[] {
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

/**
 * An article beside a card grid (a news story with a column of headlines, a post with "more stories"): when the
 * structural stages kept at least `ARTICLE_MIN_PROSE` characters of prose outside the cards, the page is that
 * article and the cards are its surroundings. Listings' own introductions on wcxb-dev-sample stay under 300.
 */
export const ARTICLE_MIN_PROSE = 1200;
/** A paragraph of prose: a sentence or more, mostly not link text. */
const PROSE_MIN_CHARS = 80;
const PROSE_MAX_LINK_SHARE = 0.3;

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

/** The most blocks an introduction above a collection's items brings back (a heading and a few paragraphs). */
const INTRODUCTION_MAX_BLOCKS = 6;
const INTRODUCTION_MIN_PROSE = 40;

/**
 * The collection's heading and introduction when the structural stages took only its items: the headings and prose
 * right above the first kept block, inside the element that holds the items' container (filter and sort bars
 * between them are skipped, not kept).
 */
function introductionAbove(snapshot: PageSnapshot, record: DecisionRecord, page: PageView, removed: ReadonlySet<number>): Decision[] {
  const kept = snapshot.blocks.filter((b) => b.visible && b.text && isKept(record, b.id) && !removed.has(b.id));
  if (kept.length === 0) return [];
  const container = commonAncestor(snapshot, kept.map((b) => b.node));
  const holder = snapshot.nodes[container]?.parent ?? -1;
  if (holder < 0) return [];
  const decisions: Decision[] = [];
  for (let i = kept[0].id - 1; i >= 0 && decisions.length < INTRODUCTION_MAX_BLOCKS; i--) {
    const block = snapshot.blocks[i];
    if (!isInside(snapshot, block.node, holder)) break;
    if (!block.visible || !block.text || isKept(record, block.id)) continue;
    if (classifyBlock(block, page, LISTING_RULES)) continue;
    const linkShare = block.linkTextLength / Math.max(1, block.text.length);
    const prose = block.text.length >= INTRODUCTION_MIN_PROSE && linkShare < PROSE_MAX_LINK_SHARE;
    if (block.headingLevel || prose) decisions.push(keep(block.id, 'Collection: the heading and introduction right above its items'));
  }
  return decisions.reverse();
}

/** Causes that say only "not in the part the structural stages chose": the lead under a page heading may come back. */
const UNNAMED_CAUSES = new Set<string | undefined>([undefined, 'outside-container', 'stage-decided']);
/** Causes that name the heading itself, not the text under it: skipped, and the lead read on past them. */
const TITLE_CAUSES = new Set<string | undefined>(['duplicate-title', 'duplicate-meta']);
/** The most blocks read after the page heading while looking for its lead, and the most brought back. */
const LEAD_MAX_SCANNED = 12;
const LEAD_MAX_KEPT = 8;

/** The page's heading (a block id) and the first block the structural stages kept below it. */
interface HeadingSpan {
  heading: number;
  firstKept: number;
}

/**
 * The page's first level-1 heading that no named rule removed as the site's chrome, when the structural stages kept
 * nothing above it; null when they kept nothing or there is no such heading.
 */
function headingAboveKept(snapshot: PageSnapshot, record: DecisionRecord, removed: ReadonlySet<number>): HeadingSpan | null {
  const blocks = snapshot.blocks;
  const firstKept = blocks.findIndex((b) => b.visible && b.text && isKept(record, b.id) && !removed.has(b.id));
  if (firstKept < 0) return null;
  const heading = blocks.findIndex((b, i) => i < firstKept && b.visible && !b.fixed && b.headingLevel === 1 && b.text && !inSiteChrome(record, b.id));
  return heading < 0 ? null : { heading, firstKept };
}

/** A grid of items: at least this many sibling cards of one signature. */
const GRID_MIN_CARDS = 4;

/** The cards of the page's item grids (their nodes), each with its grid. */
function gridCards(snapshot: PageSnapshot): Map<number, RepeatedGroup> {
  const groupOfCard = new Map<number, RepeatedGroup>();
  for (const group of pageRepeats(snapshot).groups) {
    if (group.members.length < GRID_MIN_CARDS || isMenuRun(group)) continue;
    for (const card of group.members) if (!groupOfCard.has(card)) groupOfCard.set(card, group);
  }
  return groupOfCard;
}

/** The node of the grid card (one of `gridCards(snapshot)`) that holds `block`, or -1. */
function cardAround(snapshot: PageSnapshot, cards: ReadonlyMap<number, RepeatedGroup>, block: Block): number {
  return nearestEnclosing(snapshot, block.node, 'page-type:grid-card', () => (node) => cards.has(node.id));
}

const CARD_TITLE_REASON = 'Collection: the title of one of its items, whose other text is kept (a link, as every item\'s title is)';
/** Titles are brought back in a grid where at least this share of the kept cards lost one (not a lone promotion's link). */
const TITLED_CARDS_MIN_SHARE = 0.5;

/** Dropped by the link-cluster pass and by nothing more specific (a share or menu link that a named rule recognised stays out). */
function isLinkClusterOnly(decision: Decision | undefined): boolean {
  return decision?.evidence.kind === 'link-dense' && (decision.cause === undefined || decision.cause === 'link-cluster');
}

function countBy<T, K>(items: Iterable<T>, key: (item: T) => K): Map<K, number> {
  const counts = new Map<K, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

/**
 * The titles of the items the structural stages kept: inside a layout container Pith drops short blocks that are all
 * link text (a share bar, a tag list), and an item's title is such a block. Brought back where the same card's text
 * after it is kept, in a grid where most kept cards lost such a block, each with a text of its own.
 */
function titlesOfKeptCards(snapshot: PageSnapshot, record: DecisionRecord, removed: ReadonlySet<number>): Decision[] {
  const linkOnly = snapshot.blocks.filter((b) => b.visible && b.text && isLinkClusterOnly(record.decisions[b.id]));
  if (linkOnly.length === 0) return [];
  const cards = gridCards(snapshot);
  const lastKept = new Map<number, number>(); // card → its last kept block
  for (const block of snapshot.blocks) {
    if (!block.visible || !block.text || !isKept(record, block.id) || removed.has(block.id)) continue;
    const card = cardAround(snapshot, cards, block);
    if (card >= 0) lastKept.set(card, block.id);
  }
  // A title names one item; a link that several cards repeat ("Quick view", "Compare") is a control.
  const uses = countBy(linkOnly, (b) => b.text);
  const titles = new Map<number, Block>(); // card → its title
  for (const b of linkOnly) {
    const card = cardAround(snapshot, cards, b);
    // A title heads its item; a link after the item's text is its call to action ("Join now").
    if (uses.get(b.text) === 1 && b.id < (lastKept.get(card) ?? -1) && !titles.has(card)) titles.set(card, b);
  }
  const keptPerGrid = countBy(lastKept.keys(), (card) => cards.get(card));
  const titledPerGrid = countBy(titles.keys(), (card) => cards.get(card));
  return [...titles]
    .filter(([card]) => titledPerGrid.get(cards.get(card))! >= TITLED_CARDS_MIN_SHARE * keptPerGrid.get(cards.get(card))!)
    .map(([, b]) => keep(b.id, CARD_TITLE_REASON));
}
const GRID_REASON = 'Collection: one of the items between the page heading and its text';

/**
 * The item grids between the collection's heading and what the structural stages kept further down (a shop's category
 * page whose buying guide sits at its foot: they took the guide and left the category tiles and product carousels
 * between it and the heading): the blocks of repeated cards there that no named rule removed, minus the labels and
 * buttons every card of a grid repeats. Blocks not inside a card (banners, a lone promotion) stay out.
 */
function gridsUnderHeading(snapshot: PageSnapshot, record: DecisionRecord, page: PageView, span: HeadingSpan | null): Decision[] {
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

/**
 * The collection's heading and the introduction under it when the structural stages took something further down (the
 * items, or a text at the foot of the page): the page's first level-1 heading that no named rule removed as the
 * site's chrome, and the headings and prose after it (a breadcrumb or menu between them skipped), up to the first kept
 * block or filter or sort bar (at most `LEAD_MAX_SCANNED` blocks read: an item grid right under the heading ends it).
 */
function leadUnderHeading(snapshot: PageSnapshot, record: DecisionRecord, page: PageView, span: HeadingSpan | null): Decision[] {
  if (!span) return [];
  const { heading, firstKept } = span;
  const blocks = snapshot.blocks;
  const decisions: Decision[] = [];
  const lead = 'Collection: the page heading and the introduction under it';
  if (!TITLE_CAUSES.has(record.decisions[heading]?.cause)) decisions.push(keep(heading, lead));
  for (let i = heading + 1, scanned = 0; i < firstKept && scanned < LEAD_MAX_SCANNED && decisions.length < LEAD_MAX_KEPT; i++) {
    const block = blocks[i];
    if (!block.visible || !block.text) continue;
    scanned++;
    const cause = record.decisions[block.id]?.cause;
    if (cause === 'filter-bar' || cause === 'pagination' || classifyBlock(block, page, LISTING_RULES)) break;
    if (!UNNAMED_CAUSES.has(cause)) continue; // a breadcrumb or menu between the heading and its text
    const linkShare = block.linkTextLength / block.text.length;
    const prose = block.text.length >= INTRODUCTION_MIN_PROSE && linkShare < PROSE_MAX_LINK_SHARE;
    if (block.headingLevel || prose) decisions.push(keep(block.id, lead));
  }
  return decisions;
}

/**
 * The blocks to bring back minus those whose text is kept already or brought back once: a responsive page repeats its
 * heading and introduction for phones and for desktops, and the reader should show them once.
 */
function withoutRepeats(snapshot: PageSnapshot, record: DecisionRecord, removed: ReadonlySet<number>, restore: Decision[]): Decision[] {
  const shown = new Set<string>();
  for (const block of snapshot.blocks) if (block.visible && block.text && isKept(record, block.id) && !removed.has(block.id)) shown.add(block.text);
  return restore.filter((d) => {
    const text = snapshot.blocks[d.block].text;
    if (shown.has(text)) return false;
    shown.add(text);
    return true;
  });
}

/** A block a named rule removed as the site's frame (its header, menus, footer, sidebars, overlays). */
function inSiteChrome(record: DecisionRecord, block: number): boolean {
  const cause = record.decisions[block]?.cause;
  return !UNNAMED_CAUSES.has(cause) && !TITLE_CAUSES.has(cause);
}

/**
 * Collection pages (a shop's category): what the structural stages kept stays, since there the introduction is what
 * readers (and the dev set's truth) want more than the product grid; only the filter and sort bars and pagination go.
 */
export function collectionProfile(snapshot: PageSnapshot, record: DecisionRecord, passes?: PassSwitches): ProfileResult {
  const page = buildPageView(snapshot, -1, 0, true);
  const decisions: Decision[] = [];
  let menus = 0;
  let panels = 0;
  for (const block of snapshot.blocks) {
    if (!isKept(record, block.id) || !block.text) continue;
    const match = classifyBlock(block, page, LISTING_RULES);
    if (match) decisions.push(drop(block, match, 'collection'));
    else if (inSiteNavigation(snapshot, block)) {
      // A shop's mega menu that the structural extractor kept with the items (it is a list of links too).
      decisions.push(drop(block, { cause: 'nav-menu', evidence: "in the site's navigation" }, 'collection'));
      menus++;
    } else if (inOverlayPanel(snapshot, block)) {
      // A rewards or sign-in side sheet the shop opens over the grid, read in place on a page without its styles.
      decisions.push(drop(block, { cause: 'overlay-panel', evidence: 'in an element named as a dialog or side sheet' }, 'collection'));
      panels++;
    }
  }
  const removed = new Set(decisions.map((d) => d.block));
  const span = headingAboveKept(snapshot, record, removed);
  const restore = withoutRepeats(snapshot, record, removed, [
    ...(passOn(passes, 'collection:lead-under-heading') ? leadUnderHeading(snapshot, record, page, span) : []),
    // before the introduction above the kept text: a card's title is an item's
    ...(passOn(passes, 'collection:grids-under-heading') ? gridsUnderHeading(snapshot, record, page, span) : []),
    ...(passOn(passes, 'collection:introduction-above') ? introductionAbove(snapshot, record, page, removed) : []),
    ...(passOn(passes, 'collection:titles-of-kept-cards') ? titlesOfKeptCards(snapshot, record, removed) : []),
  ]);
  const items = restore.filter((d) => d.reason === GRID_REASON).length;
  const titles = restore.filter((d) => d.reason === CARD_TITLE_REASON).length;
  const introduction = restore.length - items - titles;
  const restored =
    (introduction > 0 ? `; its heading and introduction (${introduction} blocks) brought back` : '') +
    (items > 0 ? `; ${items} blocks of the item grids between its heading and its text brought back` : '') +
    (titles > 0 ? `; the titles of ${titles} kept items brought back` : '');
  const controls = `${decisions.length - menus - panels} filter, sort and page controls removed${frameRemoved({ menus, footer: 0 })}${panels ? `; ${panels} blocks of dialogs and side sheets removed` : ''}`;
  return { reason: `Collection: introduction and items kept as read${restored}; ${controls}`, decisions: [...restore, ...decisions] };
}

const DENSE_SCRIPT = /[\u1100-\u11ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/g;

/**
 * How much text a block holds, in Latin-character equivalents: a Han, Kana or Hangul character carries about a word,
 * so it counts 3 (a Chinese article of 1,000 characters is no short teaser).
 */
function textAmount(text: string): number {
  return text.length + 2 * (text.match(DENSE_SCRIPT)?.length ?? 0);
}

/**
 * A listing the structural stages missed, on a page of any type: they kept (almost) none of a group of repeated
 * cards that holds several times the text they kept. Null when the evidence is not there.
 */
export function missedListingProfile(snapshot: PageSnapshot, record: DecisionRecord, repeats: PageRepeats): ProfileResult | null {
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
  const profile = missedListingProfile(snapshot, record, pageRepeats(snapshot));
  if (!profile) return summary;
  for (const d of profile.decisions) decide(record, d);
  log.push({ detail: 'missed-listing', note: profile.reason });
  return summary.applied
    ? { ...summary, reason: `${summary.reason}; ${profile.reason}` }
    : { ...summary, label: profileName('listing'), applied: true, reason: profile.reason };
}
