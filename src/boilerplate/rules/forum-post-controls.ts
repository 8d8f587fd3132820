import { enclosingHint } from '../ancestry';
import type { RemovalRule } from '../types';
import { quoted } from '../words';

const ACTIONS = /^(?:(?:reply|quote|multi-?quote|report|share|like|unlike|upvote|downvote|vote|flag|edit|delete|permalink|link|thanks?|helpful\??|yes|no|bookmark|follow|\+\d+|-\d+|\d+ ?(?:likes?|votes?|points?|replies|thanks)?|[|·•])(?:\s+|$))+$/i;
const PHRASE = /^(improve this (answer|question)|add a comment|show \d+ more comments?|click to (expand|shrink)\.{0,3}|reply with quote|report (this )?(post|comment)|share (this )?(post|answer|question|link)|follow (this )?(question|thread)|(like|thanks|reactions?)( \d+)?|#\d+|permalink)\W*$/i;
const NO_WORDS = /^[^\p{L}\p{N}]*$/u;
const VOTE_HINT = /\b(vote|votes|voting|score|karma|reputation|likes?)\b/;

/**
 * The controls of a forum post: a line of actions only ("Reply Quote Report", "Like 3", "#12", "Click to
 * expand..."), a line with no words, or a bare number in a vote or score widget. The forum profile's rule, broader
 * than the general `post-actions` rule ("Share" and "Like" alone are controls on a thread, not on an article).
 */
export const forumPostControls: RemovalRule = {
  cause: 'post-actions',
  block(block, page) {
    const text = block.text;
    if (text.length > 120) return null;
    if (ACTIONS.test(text) || PHRASE.test(text)) return `actions ${quoted(text)}`;
    if (NO_WORDS.test(text)) return 'a control with no words';
    if (/^[\d\s+-]+$/.test(text)) {
      const widget = enclosingHint(page.snapshot, block, VOTE_HINT);
      if (widget) return `score ${quoted(text)} in an element marked “${widget.word}”`;
    }
    return null;
  },
};
