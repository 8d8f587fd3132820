import type { RemovalRule } from '../types';
import { quoted } from '../words';

/** What a site says when it earns from the shops it links to. */
const DISCLOSURE = /\b((earn|receive|get) (a )?(small )?(commission|compensation)|buying through (our )?links|affiliate (links?|commissions?|partners?)|reader-supported|at no (extra|additional) cost to you)\b/i;
const MAX_TEXT = 600;

/** Shopping-link disclosures: a short text saying the site may earn from the links on the page. */
export const affiliateNotice: RemovalRule = {
  cause: 'affiliate-notice',
  roles: { names: 4 },
  block(block) {
    return block.text.length <= MAX_TEXT && DISCLOSURE.test(block.text) ? `text ${quoted(block.text)}` : null;
  },
};
