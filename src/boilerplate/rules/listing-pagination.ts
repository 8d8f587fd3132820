import { enclosingHint } from '../ancestry';
import { blockLinkShare } from '../page-view';
import type { RemovalRule } from '../types';
import { describeElement, quoted } from '../words';

const TEXT = /^(?:(?:«|‹|<|>|›|»|prev(?:ious)?(?: page)?|next(?: page)?|first|last|page|of|\d+|\.\.\.|…|[|·•-])(?:\s+|$))+$/i;
const HINT = /\b(pagination|pager|paging|page-numbers|nav-links)\b/;

/**
 * The pages of a listing: a line of page numbers and steps ("‹ 1 2 3 … 9 ›", "Page 2 of 9"), or links in an
 * element marked pagination/pager at any depth. The listing profile's rule (on a listing a bare "2 3 4" is the
 * pager, not content).
 */
export const listingPagination: RemovalRule = {
  cause: 'pagination',
  block(block, page) {
    const text = block.text;
    if (text.length > 120) return null;
    if (TEXT.test(text)) return `links ${quoted(text)}`;
    const marked = blockLinkShare(block) > 0.5 ? enclosingHint(page.snapshot, block, HINT) : null;
    return marked ? `links in ${describeElement(marked.node, marked.word)}` : null;
  },
};
