/** The collection profile: filter, sort and page controls removed; the heading, introduction and item grids the structural stages dropped brought back. */
import { isInside } from '../boilerplate/ancestry';
import { classifyBlock } from '../boilerplate/classify';
import { buildPageView, commonAncestor, type PageView } from '../boilerplate/page-view';
import { isKept } from '../decisions/record';
import type { Decision, DecisionRecord } from '../decisions/types';
import { passOn, type PassSwitches } from '../pipeline/passes';
import type { PageSnapshot } from '../snapshot/types';
import { PROSE_MAX_LINK_SHARE } from '../text/prose';
import { LISTING_RULES, UNNAMED_CAUSES } from './listing-profile';
import { GRID_REASON, gridsUnderHeading, type HeadingSpan } from './collection-grids';
import { inOverlayPanel } from './shop-parts';
import { drop, frameRemoved, inSiteNavigation, keep, type ProfileResult } from './profiles';

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
export const LEAD_MAX_SCANNED = 12;
export const LEAD_MAX_KEPT = 8;


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
  ]);
  const items = restore.filter((d) => d.reason === GRID_REASON).length;
  const introduction = restore.length - items;
  const restored =
    (introduction > 0 ? `; its heading and introduction (${introduction} blocks) brought back` : '') +
    (items > 0 ? `; ${items} blocks of the item grids between its heading and its text brought back` : '');
  const controls = `${decisions.length - menus - panels} filter, sort and page controls removed${frameRemoved({ menus, footer: 0 })}${panels ? `; ${panels} blocks of dialogs and side sheets removed` : ''}`;
  return { reason: `Collection: introduction and items kept as read${restored}; ${controls}`, decisions: [...restore, ...decisions] };
}
