/** The collection profile: filter, sort and page controls removed; the heading, introduction and item grids the structural stages dropped brought back. */
import { isInside, nearestEnclosing } from '../boilerplate/ancestry';
import { classifyBlock } from '../boilerplate/classify';
import { buildPageView, commonAncestor, type PageView } from '../boilerplate/page-view';
import { isKept } from '../decisions/record';
import type { Decision, DecisionRecord } from '../decisions/types';
import { passOn, type PassSwitches } from '../pipeline/passes';
import type { Block, PageSnapshot } from '../snapshot/types';
import { repeatedCardLabels } from './card-slots';
import { LISTING_RULES, PROSE_MAX_LINK_SHARE, UNNAMED_CAUSES } from './listing-profile';
import { inOverlayPanel } from './shop-parts';
import { drop, frameRemoved, inSiteNavigation, keep, type ProfileResult } from './profiles';
import { isMenuRun, pageRepeats, type RepeatedGroup } from './repeats';
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
