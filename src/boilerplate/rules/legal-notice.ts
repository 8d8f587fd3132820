import type { RemovalRule } from '../types';
import { describeElement, quoted, wordMatcher } from '../words';

const WORDS = /* @__PURE__ */ wordMatcher(['disclaimer', 'disclaimers', 'dsclmr', 'copyright', 'legal', 'legal-notice', 'legal-text', 'imprint', 'impressum']);
/** Longest line read as a copyright line by its words alone. */
const MAX_LINE = 300;
// Copyright lines in several languages; the © sign in any.
const COPYRIGHT = /©|\(c\)\s*(?:19|20)\d{2}|\bcopyright\b|all rights reserved|tous droits réservés|alle rechte vorbehalten|todos los derechos reservados|tutti i diritti riservati|todos os direitos reservados|版权所有|著作権/i;

/** Legal notices beside the page: an element marked disclaimer, legal or copyright, or a copyright line. */
export const legalNotice: RemovalRule = {
  cause: 'legal-notice',
  roles: { names: 12 },
  marksOnly: true,
  // Its line test waits for the elements around the block: a copyright line in a site footer is the footer's.
  weak: true,
  region(region) {
    const word = WORDS(region.tokens);
    return word ? `in ${describeElement(region.node, word)}` : null;
  },
  block(block) {
    const text = block.text.replace(/\s+/g, ' ').trim();
    return text.length > 0 && text.length <= MAX_LINE && COPYRIGHT.test(text) ? `the line ${quoted(text)} is a copyright notice` : null;
  },
};
