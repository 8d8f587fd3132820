import type { Block } from '../../snapshot/types';
import type { RemovalRule } from '../types';
import { describeElement, quoted, schemaType, wordMatcher } from '../words';

const WORDS = wordMatcher(['comments?', 'commentlist', 'comment-list', 'comments-area', 'comment-respond', 'respond', 'disqus', 'disqus_thread', 'discussion', 'responses', 'replies', 'comment-form', 'commentform', 'comment-section', 'talkback']);
const HEADING = /^(\d+\s+)?(comments?|responses?|replies|reactions|leave a (reply|comment)|post a comment|add a comment|join the (discussion|conversation)|discussion|what do you think\??|(\d+\s+)?thoughts? on\b.*|one thought on\b.*)(\s*\(\d+\))?$/i;

function isCommentHeading(block: Block | undefined): boolean {
  return block !== undefined && block.kind === 'heading' && block.text.length <= 120 && HEADING.test(block.text);
}

/** Comment sections: an element marked comments/respond/disqus, or one that opens with a "12 Comments" heading. */
export const commentSection: RemovalRule = {
  cause: 'comment-section',
  roles: { explains: 15 },
  block(block) {
    return isCommentHeading(block) ? `heading ${quoted(block.text)}` : null;
  },
  region(region) {
    if (schemaType(region, ['comment', 'usercomments'])) return `in ${describeElement(region.node)} of type Comment`;
    const word = WORDS(region.tokens);
    if (word) return `in ${describeElement(region.node, word)}`;
    if (isCommentHeading(region.firstBlock)) return `under the heading ${quoted(region.firstBlock!.text)}`;
    return null;
  },
};
