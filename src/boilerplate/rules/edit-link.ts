import type { RemovalRule } from '../types';
import { describeElement, quoted, wordMatcher } from '../words';

const WORDS = wordMatcher(['edit-this-page', 'edit-page', 'editlink', 'edit-link', 'edit-on-github', 'github-edit', 'page-edit', 'improve-this-page', 'edit-meta-row']);
const TEXT = /^(✎\s*)?(edit (this page|on github|on gitlab|page|this article|source)|improve this (page|doc|article)|suggest (an )?edits?|report an issue with this page)\b.{0,30}$/i;

/** "Edit this page" links of documentation sites and wikis. */
export const editLink: RemovalRule = {
  cause: 'edit-link',
  roles: { explains: 5, decides: 5 },
  block(block) {
    if (block.text.length > 80) return null;
    return TEXT.test(block.text) ? `link ${quoted(block.text)}` : null;
  },
  marksOnly: true,
  region(region) {
    const word = WORDS(region.tokens);
    return word ? `in ${describeElement(region.node, word)}` : null;
  },
};
