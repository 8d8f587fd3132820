import { enclosingHint } from '../ancestry';
import { Relation, type PageView } from '../page-view';
import type { RemovalRule } from '../types';
import { describeElement, quoted, wordMatcher } from '../words';

const WORDS = wordMatcher(['filters?', 'filter-bar', 'sort', 'sorting', 'sort-by', 'sortby', 'sorter', 'facets?', 'refine', 'toolbar-sorter', 'view-mode', 'results-toolbar', 'toolbar-products']);
const TEXT = /^(sort by|sort:|sort|filter( by| results)?|filters|refine( by| results)?|show:? ?\d+( per page)?|view:? ?(grid|list)|results per page|\d+ (results|items|products)( found)?|clear (all|filters))\b.{0,60}$/i;
/** On a listing: the controls' other shapes ("Showing 12", "View as", a bare "Grid" or "List"). */
const LISTING_TEXT = /^(showing \d+|results? per page|view as|(grid|list)( view)?$)/i;
const MARKED = /\b(filters?|facets?|sort(ing|-by)?|refine|toolbar)\b/;
/** A bar of controls holds less than this share of the page's text. */
const MAX_PAGE_SHARE = 0.5;

/**
 * Whether a marked element is the page's layout rather than a bar: it is around the article container, or it holds
 * most of the page's text (a shop theme's "facets" wrapper holds the product grid beside its filters).
 */
function holdsThePage(node: number, page: PageView): boolean {
  return page.relation[node] === Relation.around || page.textLength[node]! > MAX_PAGE_SHARE * page.textLength[0]!;
}

/**
 * Filter and sort bars of listings: "Sort by: Newest", "Filter results", an element marked filter/sort/facets. On a
 * listing or collection (`page.itemsPage`) stricter: also "Showing 12", a bare "Grid", and any short line inside an
 * element marked filter/facets/sort/toolbar at any depth, unless that element is the page's layout (`holdsThePage`).
 */
export const filterBar: RemovalRule = {
  cause: 'filter-bar',
  roles: { explains: 14, listing: 2 },
  block(block, page) {
    const text = block.text;
    if (text.length === 0 || text.length > (page.itemsPage ? 120 : 80)) return null;
    if (TEXT.test(text) || (page.itemsPage && LISTING_TEXT.test(text))) return `controls ${quoted(text)}`;
    if (!page.itemsPage) return null;
    const marked = enclosingHint(page.snapshot, block, MARKED);
    if (!marked || holdsThePage(marked.node.id, page)) return null;
    return `in ${describeElement(marked.node, marked.word)}`;
  },
  marksOnly: true,
  region(region) {
    const word = WORDS(region.tokens);
    if (!word || (region.textLength > 400 && region.linkShare < 0.5)) return null;
    return `in ${describeElement(region.node, word)}`;
  },
};
