import type { RemovalRule } from '../types';
import { inRegion, wordMatcher } from '../words';

const WORDS = /* @__PURE__ */ wordMatcher(['stream', 'teaser', 'teasers', 'timeline', 'story-block', 'infinite', 'infinite-scroll', 'more-news']);

/** Teasers of other stories: a linked stream, timeline or list of teasers (headline and summary) beside the page. */
export const storyTeasers: RemovalRule = {
  cause: 'related-content',
  roles: { names: 7 },
  marksOnly: true,
  region(region) {
    if (region.linkShare === 0) return null;
    const word = WORDS(region.tokens);
    return word ? inRegion(region, word) : null;
  },
};
