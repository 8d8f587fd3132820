import type { SnapshotNode } from '../../snapshot/types';
import { nearestEnclosing } from '../ancestry';
import { blockLinkShare } from '../page-view';
import type { RemovalRule } from '../types';
import { hasRole, inRegion, schemaType, wordMatcher } from '../words';

const WORDS = wordMatcher(['nav', 'navbar', 'navigation', 'menu', 'menus', 'mainmenu', 'main-menu', 'menubar', 'topnav', 'subnav', 'sitenav', 'site-nav', 'megamenu', 'menu-item', 'nav-menu', 'navlist', 'dropdown-menu', 'skip-link', 'skiplinks']);
/** Below this share of links an element marked "menu" is not a menu (a restaurant's menu, a "navigation" article). */
const MIN_LINK_SHARE = 0.4;

/**
 * The site's navigation where a stage kept it: a block inside a <nav> (or role=navigation) that sits outside any
 * <article> or <main> and whose text is mostly links — its links and the short labels between them ("Resources",
 * "Europe"). Readability reads a page whose content its scripts never loaded (or a page of short pieces) as one body,
 * menus and all; a reader never wants the menus. A long block that is not mostly links is left to the other stages
 * (a page that wraps its text in <nav>).
 */
const MIN_REGION_LINK_SHARE = 0.6;
const MAX_LABEL_CHARS = 200;
const MIN_BLOCK_LINK_SHARE = 0.5;

/** A <nav>, or an element whose role (or id/class word) is "navigation". */
const navigationTest = () => (node: SnapshotNode) => node.tag === 'nav' || node.hint.split(/\s+/).includes('navigation');

/**
 * Navigation menus: a <nav>, role=navigation, or an element marked nav/menu that is mostly links. On its own
 * (`decides`) only the site's navigation outside the article, as above.
 */
export const navMenu: RemovalRule = {
  cause: 'nav-menu',
  roles: { explains: 20, decides: 7 },
  region(region) {
    if (region.node.tag === 'nav') return inRegion(region);
    const role = hasRole(region, ['navigation', 'menubar']);
    if (role) return `${inRegion(region, role)} (role)`;
    if (schemaType(region, ['sitenavigationelement'])) return inRegion(region, 'SiteNavigationElement');
    const word = WORDS(region.tokens);
    return word && region.linkShare >= MIN_LINK_SHARE ? inRegion(region, word) : null;
  },
  decidesBlock(block, page) {
    if (block.text.length === 0 || (block.text.length > MAX_LABEL_CHARS && blockLinkShare(block) < MIN_BLOCK_LINK_SHARE)) return null;
    const nav = nearestEnclosing(page.snapshot, block.node, 'rule:nav-menu:site', navigationTest);
    if (nav < 0) return null;
    const region = page.region(nav);
    if (region.inArticle || region.linkShare < MIN_REGION_LINK_SHARE) return null;
    const role = region.node.tag === 'nav' ? null : 'navigation';
    return `${inRegion(region, role)}${role ? ' (role)' : ''}, outside the article`;
  },
};
