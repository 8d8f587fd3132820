import type { RemovalRule } from '../types';
import { inRegion, quoted, wordMatcher } from '../words';

const WORDS = /* @__PURE__ */ wordMatcher(['author', 'authors', 'author-bio', 'author-box', 'author-info', 'about-author', 'about-the-author', 'written-by', 'contributor', 'contributors']);
/** Headings over a note on who wrote the page. */
const HEADING = /^(about the authors?|about me|meet (our|the) (experts?|authors?|writers?|reviewers?)|why (you should )?trust\b.*|written by\b.*)\s*:?$/i;

/** Author boxes: an element marked author or contributor, or one under "About the author" / "Meet our expert". */
export const authorBox: RemovalRule = {
  cause: 'author-box',
  roles: { names: 5 },
  region(region) {
    const word = WORDS(region.tokens);
    if (word) return inRegion(region, word);
    const heading = region.firstBlock;
    if (heading?.kind === 'heading' && heading.text.length <= 80 && HEADING.test(heading.text)) return `under the heading ${quoted(heading.text)}`;
    return null;
  },
};
