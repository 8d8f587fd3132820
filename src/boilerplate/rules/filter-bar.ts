import type { RemovalRule } from '../types';
import { describeElement, quoted, wordMatcher } from '../words';

const WORDS = wordMatcher(['filters?', 'filter-bar', 'sort', 'sorting', 'sort-by', 'sortby', 'sorter', 'facets?', 'refine', 'toolbar-sorter', 'view-mode', 'results-toolbar', 'toolbar-products']);
const TEXT = /^(sort by|sort:|sort|filter( by| results)?|filters|refine( by| results)?|show:? ?\d+( per page)?|view:? ?(grid|list)|results per page|\d+ (results|items|products)( found)?|clear (all|filters))\b.{0,60}$/i;

/** Filter and sort bars of listings: "Sort by: Newest", "Filter results", an element marked filter/sort/facets. */
export const filterBar: RemovalRule = {
  cause: 'filter-bar',
  block(block) {
    if (block.text.length === 0 || block.text.length > 80) return null;
    return TEXT.test(block.text) ? `controls ${quoted(block.text)}` : null;
  },
  region(region) {
    const word = WORDS(region.tokens);
    if (!word || (region.textLength > 400 && region.linkShare < 0.5)) return null;
    return `in ${describeElement(region.node, word)}`;
  },
};
