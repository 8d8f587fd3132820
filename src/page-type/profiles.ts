import { nodeEnclosedWhere } from '../boilerplate/ancestry';
import { classifyBlock, type Classification } from '../boilerplate/classify';
import { buildPageView } from '../boilerplate/page-view';
import { customerReviews } from '../boilerplate/rules/customer-reviews';
import { relatedContent } from '../boilerplate/rules/related-content';
import { siteFooter } from '../boilerplate/rules/site-footer';
import { REMOVAL_RULES } from '../boilerplate/rules';
import type { RemovalRule } from '../boilerplate/types';
import { causeLabel } from '../decisions/causes';
import { isKept } from '../decisions/record';
import type { Decision, DecisionRecord } from '../decisions/types';
import type { PassSwitches } from '../pipeline/passes';
import type { Block, PageSnapshot, SnapshotNode } from '../snapshot/types';
import type { PageType } from './model';
import { repeatedCardLabels, slotOf, slotsDroppedInKeptCards } from './card-slots';
import { collectionProfile } from './collection-profile';
import { listingProfile } from './listing-profile';
import { forumProfile, THREAD_RULES, type ForumPost } from './forum-profile';
import { productDataBlocks, type AddedBlocks } from './product-data';
import { inShopWidget } from './shop-parts';
import { inScreenReaderText } from './screen-reader-text';
import { isMenuRun, memberOfBlocks, pageRepeats, type PageRepeats, type RepeatedGroup } from './repeats';

export interface ProfileResult {
  /** e.g. "Forum thread: every post kept (6 posts)". */
  reason: string;
  decisions: Decision[];
  posts?: ForumPost[];
  /** Blocks the profile adds to the snapshot (a product's JSON-LD data the page hides), all kept. */
  added?: AddedBlocks;
}

/** Chrome outside the repeated items: site header, footer, navigation, sidebars, dialogs. */
const CHROME_TAGS = new Set(['nav', 'header', 'footer', 'aside', 'form', 'dialog']);
const CHROME_HINT = /\b(nav|navbar|navigation|menu|site-header|site-footer|masthead|footer|sidebar|breadcrumbs?|cookie|consent|modal|popup|dialog|newsletter|subscribe|social|share)\b/;

export function keep(block: number, reason: string): Decision {
  return { block, kept: true, stage: 'page-type', reason, evidence: { kind: 'page-type-profile' } };
}

export function drop(block: Block, { cause, evidence }: Classification, type: PageType): Decision {
  return {
    block: block.id,
    kept: false,
    stage: 'page-type',
    cause,
    reason: `${profileName(type)}: ${causeLabel(cause)} removed (${evidence})`,
    evidence: { kind: 'page-type-profile', found: evidence },
  };
}

export function profileName(type: PageType): string {
  return {
    article: 'Article',
    forum: 'Forum thread',
    product: 'Product page',
    service: 'Service page',
    listing: 'Listing',
    collection: 'Collection',
    documentation: 'Documentation',
  }[type];
}

const chromeTest = () => (node: SnapshotNode) => CHROME_TAGS.has(node.tag) || CHROME_HINT.test(node.hint);
/** The site's navigation and frame, where repeated columns are menus, not items (a <form> may wrap a whole page). */
const NAVIGATION_TAGS = new Set(['nav', 'header', 'footer', 'aside', 'dialog']);
const NAVIGATION_HINT = /\b(nav|navbar|navigation|mega-?menu|site-header|site-footer|masthead)\b/;
const navigationTest = () => (node: SnapshotNode) => NAVIGATION_TAGS.has(node.tag) || NAVIGATION_HINT.test(node.hint);

/** A site's menus: <nav>, role=navigation, mega menus (not <header>: a product's own title often sits in one). */
const SITE_NAVIGATION = /\b(navigation|mega-?menu|navbar)\b/;
const siteNavigationTest = () => (node: SnapshotNode) => node.tag === 'nav' || SITE_NAVIGATION.test(node.hint);

export function inSiteNavigation(snapshot: PageSnapshot, block: Block): boolean {
  return nodeEnclosedWhere(snapshot, block.node, 'page-type:site-navigation', siteNavigationTest);
}

export function isChrome(snapshot: PageSnapshot, block: Block): boolean {
  return nodeEnclosedWhere(snapshot, block.node, 'page-type:chrome', chromeTest);
}

