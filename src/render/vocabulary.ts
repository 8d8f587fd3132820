/**
 * The reader's words for Pith's decisions: what a removed piece is and the plain evidence ("Site menu: 12 links",
 * "Sign-up box: asks for your e-mail"). Used by the reader's tooltips and markers, "What was removed", the annotator
 * and the exports' human-readable summary. Never a tag, class name, stage name, score or model id: those stay in the
 * decision's `reason` (engine words), shown only behind "Details". Pure.
 */
import type { RemovalCause } from '../decisions/causes';
import type { Decision } from '../decisions/types';
import type { Block } from '../snapshot/types';

/* Evidence accessors: the only place the reader's words read `evidence` and `stage` (their shapes may change). */

/** The kind of evidence a decision carries ("structural-extractor", "lm-label", …). */
export function evidenceKind(decision: Decision): string {
  return decision.evidence.kind;
}

/** The rule a named-rule decision cites, if any. */
function evidenceRule(decision: Decision): RemovalCause | null {
  const evidence = decision.evidence as { kind: string; rule?: unknown };
  return evidence.kind === 'named-rule' && typeof evidence.rule === 'string' ? (evidence.rule as RemovalCause) : null;
}

/** Whether the reader's own correction made this decision. */
export function isUserDecision(decision: Decision): boolean {
  return decision.stage === 'user' || evidenceKind(decision) === 'user-correction';
}

/** What a run of removed blocks holds, counted for the evidence words. */
export interface PieceFacts {
  links: number;
  words: number;
  images: number;
  blocks: number;
}

