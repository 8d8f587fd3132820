import type { RemovalRule } from '../types';
import { describeElement, inRegion, wordMatcher } from '../words';

const WORDS = /* @__PURE__ */ wordMatcher(['stream', 'teaser', 'teasers', 'timeline', 'story-block', 'infinite', 'infinite-scroll', 'more-news']);

/** Longest <article> element read as a teaser of another story (the page's own story is longer). */
const MAX_TEASER_TEXT = 1000;
/** An <article> marked as a comment, reply or review is not a story card. */
const NOT_A_STORY = /* @__PURE__ */ wordMatcher(['comment', 'comments', 'reply', 'replies', 'review', 'post-comment', 'answer']);

/**
 * Teasers of other stories: a linked stream, timeline or list of teasers (headline and summary) beside the page, or a
 * short <article> of its own with a link in it (a story card: the place-names page view stops below the element that
 * holds the kept article, so this is never the page's own story).
 */
export const storyTeasers: RemovalRule = {
  cause: 'related-content',
  roles: { names: 7 },
  region(region) {
    if (region.linkShare === 0) return null;
    if (region.node.tag === 'article' && region.textLength <= MAX_TEASER_TEXT && !NOT_A_STORY(region.tokens)) return `in a short ${describeElement(region.node)} with a link`;
    const word = WORDS(region.tokens);
    return word ? inRegion(region, word) : null;
  },
};
