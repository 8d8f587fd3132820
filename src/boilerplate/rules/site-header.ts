import type { RemovalRule } from '../types';
import { hasRole, inRegion, schemaType, wordMatcher } from '../words';

const WORDS = wordMatcher(['header', 'site-header', 'masthead', 'global-header', 'top-?bar', 'branding', 'site-branding', 'site-title', 'logo', 'page-top'], {
  exclude: /^(entry|post|article|comment|card|section|content|widget|table|modal)[-_]/,
});

/** The site's header: a <header> outside the article, role=banner, or an element marked header/masthead. */
export const siteHeader: RemovalRule = {
  cause: 'site-header',
  roles: { explains: 21 },
  region(region, _block, page) {
    if (region.inArticle) return null; // a header inside <article> or <main> is the article's own
    // A site header opens the page; a <header> further down heads a card or a section.
    const first = region.firstBlock?.id ?? 0;
    if (first > Math.max(30, page.snapshot.blocks.length * 0.3)) return null;
    if (region.node.tag === 'header') return inRegion(region);
    const role = hasRole(region, ['banner']);
    if (role) return `${inRegion(region, role)} (role)`;
    if (schemaType(region, ['wpheader'])) return inRegion(region, 'WPHeader');
    const word = WORDS(region.tokens);
    return word ? inRegion(region, word) : null;
  },
};