/** Words of a text; a run of CJK characters counts one word per two characters (no spaces to split on). */
function wordCount(text: string): number {
  const cjk = text.match(/[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/g)?.length ?? 0;
  const spaced = text.replace(/[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/g, ' ').split(/\s+/).filter((w) => /\p{L}|\p{N}/u.test(w)).length;
  return spaced + Math.ceil(cjk / 2);
}

export function pieceFacts(blocks: readonly Pick<Block, 'text' | 'linkCount' | 'images'>[]): PieceFacts {
  let links = 0;
  let words = 0;
  let images = 0;
  for (const b of blocks) {
    links += b.linkCount;
    words += wordCount(b.text);
    images += b.images.length;
  }
  return { links, words, images, blocks: blocks.length };
}

function count(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
}

/** "12 links" when the piece is mostly links, else "40 words" (or "an image"). */
function sizeOf(f: PieceFacts): string {
  if (f.links >= 2 && f.links * 4 >= f.words) return count(f.links, 'link');
  if (f.words > 0) return count(f.words, 'word');
  if (f.images > 0) return f.images === 1 ? 'an image' : count(f.images, 'image');
  return 'no text';
}

/** A cause the reader names: every removal cause except the catch-all, which `readerCause` resolves. */
export type ReaderCause = Exclude<RemovalCause, 'stage-decided'>;

interface CauseWords {
  /** What the piece is, as a group heading would name one and many. */
  one: string;
  many: string;
  /** The plain evidence, from the piece's counts. */
  says(facts: PieceFacts): string;
}

const bySize = (f: PieceFacts): string => sizeOf(f);
const fixed = (words: string) => (): string => words;

const WORDS: Record<ReaderCause, CauseWords> = {
  'nav-menu': { one: 'Site menu', many: 'Site menus', says: bySize },
  'site-header': { one: 'Site header', many: 'Site headers', says: bySize },
  'site-footer': { one: 'Site footer', many: 'Site footers', says: bySize },
  sidebar: { one: 'Sidebar', many: 'Sidebars', says: bySize },
  'comment-section': { one: 'Comment section', many: 'Comment sections', says: (f) => count(f.words, 'word') },
  'related-content': { one: 'Links to other stories', many: 'Links to other stories', says: bySize },
  'customer-reviews': { one: 'Customer reviews', many: 'Customer reviews', says: (f) => count(f.words, 'word') },
  'login-prompt': { one: 'Sign-in box', many: 'Sign-in boxes', says: fixed('asks you to sign in or register') },
  'newsletter-signup': { one: 'Sign-up box', many: 'Sign-up boxes', says: fixed('asks for your e-mail') },
  advertisement: { one: 'Advertisement', many: 'Advertisements', says: bySize },
  'share-buttons': { one: 'Share buttons', many: 'Share buttons', says: bySize },
  'cookie-consent': { one: 'Cookie notice', many: 'Cookie notices', says: fixed('asks to store cookies') },
  breadcrumb: { one: 'Breadcrumb trail', many: 'Breadcrumb trails', says: bySize },
  pagination: { one: 'Page numbers', many: 'Page numbers', says: bySize },
  'duplicate-meta': { one: 'Byline repeated', many: 'Bylines repeated', says: fixed('already shown under the title') },
  'duplicate-title': { one: 'Title repeated', many: 'Titles repeated', says: fixed('already shown at the top') },
  'table-of-contents': { one: 'Table of contents', many: 'Tables of contents', says: bySize },
  'post-actions': { one: 'Post buttons', many: 'Post buttons', says: fixed('reply, share, report or vote') },
  signature: { one: 'Signature', many: 'Signatures', says: fixed('the author’s footer under a post') },
  'member-details': { one: 'Member details', many: 'Member details', says: fixed('badges, join date or post count') },
  'filter-bar': { one: 'Filter and sort bar', many: 'Filter and sort bars', says: bySize },
  'edit-link': { one: 'Edit link', many: 'Edit links', says: fixed('for the site’s editors') },
  'keyboard-help': { one: 'Keyboard help', many: 'Keyboard help', says: fixed('the site’s shortcut list') },
  'link-cluster': { one: 'List of links', many: 'Lists of links', says: bySize },
  'fixed-overlay': { one: 'Box over the page', many: 'Boxes over the page', says: fixed('stays on screen as you scroll') },
  hidden: { one: 'Hidden on the page', many: 'Hidden on the page', says: fixed('the page did not show it') },
  empty: { one: 'Empty space', many: 'Empty spaces', says: fixed('no text or image') },
  'outside-container': { one: 'Beside the article', many: 'Beside the article', says: bySize },
  'overlay-panel': { one: 'Pop-up panel', many: 'Pop-up panels', says: fixed('opens over the page') },
  'shop-widget': { one: 'Shop controls', many: 'Shop controls', says: fixed('cart, order form or wish list') },
  'page-type-profile': { one: 'Not part of the main text', many: 'Not part of the main text', says: bySize },
  'outlier-group': { one: 'Standard boilerplate', many: 'Standard boilerplate', says: fixed('a line sites repeat on many pages') },
  'far-from-core': { one: 'Off-topic text', many: 'Off-topic text', says: fixed('unlike the rest of the article') },
  'ill-formed-text': { one: 'Garbled text', many: 'Garbled text', says: fixed('reads like code or fragments, not sentences') },
  'lm-label': { one: 'Not the article', many: 'Not the article', says: fixed('judged so by deep clean') },
  'user-correction': { one: 'Your correction', many: 'Your corrections', says: fixed('you chose to remove this') },
  'author-box': { one: 'About the author', many: 'About the author', says: fixed('a note on who wrote it') },
  'image-caption': { one: 'Image caption', many: 'Image captions', says: fixed('the words beside a picture') },
  'affiliate-notice': { one: 'Shopping-link notice', many: 'Shopping-link notices', says: fixed('says the site may earn from its links') },
  'support-appeal': { one: 'Appeal for support', many: 'Appeals for support', says: fixed('asks you to donate or become a member') },
  'media-player': { one: 'Gallery or video player', many: 'Galleries and video players', says: fixed('its buttons, counters and slide captions') },
  'web-form': { one: 'Form', many: 'Forms', says: fixed('fields to fill in and their buttons') },
  'date-line': { one: 'Date line', many: 'Date lines', says: fixed('a date or time on its own') },
  'legal-notice': { one: 'Legal notice', many: 'Legal notices', says: fixed('copyright, disclaimer or terms') },
};

/** Share of link text at or above which an unnamed removal is a list of links. */
const LINK_LIST_SHARE = 0.5;

/** How the reader's cause was found: the stage named it, the evidence did, or neither (the reader's fallback). */
export type CauseSource = 'named' | 'evidence' | 'fallback';

const CAUSE_BY_EVIDENCE: Record<string, ReaderCause> = {
  'outlier-group': 'outlier-group',
  'far-from-core': 'far-from-core',
  'near-core': 'far-from-core',
  core: 'far-from-core',
  perplexity: 'ill-formed-text',
  'lm-label': 'lm-label',
  'fixed-overlay': 'fixed-overlay',
  hidden: 'hidden',
  'link-dense': 'link-cluster',
};

/** Whether no stage, rule or evidence named this removal: the reader's fallback would name it by place or links. */
export function hasNoCause(decision: Decision): boolean {
  return (
    !decision.kept &&
    (decision.cause === undefined || decision.cause === 'stage-decided') &&
    !isUserDecision(decision) &&
    !evidenceRule(decision) &&
    CAUSE_BY_EVIDENCE[evidenceKind(decision)] === undefined
  );
}

/**
 * `readerCause`, with how the cause was found (the removed-causes tool measures the fallback's share). `placeName`
 * is what the piece is when the engine named it only by its place (`placeNames` in place-names.ts).
 */
export function readerCauseWithSource(decision: Decision, blocks: readonly Pick<Block, 'text' | 'linkTextLength'>[] = [], placeName?: ReaderCause): { cause: ReaderCause; source: CauseSource } {
  const mostlyLinks = (): boolean => {
    const text = blocks.reduce((n, b) => n + b.text.length, 0);
    return text > 0 && blocks.reduce((n, b) => n + b.linkTextLength, 0) / text >= LINK_LIST_SHARE;
  };
  if (placeName && (decision.cause === 'outside-container' || decision.cause === 'page-type-profile' || hasNoCause(decision))) return { cause: placeName, source: 'evidence' };
  // "Beside the article" says where a piece was, not what it is: a piece that is mostly links is a list of links.
  if (decision.cause === 'outside-container') return mostlyLinks() ? { cause: 'link-cluster', source: 'evidence' } : { cause: 'outside-container', source: 'named' };
  if (decision.cause && decision.cause !== 'stage-decided') return { cause: decision.cause, source: 'named' };
  if (isUserDecision(decision)) return { cause: 'user-correction', source: 'named' };
  const rule = evidenceRule(decision);
  if (rule && rule !== 'stage-decided') return { cause: rule, source: 'named' };
  const byEvidence = CAUSE_BY_EVIDENCE[evidenceKind(decision)];
  if (byEvidence) return { cause: byEvidence, source: 'evidence' };
  return { cause: mostlyLinks() ? 'link-cluster' : 'outside-container', source: 'fallback' };
}

/**
 * The cause the reader groups a removal under. A decision whose stage named no cause is named by its evidence
 * (semantic verdicts, deep clean, links), else it is text beside the article: the reader never shows a catch-all.
 */
export function readerCause(decision: Decision, blocks: readonly Pick<Block, 'text' | 'linkTextLength'>[] = [], placeName?: ReaderCause): ReaderCause {
  return readerCauseWithSource(decision, blocks, placeName).cause;
}

/** "Site menu" / "Site menus": what the pieces of a cause are. */
export function causeName(cause: ReaderCause, pieces = 1): string {
  return pieces === 1 ? WORDS[cause].one : WORDS[cause].many;
}

/** The plain evidence for a piece of `cause`: "12 links", "asks for your e-mail". */
export function causeEvidence(cause: ReaderCause, facts: PieceFacts): string {
  return WORDS[cause].says(facts);
}

/** What a removed piece is and why, as a reader reads it: "Site menu: 12 links". */
export function removalWords(decision: Decision | undefined, blocks: readonly Block[], placeName?: ReaderCause): string {
  if (!decision) return 'Removed: Pith could not tell what this is';
  const cause = readerCause(decision, blocks, placeName);
  return `${causeName(cause)}: ${causeEvidence(cause, pieceFacts(blocks))}`;
}

/** For a kept block: why it is in the article, in the reader's words. */
export function keptWords(decision: Decision | undefined): string {
  if (!decision) return 'Kept';
  return isUserDecision(decision) ? 'Kept: you chose to keep this' : 'Kept as part of the article';
}

/** A removed sentence inside a kept paragraph (the semantic pass), in the reader's words. */
export function sentenceWords(decision: Decision): string {
  const cause = readerCause(decision);
  return cause === 'outlier-group' ? 'Standard boilerplate sentence: a line sites repeat on many pages' : `${causeName(cause)}: ${causeEvidence(cause, { links: 0, words: 0, images: 0, blocks: 1 })}`;
}

/**
 * Block text for a short list entry with its words spaced: link-heavy blocks often run their links together
 * ("AlcoholLife SkillsWine"), which is split where a lower-case letter meets a capital that starts a word.
 */
export function spacedText(block: Pick<Block, 'text' | 'linkCount'>): string {
  const text = block.text.replace(/\s+/g, ' ').trim();
  return block.linkCount >= 2 ? text.replace(/(\p{Ll}{2})(\p{Lu}\p{Ll})/gu, '$1 · $2') : text;
}
