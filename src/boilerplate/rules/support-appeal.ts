import type { RemovalRule } from '../types';
import { inRegion, quoted, wordMatcher } from '../words';

const WORDS = /* @__PURE__ */ wordMatcher(['donate', 'donation', 'donations', 'support-us']);
/** Asking the reader for money or membership. */
const APPEAL = /\b(donat(e|es|ion|ions)|we need your help|support (us|our (work|journalism|mission|reporting))|become an? (member|supporter|patron)|chip in|make a (gift|contribution))\b/i;
const MAX_TEXT = 600;

/** Appeals for support: a short text that asks for a donation or membership, or an element marked donate. */
export const supportAppeal: RemovalRule = {
  cause: 'support-appeal',
  roles: { names: 3 },
  block(block) {
    return block.text.length <= MAX_TEXT && APPEAL.test(block.text) ? `text ${quoted(block.text)}` : null;
  },
  region(region) {
    const word = WORDS(region.tokens);
    return word ? inRegion(region, word) : null;
  },
};
