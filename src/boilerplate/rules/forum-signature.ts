import { enclosingHint } from '../ancestry';
import type { RemovalRule } from '../types';
import { describeElement } from '../words';

const HINT = /\b(signature|sig|postsig|user-?sig)\b/;

/**
 * A forum post's signature: any element above the block marked signature, however deep the post nests it. The
 * forum profile's rule (the general `signature` rule reads only the elements near a removed block).
 */
export const forumSignature: RemovalRule = {
  cause: 'signature',
  block(block, page) {
    const found = enclosingHint(page.snapshot, block, HINT);
    return found ? `in ${describeElement(found.node, found.word)}` : null;
  },
};
