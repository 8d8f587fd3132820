import { blockLinkShare } from '../boilerplate/page-view';
import type { RemovalCause } from '../decisions/causes';
import type { Block, PageSnapshot } from '../snapshot/types';

/**
 * Pieces the page-type profiles drop, each with the words a reader sees. Short blocks only: a paragraph that
 * happens to say "reply" is content.
 */
export interface BoilerplateMatch {
  what: string;
  /** The specific cause; the profile's own when no named cause fits. */
  cause: RemovalCause;
}

const SHORT = 120;

const LOGIN = /\b(log ?in|sign ?in|sign ?up|register( now)?|create (an|your) account|forgot (your )?password|remember me|you must be logged in|join (the|our) (community|forum|discussion))\b/i;
const POST_ACTION = /^(?:(?:reply|quote|multi-?quote|report|share|like|unlike|upvote|downvote|vote|flag|edit|delete|permalink|link|thanks?|helpful\??|yes|no|bookmark|follow|\+\d+|-\d+|\d+ ?(?:likes?|votes?|points?|replies|thanks)?|[|·•])(?:\s+|$))+$/i;
const PAGINATION = /^(?:(?:«|‹|<|>|›|»|prev(?:ious)?(?: page)?|next(?: page)?|first|last|page|of|\d+|\.\.\.|…|[|·•-])(?:\s+|$))+$/i;
const FILTER_TEXT = /^(sort by|sort|filter|filters|refine|show \d+|showing \d+|results? per page|view as|grid|list|\d+ (results|products|items))\b/i;

const POST_ACTION_PHRASE = /^(improve this (answer|question)|add a comment|show \d+ more comments?|click to (expand|shrink)\.{0,3}|reply with quote|report (this )?(post|comment)|share (this )?(post|answer|question|link)|follow (this )?(question|thread)|(like|thanks|reactions?)( \d+)?|#\d+|permalink)\W*$/i;
/** Member details beside a post: join date, message count, reaction score (the author's name stays). */
const USER_STATS_TEXT = /^(joined|messages|posts|reaction score|points|location|age|reputation|likes( received)?|trophies|member since|threads|gender|country|state|city|reason|diagnosis|rep power|thanks( given| received)?)\b/i;
const USER_INFO_HINT = /\b(message-userextras|userextras|user-?extras|user-?stats|userstats|postprofile|member-?stats|pairs--justified|postbit-?details|user-?blurb|usertitle|user-?title|message-usertitle|user-?banner|userbanner)\b/;
const NO_WORDS = /^[^\p{L}\p{N}]*$/u;
const SIGNATURE_HINT = /\b(signature|sig|postsig|user-?sig)\b/;
const VOTE_HINT = /\b(vote|votes|voting|score|karma|reputation|likes?)\b/;
const FILTER_HINT = /\b(filters?|facets?|sort(ing|-by)?|refine|toolbar)\b/;
const PAGINATION_HINT = /\b(pagination|pager|paging|page-numbers|nav-links)\b/;
const LOGIN_HINT = /\b(login|log-in|signin|sign-in|register|auth|loginform)\b/;

/** Hints of the block's node and its ancestors, joined (the nearest first). */
export function ancestry(snapshot: PageSnapshot, block: Block, stopAt = -1): { hints: string; tags: string[] } {
  const hints: string[] = [];
  const tags: string[] = [];
  for (let n = block.node; n > 0 && n !== stopAt; n = snapshot.nodes[n]?.parent ?? -1) {
    const node = snapshot.nodes[n];
    if (!node) break;
    hints.push(node.hint);
    tags.push(node.tag);
  }
  return { hints: hints.join(' | '), tags };
}

/** Forum and Q&A pieces: login prompts, post actions, vote widgets, signatures. */
export function forumBoilerplate(snapshot: PageSnapshot, block: Block): BoilerplateMatch | null {
  const text = block.text;
  const { hints, tags } = ancestry(snapshot, block);
  if (SIGNATURE_HINT.test(hints)) return { what: 'signature', cause: 'signature' };
  if (tags.includes('form') && LOGIN_HINT.test(hints)) return { what: 'login prompt', cause: 'login-prompt' };
  if (text.length > SHORT) return null;
  if (LOGIN.test(text) && (blockLinkShare(block) > 0.3 || text.length < 60 || LOGIN_HINT.test(hints))) return { what: 'login prompt', cause: 'login-prompt' };
  if (POST_ACTION.test(text) || POST_ACTION_PHRASE.test(text) || NO_WORDS.test(text)) return { what: 'post action (reply, report, vote)', cause: 'post-actions' };
  if (text.length <= 60 && (USER_INFO_HINT.test(hints) || (USER_STATS_TEXT.test(text) && block.kind === 'list-item'))) return { what: "member details beside a post (join date, message count)", cause: 'page-type-profile' };
  if (/^[\d\s+-]+$/.test(text) && VOTE_HINT.test(hints)) return { what: 'vote widget', cause: 'post-actions' };
  return null;
}

/** Listing and collection pieces: filter and sort bars, pagination. */
export function listingBoilerplate(snapshot: PageSnapshot, block: Block): BoilerplateMatch | null {
  if (block.text.length > SHORT) return null;
  const { hints } = ancestry(snapshot, block);
  if (PAGINATION.test(block.text) || (PAGINATION_HINT.test(hints) && blockLinkShare(block) > 0.5)) return { what: 'pagination', cause: 'pagination' };
  if (FILTER_TEXT.test(block.text) || FILTER_HINT.test(hints)) return { what: 'filter or sort bar', cause: 'filter-bar' };
  return null;
}
