import { enclosingHint } from '../ancestry';
import type { RemovalRule, RuleStrictness } from '../types';
import { describeElement, wordMatcher } from '../words';

const WORDS = wordMatcher(['signature', 'sig', 'postsig', 'post-signature', 'user-signature', 'signaturecontainer', 'forum-signature']);
/** In a thread: any element above the block marked signature, however deep the post nests it. */
const THREAD_HINT = /\b(signature|sig|postsig|user-?sig|signaturecontainer)\b/;

/**
 * Forum signatures: an element marked signature near a removed block (`page`); in a thread (`thread`), any element
 * above the block so marked.
 */
export function signatureRule(strictness: RuleStrictness): RemovalRule {
  return {
    cause: 'signature',
    roles: strictness === 'thread' ? { thread: 1 } : { explains: 13 },
    ...(strictness === 'thread'
      ? {
          block(block, page) {
            const found = enclosingHint(page.snapshot, block, THREAD_HINT);
            return found ? `in ${describeElement(found.node, found.word)}` : null;
          },
        }
      : {}),
    marksOnly: true,
    region(region) {
      const word = WORDS(region.tokens);
      return word ? `in ${describeElement(region.node, word)}` : null;
    },
  };
}

export const signature = signatureRule('page');
