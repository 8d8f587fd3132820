import type { RemovalRule } from '../types';
import { describeElement, wordMatcher } from '../words';

const WORDS = wordMatcher(['signature', 'sig', 'postsig', 'post-signature', 'user-signature', 'signaturecontainer', 'forum-signature']);

/** Forum signatures: an element marked signature under a post. */
export const signature: RemovalRule = {
  cause: 'signature',
  region(region) {
    const word = WORDS(region.tokens);
    return word ? `in ${describeElement(region.node, word)}` : null;
  },
};
