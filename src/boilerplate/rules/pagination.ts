import type { RemovalRule } from '../types';
import { describeElement, quoted, wordMatcher } from '../words';

const WORDS = wordMatcher(['pagination', 'pager', 'paging', 'page-numbers', 'pagenav', 'page-nav', 'wp-pagenavi', 'post-navigation', 'posts-navigation', 'navigation-paging', 'prev-next', 'next-prev', 'paginator']);
const STEP = /^(«|‹|<|←)?\s*(previous|prev|next|older|newer|first|last)(\s+(post|posts|page|entries|article|story|topic|thread))?\s*(»|›|>|→)?$/i;
const NUMBERS = /^(?:(?:«|‹|»|›|…|\.\.\.|previous|prev|next|first|last|page|of|\d{1,4})\s*){3,}$/i;

/** Pagination: "« Previous 1 2 3 Next »", or an element marked pagination/pager. */
export const pagination: RemovalRule = {
  cause: 'pagination',
  block(block) {
    const text = block.text;
    if (text.length === 0 || text.length > 120) return null;
    if (STEP.test(text) || (NUMBERS.test(text) && /\d/.test(text) && block.linkCount > 0)) return `links ${quoted(text)}`;
    return null;
  },
  region(region) {
    if (region.node.label && /pagination|pages|pager/.test(region.node.label)) return `in ${describeElement(region.node)} labelled “${region.node.label}”`;
    const word = WORDS(region.tokens);
    return word ? `in ${describeElement(region.node, word)}` : null;
  },
};
