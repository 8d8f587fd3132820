import type { RemovalRule } from '../types';
import { hasRole, inRegion, schemaType, wordMatcher } from '../words';

const WORDS = wordMatcher(['sidebar', 'side-bar', 'sidebars', 'widget-area', 'rail', 'right-rail', 'left-rail', 'sidenav', 'side-nav', 'sidecol', 'side-col', 'sidebox']);

/** Sidebars: an <aside> outside the article, role=complementary, or an element marked sidebar/widget/rail. */
export const sidebar: RemovalRule = {
  cause: 'sidebar',
  roles: { explains: 23 },
  region(region) {
    if (region.node.tag === 'aside' && !region.inArticle) return inRegion(region);
    const role = hasRole(region, ['complementary']);
    if (role) return `${inRegion(region, role)} (role)`;
    if (schemaType(region, ['wpsidebar'])) return inRegion(region, 'WPSideBar');
    const exact = region.tokens.find((t) => t === 'secondary' || t === 'widget' || t === 'widgets');
    if (exact) return inRegion(region, exact);
    const word = WORDS(region.tokens);
    return word ? inRegion(region, word) : null;
  },
};
