import { enclosingHint } from '../ancestry';
import type { RemovalRule } from '../types';
import { describeElement, quoted } from '../words';

const TEXT = /^(sort by|sort|filter|filters|refine|show \d+|showing \d+|results? per page|view as|grid|list|\d+ (results|products|items))\b/i;
const HINT = /\b(filters?|facets?|sort(ing|-by)?|refine|toolbar)\b/;

/**
 * The filter and sort controls of a listing: a short line that starts "Sort by", "Filter", "Showing 12", "24
 * products", or one inside an element marked filter/facets/sort/toolbar at any depth. The listing profile's rule.
 */
export const listingFilters: RemovalRule = {
  cause: 'filter-bar',
  block(block, page) {
    const text = block.text;
    if (text.length > 120) return null;
    if (TEXT.test(text)) return `controls ${quoted(text)}`;
    const marked = enclosingHint(page.snapshot, block, HINT);
    return marked ? `in ${describeElement(marked.node, marked.word)}` : null;
  },
};
