import type { Block } from '../../snapshot/types';
import { enclosingHint } from '../ancestry';
import type { PageView } from '../page-view';
import type { RemovalRule, RuleStrictness } from '../types';
import { describeElement, quoted, wordMatcher } from '../words';

const WORDS = wordMatcher(['post-actions', 'actions', 'action-bar', 'actionbar', 'post-controls', 'votes?', 'voting', 'upvote', 'downvote', 'vote-buttons', 'reply-link', 'comment-reply-link', 'report', 'reactions', 'like-button', 'likes', 'post-menu', 'js-post-menu']);
const ACTION_WORDS = new Set([
  'reply', 'replies', 'report', 'quote', 'like', 'likes', 'upvote', 'downvote', 'vote', 'votes', 'flag', 'permalink', 'edit', 'delete', 'cite',
  'save', 'bookmark', 'multi-quote', 'multiquote', 'helpful', 'unhelpful', 'yes', 'no', 'was', 'this', 'answer', 'useful', 'thanks', 'thank', 'up', 'down',
  'to', 'comment', 'add', 'a', 'improve', 'follow', 'share', 'link', 'top', 'back', 'quick',
]);

// In a thread: a line of actions only, however short ("Share", "Like 3", "#12"), a line with no words, a bare score.
const THREAD_ACTIONS = /^(?:(?:reply|quote|multi-?quote|report|share|save|like|unlike|upvote|downvote|vote|flag|edit|delete|permalink|link|thanks?|helpful\??|yes|no|bookmark|follow|\+\d+|-\d+|\d+ ?(?:likes?|votes?|points?|replies|thanks)?|[|·•])(?:\s+|$))+$/i;
const THREAD_PHRASE = /^(improve this (answer|question)|add a comment|show \d+ more comments?|click to (expand|shrink)\.{0,3}|reply with quote|report (this )?(post|comment)|share (this )?(post|answer|question|link)|follow (this )?(question|thread)|more sharing options|(like|thanks|reactions?)( \d+)?|#\d+|permalink)\W*$/i;
/** Who reacted to a post: "Reactions: COC, jrfsp and 13 others". */
const REACTIONS_LINE = /^reactions?: \S/i;
const NO_WORDS = /^[^\p{L}\p{N}]*$/u;
const VOTE_HINT = /\b(vote|votes|voting|score|karma|reputation|likes?)\b/;

function threadControls(text: string, block: Block, page: PageView): string | null {
  if (text.length > 120) return null;
  if (THREAD_ACTIONS.test(text) || THREAD_PHRASE.test(text)) return `actions ${quoted(text)}`;
  if (REACTIONS_LINE.test(text)) return `reactions ${quoted(text)}`;
  if (NO_WORDS.test(text)) return 'a control with no words';
  if (/^[\d\s+-]+$/.test(text)) {
    const widget = enclosingHint(page.snapshot, block, VOTE_HINT);
    if (widget) return `score ${quoted(text)} in an element marked “${widget.word}”`;
  }
  return null;
}

/**
 * Post actions of forums and comment threads: "Reply · Report · Quote", vote widgets (`page`). In a thread
 * (`thread`) also any line of actions only ("Share" and "Like 3" alone are controls on a thread, not on an article),
 * a line with no words, and a bare number in a vote or score widget.
 */
export function postActionsRule(strictness: RuleStrictness): RemovalRule {
  return {
    cause: 'post-actions',
    roles: strictness === 'thread' ? { thread: 3 } : { explains: 12, decides: 10 },
    block(block, page) {
      const text = block.text;
      if (strictness === 'thread') {
        const control = threadControls(text, block, page);
        if (control) return control;
      }
      if (text.length === 0 || text.length > 80) return null;
      const words = text.toLowerCase().split(/[\s|·•,()+\-▲▼↑↓]+/).filter((w) => w && !/^\d+$/.test(w));
      if (words.length === 0 || !words.every((w) => ACTION_WORDS.has(w))) return null;
      if (!words.some((w) => /^(reply|report|quote|upvote|downvote|vote|flag|permalink|multi-?quote)$/.test(w))) return null;
      return `actions ${quoted(text)}`;
    },
    marksOnly: true,
    region(region) {
      const word = WORDS(region.tokens);
      if (!word || region.textLength > 200) return null;
      return `in ${describeElement(region.node, word)}`;
    },
  };
}

export const postActions = postActionsRule('page');
