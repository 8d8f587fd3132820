import { blockLinkShare } from '../page-view';
import type { RemovalRule } from '../types';
import { describeElement, wordMatcher } from '../words';

const WORDS = /* @__PURE__ */ wordMatcher(['caption', 'captions', 'wp-caption', 'wp-caption-text', 'media-caption', 'image-caption', 'photo-caption', 'img-caption', 'figcaption']);

/** Image captions: text, not a link, in a <figcaption> or in an element marked caption. */
export const imageCaption: RemovalRule = {
  cause: 'image-caption',
  roles: { names: 6 },
  readsBlock: true,
  region(region, block) {
    if (!block || block.text.length === 0 || blockLinkShare(block) >= 0.5) return null;
    if (region.node.tag === 'figcaption') return `text in ${describeElement(region.node)}`;
    const word = WORDS(region.tokens);
    return word ? `text in ${describeElement(region.node, word)}` : null;
  },
};
