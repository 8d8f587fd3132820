import type { RemovalCause } from '../decisions/causes';
import type { Block, SnapshotNode } from '../snapshot/types';
import type { PageView } from './page-view';

/** An element above a removed block, as the rules see it. */
export interface Region {
  node: SnapshotNode;
  /** Its id, class, role and itemtype words, lower-cased. */
  tokens: readonly string[];
  /** Share of the text beneath it that is link text, 0..1. */
  linkShare: number;
  /** Characters of text beneath it. */
  textLength: number;
  /** The first block beneath it (e.g. the heading that names a section), or undefined. */
  firstBlock: Block | undefined;
  /** Whether an <article> or <main> element encloses it (a <header> there is the article's own, not the site's). */
  inArticle: boolean;
}

/**
 * One named removal rule: what a piece of page is (navigation menu, cookie banner, …) and the evidence that says so.
 * `block` reads the removed block itself (its text, shape); `region` reads one of the elements around it, from the
 * nearest outwards. Each returns the evidence in words ("in <nav>, 100% links") or null.
 */
/**
 * Where a rule is asked: `explains` names the cause of a removal another stage made (src/boilerplate/explain.ts);
 * `decides` removes a kept block on its own evidence (the removal-rules stage); `listing` inside a listing's items;
 * `thread` inside a forum thread's posts; `names` only in the reader's words (NAMING_RULES, src/render/place-names.ts),
 * after every decision, for a removal the engine could name only by its place ("outside the article"): it decides nothing.
 */
export type RuleRole = 'explains' | 'decides' | 'listing' | 'thread' | 'names';

/** A rule's roles, each with its rank there: lower ranks are asked first, and the first rule that matches names the cause. */
export type RuleRoles = Partial<Record<RuleRole, number>>;

export interface RemovalRule {
  cause: RemovalCause;
  roles: RuleRoles;
  /** Its `block` test runs only after every element around the block was read (a date line inside comments is the comments'). */
  weak?: boolean;
  /** Its `region` test reads the block too (else it is asked once per element, with no block). */
  readsBlock?: boolean;
  /**
   * Its `region` test matches only an element with marks of its own (id/class/role/itemtype words, an aria-label, a
   * form): an element with none is not asked (most elements of a page have none, and every rule asked costs a call).
   */
  marksOnly?: boolean;
  /** Its `block` test also decides on headings (the title of what it removes); most rules leave headings alone. */
  decidesHeadings?: boolean;
  block?(block: Block, page: PageView): string | null;
  region?(region: Region, block: Block | undefined, page: PageView): string | null;
  /**
   * Its test in the `decides` role, when that is stricter than naming a removal's cause (`block`): the notice's own
   * wording rather than any sentence about cookies. Without it, `block` decides.
   */
  decidesBlock?(block: Block, page: PageView): string | null;
}

/**
 * How strictly a rule reads a piece: `page` on any page; `thread` inside a forum thread's posts (the forum profile),
 * where a bare "Share", a short "Register" line or a signature however deep in a post is boilerplate by itself.
 */
export type RuleStrictness = 'page' | 'thread';
