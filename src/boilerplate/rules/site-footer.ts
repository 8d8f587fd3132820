import type { RemovalRule } from '../types';
import { hasRole, inRegion, schemaType, wordMatcher } from '../words';

const WORDS = wordMatcher(['footer', 'site-footer', 'global-footer', 'colophon', 'page-footer', 'bottom-bar', 'copyright', 'site-info', 'legal'], {
  exclude: /^(entry|post|article|comment|card|section|content|widget|table|modal)[-_]/,
});

/** The site's footer: a <footer> outside the article, role=contentinfo, or an element marked footer/colophon. */
export const siteFooter: RemovalRule = {
  cause: 'site-footer',
  roles: { explains: 22 },
  region(region, _block, page) {
    if (region.inArticle) return null; // a footer inside <article> or <main> is the article's own
    // A site footer closes the page; a <footer> near the top belongs to a card or a section.
    if ((region.firstBlock?.id ?? 0) < page.snapshot.blocks.length * 0.1) return null;
    if (region.node.tag === 'footer') return inRegion(region);
    const role = hasRole(region, ['contentinfo']);
    if (role) return `${inRegion(region, role)} (role)`;
    if (schemaType(region, ['wpfooter'])) return inRegion(region, 'WPFooter');
    const word = WORDS(region.tokens);
    return word ? inRegion(region, word) : null;
  },
};