/**
 * The repeated group that holds the items: the most text, favouring groups whose names say what they are; never one
 * inside the site's navigation or frame (a mega menu's columns repeat too).
 */
export function itemGroup(snapshot: PageSnapshot, repeats: PageRepeats, minMembers: number, preferred: RegExp | null): RepeatedGroup | null {
  let best: RepeatedGroup | null = null;
  let bestScore = 0;
  for (const group of repeats.groups) {
    if (group.members.length < minMembers) continue;
    if (isMenuRun(group)) continue;
    if (nodeEnclosedWhere(snapshot, group.parent, 'page-type:navigation', navigationTest)) continue;
    const named = preferred !== null && preferred.test(group.signature);
    const score = group.chars * (named ? 2 : 1);
    if (score > bestScore) {
      best = group;
      bestScore = score;
    }
  }
  return best;
}

/** Keeps every visible block inside the group's members (minus boilerplate) and drops boilerplate outside them. */
export function keepItems(
  snapshot: PageSnapshot,
  record: DecisionRecord,
  type: PageType,
  group: RepeatedGroup,
  rules: readonly RemovalRule[],
  decisions: Decision[],
  followKeptCards = false,
): Int32Array {
  const member = memberOfBlocks(snapshot, group);
  const candidates = snapshot.blocks.filter((b) => b.visible && b.text);
  const droppedSlots = followKeptCards ? slotsDroppedInKeptCards(snapshot, record, candidates, member) : new Set<string>();
  const labels = followKeptCards ? repeatedCardLabels(snapshot, candidates, member, group.members.length) : new Set<number>();
  const page = buildPageView(snapshot, -1, 0, type === 'listing' || type === 'collection');
  for (const block of candidates) {
    const match = classifyBlock(block, page, rules);
    const inside = member[block.id] >= 0;
    if (match && (inside || isKept(record, block.id))) decisions.push(drop(block, match, type));
    else if (inside && !isKept(record, block.id) && !droppedSlots.has(slotOf(snapshot, block, member[block.id])) && !labels.has(block.id)) {
      decisions.push(keep(block.id, `${profileName(type)}: one of the ${group.members.length} repeated items`));
    }
  }
  return member;
}

/** What a product page's sections hold besides the product: customer reviews, related and upsold products. */
const PRODUCT_EXTRAS = [customerReviews, relatedContent];
const SITE_FOOTER = [siteFooter];

/** A product card in a carousel: short (a name and a price), and mostly a link to another product. */
const CARD_MAX_CHARS = 100;
const CARD_MIN_LINK_SHARE = 0.5;

/**
 * The carousels of other products on a product page ("Complete the look", "More from this brand"): a repeated group
 * of four or more short members, each linking elsewhere, whatever its classes are called. Returns, per block, the
 * number of cards in its carousel (0 when it is in none).
 */
function productCarousels(snapshot: PageSnapshot, repeats: PageRepeats): Int32Array {
  const cards = new Int32Array(snapshot.blocks.length);
  for (const group of repeats.groups) {
    if (group.members.length < 4 || group.chars / group.members.length > CARD_MAX_CHARS) continue;
    const member = memberOfBlocks(snapshot, group);
    const linked = new Set<number>();
    let text = 0;
    let links = 0;
    for (const b of snapshot.blocks) {
      if (member[b.id] < 0 || !b.visible) continue;
      text += b.text.length;
      links += b.linkTextLength;
      if (b.linkTextLength > 0) linked.add(member[b.id]);
    }
    if (text === 0 || links / text < CARD_MIN_LINK_SHARE || linked.size < group.members.length) continue;
    for (const b of snapshot.blocks) if (member[b.id] >= 0) cards[b.id] = group.members.length;
  }
  return cards;
}

/** The site's frame a profile removed, as the end of its reason. */
export function frameRemoved({ menus, footer }: { menus: number; footer: number }): string {
  return (menus ? `; ${menus} blocks of the site's menus removed` : '') + (footer ? `; ${footer} blocks of the site's footer removed` : '');
}

