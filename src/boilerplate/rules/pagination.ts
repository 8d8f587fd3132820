import { enclosingHint } from '../ancestry';
import { blockLinkShare } from '../page-view';
import type { RemovalRule } from '../types';
import { describeElement, quoted, wordMatcher } from '../words';

const WORDS = wordMatcher(['pagination', 'pager', 'paging', 'page-numbers', 'pagenav', 'page-nav', 'wp-pagenavi', 'post-navigation', 'posts-navigation', 'navigation-paging', 'prev-next', 'next-prev', 'paginator']);
const STEP = /^(«|‹|<|←)?\s*(previous|prev|next|older|newer|first|last)(\s+(post|posts|page|entries|article|story|topic|thread))?\s*(»|›|>|→)?$/i;
/** A page number is a whole run of at most four digits: a longer run (a phone number, an ISBN) is not split into pages. */
const NUMBERS = /^(?:(?:«|‹|»|›|…|\.\.\.|previous|prev|next|first|last|page|of|\d{1,4}(?!\d))\s*){3,}$/i;
/** On a listing: any line made only of page numbers, steps and separators ("‹ 1 2 3 … 9 ›", "Page 2 of 9"). */
const PAGE_LINE = /^(?:(?:«|‹|<|>|›|»|prev(?:ious)?(?: page)?|next(?: page)?|first|last|page|of|\d+|\.\.\.|…|[|·•-])(?:\s+|$))+$/i;
const MARKED = /\b(pagination|pager|paging|page-numbers|nav-links)\b/;

/**
 * Pagination: "« Previous 1 2 3 Next »", or an element marked pagination/pager. On a listing or collection
 * (`page.itemsPage`) stricter: a bare line of page numbers needs no links, and links in an element marked
 * pagination/pager at any depth go (there "2 3 4" is the pager, on an article it may be content).
 */
export const pagination: RemovalRule = {
  cause: 'pagination',
  roles: { explains: 9, decides: 9, listing: 1 },
  block(block, page) {
    const text = block.text;
    if (text.length === 0 || text.length > 120) return null;
    if (STEP.test(text) || (block.linkCount > 0 && /\d/.test(text) && NUMBERS.test(text))) return `links ${quoted(text)}`;
    if (!page.itemsPage) return null;
    if (PAGE_LINE.test(text)) return `links ${quoted(text)}`;
    const marked = blockLinkShare(block) > 0.5 ? enclosingHint(page.snapshot, block, MARKED) : null;
    return marked ? `links in ${describeElement(marked.node, marked.word)}` : null;
  },
  marksOnly: true,
  region(region) {
    if (region.node.label && /pagination|pages|pager/.test(region.node.label)) return `in ${describeElement(region.node)} labelled “${region.node.label}”`;
    const word = WORDS(region.tokens);
    return word ? `in ${describeElement(region.node, word)}` : null;
  },
};
