import type { Block } from '../../snapshot/types';
import { blockLinkShare } from '../page-view';
import type { RemovalRule } from '../types';
import { inRegion, quoted, wordMatcher } from '../words';

const WORDS = wordMatcher(['related', 'related-posts', 'relatedposts', 'jp-relatedposts', 'recommended', 'recommendations', 'more-stories', 'you-may-like', 'also-read', 'read-next', 'read-more', 'popular', 'popular-posts', 'trending', 'most-read', 'most-popular', 'taboola', 'outbrain', 'recirc', 'recirculation', 'further-reading', 'more-articles', 'latest-posts', 'recent-posts', 'upsells', 'up-sells', 'cross-sells', 'crosssells', 'also-bought', 'also-viewed']);
const HEADING = /^(related( posts| articles| stories| content| reading| links)?|you (may|might) also (like|enjoy)|more (from|stories|on|like this|articles|news)\b.*|recommended( for you| reading| articles)?|popular( posts| articles| now)?|trending( now)?|read (more|next|also)|also read|most (read|popular|viewed|shared)|further reading|latest (posts|news|articles)|recent (posts|articles))\s*:?$/i;

/** "Also read: <link>" lines placed inside an article. */
const LEAD_IN = /^(also read|read also|read more|related|see also|recommended|more|further reading|read next)\s*:/i;

function isRelatedHeading(block: Block | undefined): boolean {
  return block !== undefined && block.kind === 'heading' && block.text.length <= 80 && HEADING.test(block.text);
}

/** Related-content lists: "You may also like", "Most read", an element marked related/recommended/popular. */
export const relatedContent: RemovalRule = {
  cause: 'related-content',
  roles: { explains: 17 },
  block(block) {
    if (isRelatedHeading(block)) return `heading ${quoted(block.text)}`;
    if (block.text.length <= 200 && LEAD_IN.test(block.text) && blockLinkShare(block) >= 0.5) return `link ${quoted(block.text)}`;
    return null;
  },
  region(region) {
    const word = WORDS(region.tokens);
    if (word) return inRegion(region, word);
    if (isRelatedHeading(region.firstBlock)) return `under the heading ${quoted(region.firstBlock!.text)}, ${Math.round(region.linkShare * 100)}% links`;
    return null;
  },
};