/** Service and product pages: every visible content section outside the site's chrome, not only the first. */
export function sectionsProfile(snapshot: PageSnapshot, record: DecisionRecord, type: PageType): ProfileResult {
  const decisions: Decision[] = [];
  const page = buildPageView(snapshot, -1, 0);
  const carousels = type === 'product' ? productCarousels(snapshot, pageRepeats(snapshot)) : null;
  let added = 0;
  let extras = 0;
  const framed = { menus: 0, footer: 0 };
  for (const block of snapshot.blocks) {
    if (!block.visible || !block.text) continue;
    const extra = type === 'product' && classifyBlock(block, page, PRODUCT_EXTRAS);
    if (extra) {
      decisions.push({ block: block.id, kept: false, stage: 'page-type', cause: extra.cause, reason: `${profileName(type)}: ${causeLabel(extra.cause)} removed (${extra.evidence})`, evidence: { kind: 'page-type-profile', found: extra.evidence } });
      extras++;
      continue;
    }
    if (carousels && carousels[block.id] > 0) {
      if (isKept(record, block.id)) {
        decisions.push({ block: block.id, kept: false, stage: 'page-type', cause: 'related-content', reason: `Product page: ${causeLabel('related-content')} removed (one of ${carousels[block.id]} cards that link to other products)`, evidence: { kind: 'page-type-profile', found: `one of ${carousels[block.id]} cards that link to other products` } });
        extras++;
      }
      continue;
    }
    if (isKept(record, block.id)) {
      // The structural extractor sometimes keeps the site's menu with the product (a mega menu in the page's <nav>),
      // or the site's footer with its legal fine print (offer terms and test conditions under the footnote marks).
      const frame = type === 'product' && inSiteNavigation(snapshot, block)
        ? { cause: 'nav-menu' as const, evidence: "in the site's navigation" }
        : classifyBlock(block, page, SITE_FOOTER);
      if (frame) {
        decisions.push({ block: block.id, kept: false, stage: 'page-type', cause: frame.cause, reason: `${profileName(type)}: ${causeLabel(frame.cause)} removed (${frame.evidence})`, evidence: { kind: 'page-type-profile', found: frame.evidence } });
        if (frame.cause === 'nav-menu') framed.menus++;
        else framed.footer++;
      }
      continue;
    }
    if (block.fixed || isChrome(snapshot, block)) continue;
    // On a product page, text for screen readers only labels its gallery and shop controls; elsewhere it may name what
    // the layout shows (a chat's "You said:", a "Footnotes" heading) and is left to the other rules.
    if (type === 'product' && (inShopWidget(snapshot, block) || inScreenReaderText(snapshot, block))) continue;
    if (block.text.length < 200 && block.linkTextLength / block.text.length > 0.5) continue;
    // A service page's sections are the page's own; any piece a named rule recognises is not one of them. (On a
    // product page the broad rules would take its description for a header or sidebar: only the thread rules ask.)
    if (classifyBlock(block, page, type === 'service' ? REMOVAL_RULES : THREAD_RULES)) continue;
    decisions.push(keep(block.id, `${profileName(type)}: content section outside the first one`));
    added++;
  }
  if (type !== 'product') return { reason: `${profileName(type)}: every content section kept (${added} more blocks${frameRemoved(framed)})`, decisions };
  const verdicts = new Map(decisions.map((d) => [d.block, d.kept]));
  const data = productDataBlocks(snapshot, (b) => verdicts.get(b.id) ?? isKept(record, b.id));
  for (const block of data?.blocks ?? []) decisions.push(keep(block.id, "Product page: the product's own data (JSON-LD), which the article does not show otherwise"));
  const from = data ? `; ${data.blocks.length - 1} details from its JSON-LD` : '';
  const without = (extras ? `; ${extras} blocks of reviews and related products removed` : '') + frameRemoved(framed);
  return { reason: `Product page: name, description, specifications and price kept (${added} more blocks${from}${without})`, decisions, added: data ?? undefined };
}

/** The profile of a page type over the structural stages' record; null when the type has none or it found nothing to act on. */
export function profileDecisions(type: PageType, snapshot: PageSnapshot, record: DecisionRecord, passes?: PassSwitches): ProfileResult | null {
  const repeats = pageRepeats(snapshot);
  switch (type) {
    case 'forum':
      return forumProfile(snapshot, record, repeats);
    case 'listing':
      return listingProfile(snapshot, record, type, repeats);
    case 'collection':
      return collectionProfile(snapshot, record, passes);
    case 'service':
    case 'product':
      return sectionsProfile(snapshot, record, type);
    default:
      return null;
  }
}
