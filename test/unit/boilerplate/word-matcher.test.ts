import { describe, expect, it } from 'vitest';
import { wordMatcher } from '../../../src/boilerplate/words';

/** Names as the rules write them: plain, with optional characters, and real patterns. */
const NAMES = ['nav', 'menu-item', 'breadcrumbs?', 'top-?bar', 'qc-cmp2?', 'disqus_thread', 'cookie\\w*', 'ad\\d+', 'ads?', 'site-footer'];
const reference = new RegExp(`(?:^|[-_])(?:${NAMES.join('|')})(?:$|[-_])`);

/** Words around each spelling: alone, as a part, glued to other letters, doubled separators, other cases. */
function words(): string[] {
  const stems = ['nav', 'navs', 'menu-item', 'menu_item', 'menuitem', 'breadcrumb', 'breadcrumbs', 'breadcrumbss', 'top-bar', 'topbar', 'top--bar',
    'top_bar', 'qc-cmp', 'qc-cmp2', 'qc-cmp22', 'disqus_thread', 'disqus-thread', 'cookie', 'cookies', 'cookie_notice', 'cookiebar', 'ad', 'ads', 'adss',
    'ad12', 'ad1x', 'site-footer', 'footer', 'Nav', 'NAV', 'advert', 'bread', 'crumbs'];
  const out: string[] = [];
  for (const stem of stems) for (const [before, after] of [['', ''], ['x-', ''], ['', '-x'], ['x_', '_y'], ['x', ''], ['', 'x'], ['-', '-'], ['a--', '__b'], ['x-y-', '-z-w']]) out.push(`${before}${stem}${after}`);
  return out;
}

describe('wordMatcher', () => {
  it('matches a class word exactly when the names as one regular expression do', () => {
    const matcher = wordMatcher(NAMES);
    for (const word of words()) expect(matcher([word]) !== null, word).toBe(reference.test(word));
  });

  it('returns the first matching word and honours the exclusion', () => {
    expect(wordMatcher(['footer'])(['grid', 'site-footer', 'footer'])).toBe('site-footer');
    expect(wordMatcher(['footer'], { exclude: /^entry[-_]/ })(['entry-footer'])).toBeNull();
    expect(wordMatcher(['footer'])([`${'x'.repeat(60)}-footer`])).toBeNull(); // longer than 60: never a match
  });
});
