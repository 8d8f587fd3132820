import type { RemovalRule } from '../types';
import { describeElement, quoted, wordMatcher } from '../words';

const WORDS = wordMatcher(['post-actions', 'actions', 'action-bar', 'post-controls', 'votes?', 'voting', 'upvote', 'downvote', 'vote-buttons', 'reply-link', 'comment-reply-link', 'report', 'reactions', 'like-button', 'likes', 'post-menu', 'js-post-menu']);
const ACTION_WORDS = new Set([
  'reply', 'replies', 'report', 'quote', 'like', 'likes', 'upvote', 'downvote', 'vote', 'votes', 'flag', 'permalink', 'edit', 'delete', 'cite',
  'save', 'bookmark', 'multi-quote', 'multiquote', 'helpful', 'unhelpful', 'yes', 'no', 'was', 'this', 'answer', 'useful', 'thanks', 'thank', 'up', 'down',
  'to', 'comment', 'add', 'a', 'improve', 'follow', 'share', 'link', 'top', 'back', 'quick',
]);

/** Post actions of forums and comment threads: "Reply · Report · Quote", vote widgets. */
export const postActions: RemovalRule = {
  cause: 'post-actions',
  block(block) {
    const text = block.text;
    if (text.length === 0 || text.length > 80) return null;
    const words = text.toLowerCase().split(/[\s|·•,()+\-▲▼↑↓]+/).filter((w) => w && !/^\d+$/.test(w));
    if (words.length === 0 || !words.every((w) => ACTION_WORDS.has(w))) return null;
    if (!words.some((w) => /^(reply|report|quote|upvote|downvote|vote|flag|permalink|multi-?quote)$/.test(w))) return null;
    return `actions ${quoted(text)}`;
  },
  region(region) {
    const word = WORDS(region.tokens);
    if (!word || region.textLength > 200) return null;
    return `in ${describeElement(region.node, word)}`;
  },
};
