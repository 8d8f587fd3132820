import type { RemovalRule } from '../types';
import { hasRole, inRegion, schemaType, wordMatcher } from '../words';

const WORDS = wordMatcher(['nav', 'navbar', 'navigation', 'menu', 'menus', 'mainmenu', 'main-menu', 'menubar', 'topnav', 'subnav', 'sitenav', 'site-nav', 'megamenu', 'menu-item', 'nav-menu', 'navlist', 'dropdown-menu', 'skip-link', 'skiplinks']);
/** Below this share of links an element marked "menu" is not a menu (a restaurant's menu, a "navigation" article). */
const MIN_LINK_SHARE = 0.4;

/** Navigation menus: a <nav>, role=navigation, or an element marked nav/menu that is mostly links. */
export const navMenu: RemovalRule = {
  cause: 'nav-menu',
  roles: { explains: 20 },
  region(region) {
    if (region.node.tag === 'nav') return inRegion(region);
    const role = hasRole(region, ['navigation', 'menubar']);
    if (role) return `${inRegion(region, role)} (role)`;
    if (schemaType(region, ['sitenavigationelement'])) return inRegion(region, 'SiteNavigationElement');
    const word = WORDS(region.tokens);
    return word && region.linkShare >= MIN_LINK_SHARE ? inRegion(region, word) : null;
  },
};
