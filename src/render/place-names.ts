/**
 * What a removed piece is when the engine could name it only by its place ("outside the article", "not part of the
 * main text"): the rules with the `names` role (author box, image caption, shop controls, teasers of other stories,
 * …) read the elements around it. Only the reader's words change: no decision, cause or reason is touched, so what
 * Pith keeps is the same with or without this. Pure; memoised per record and snapshot.
 */
import { isInside } from '../boilerplate/ancestry';
import { classifyBlock } from '../boilerplate/classify';
import { buildPageView, commonAncestor } from '../boilerplate/page-view';
import { NAMING_RULES } from '../boilerplate/rules';
import type { DecisionRecord } from '../decisions/types';
import type { Block, PageSnapshot } from '../snapshot/types';
import { hasNoCause, readerCause, type ReaderCause } from './vocabulary';

/** Causes that say where a piece was, not what it is. */
export const PLACE_ONLY_CAUSES: ReadonlySet<string> = new Set(['outside-container', 'page-type-profile']);

/** How many elements up from a heading its section may reach (a heading and its list share a parent or two). */
const SECTION_STEPS = 3;

/**
 * Names of parts of a page a heading can head (a menu, comments, other stories, a form). Not names read from a
 * piece's own shape (a list of links, a date line, a caption): a heading over those may be the page's own title.
 */
const SECTION_CAUSES: ReadonlySet<ReaderCause> = new Set([
  'nav-menu', 'site-footer', 'sidebar', 'comment-section', 'related-content', 'customer-reviews', 'login-prompt',
  'newsletter-signup', 'advertisement', 'share-buttons', 'cookie-consent', 'table-of-contents', 'filter-bar',
  'overlay-panel', 'shop-widget', 'author-box', 'support-appeal', 'affiliate-notice', 'media-player', 'web-form',
  'legal-notice',
]);

/**
 * What a removed heading (not the page's title) no rule named heads: the named removal right after it, in the same part of the page
 * ("Latest insights" over a list of other stories is the title of that list).
 */
function sectionUnder(snapshot: PageSnapshot, record: DecisionRecord, names: ReadonlyMap<number, ReaderCause>, heading: Block): ReaderCause | null {
  let next: Block | undefined;
  for (let i = heading.id + 1; i < snapshot.blocks.length && !next; i++) if (snapshot.blocks[i]!.text.trim()) next = snapshot.blocks[i];
  const decision = next && record.decisions[next.id];
  if (!next || !decision || decision.kept) return null;
  const cause = names.get(next.id) ?? readerCause(decision, [next]);
  if (!SECTION_CAUSES.has(cause) || (!names.has(next.id) && hasNoCause(decision))) return null;
  let top = heading.node;
  for (let i = 0; i < SECTION_STEPS && (snapshot.nodes[top]?.parent ?? -1) > 0; i++) top = snapshot.nodes[top]!.parent;
  return isInside(snapshot, next.node, top) ? cause : null;
}

const memo = new WeakMap<DecisionRecord, WeakMap<PageSnapshot, ReadonlyMap<number, ReaderCause>>>();

/**
 * Block id → the reader's cause, for each removed block named only by its place, or by no stage at all (the reader's
 * fallback), that a naming rule recognises.
 */
export function placeNames(snapshot: PageSnapshot, record: DecisionRecord): ReadonlyMap<number, ReaderCause> {
  let bySnapshot = memo.get(record);
  if (!bySnapshot) memo.set(record, (bySnapshot = new WeakMap()));
  const known = bySnapshot.get(snapshot);
  if (known) return known;
  const names = new Map<number, ReaderCause>();
  const placeOnly = snapshot.blocks.filter((b) => {
    const decision = record.decisions[b.id];
    return decision && !decision.kept && ((decision.cause !== undefined && PLACE_ONLY_CAUSES.has(decision.cause)) || hasNoCause(decision));
  });
  if (placeOnly.length > 0) {
    const kept = snapshot.blocks.filter((b) => record.decisions[b.id]?.kept);
    const container = kept.length > 0 ? commonAncestor(snapshot, kept.map((b) => b.node)) : -1;
    const page = buildPageView(snapshot, container, kept.length);
    for (const block of placeOnly) {
      const named = classifyBlock(block, page, NAMING_RULES);
      if (named) names.set(block.id, named.cause as ReaderCause);
    }
    for (const block of placeOnly) {
      if (block.kind !== 'heading' || block.tag === 'h1' || names.has(block.id)) continue;
      const section = sectionUnder(snapshot, record, names, block);
      if (section) names.set(block.id, section);
    }
  }
  bySnapshot.set(snapshot, names);
  return names;
}
