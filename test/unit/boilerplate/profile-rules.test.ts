/**
 * The page-type profiles' named rules (forum and listing pieces), read on snapshots of small pages written here: each
 * rule names its piece with its evidence, and leaves content that merely shares a word alone.
 */
import { describe, expect, it } from 'vitest';
import { enclosingHint } from '../../../src/boilerplate/ancestry';
import { buildPageView } from '../../../src/boilerplate/page-view';
import { loginPromptRule } from '../../../src/boilerplate/rules/login-prompt';
import { postActionsRule } from '../../../src/boilerplate/rules/post-actions';
import { signatureRule } from '../../../src/boilerplate/rules/signature';
import { filterBar } from '../../../src/boilerplate/rules/filter-bar';
import { pagination } from '../../../src/boilerplate/rules/pagination';
import { memberDetails } from '../../../src/boilerplate/rules/member-details';
import type { RemovalRule } from '../../../src/boilerplate/types';
import { takeSnapshot } from '../../../src/snapshot/take-snapshot';

/** The forum profile reads the general rules at thread strictness. */
const forumSignature = signatureRule('thread');
const forumLogin = loginPromptRule('thread');
const forumPostControls = postActionsRule('thread');

const LONG = 'I replaced the impeller last spring and the pump has run quietly ever since, so I would register that as the first thing to check before buying a new one.';

const PAGE = `<main>
  <div class="thread">
    <div class="post"><div class="post-body"><p>${LONG}</p></div>
      <ul class="message-userExtras"><li>Joined: Mar 2020</li><li>Messages: 412</li></ul>
      <ul class="member-list"><li>Joined the club in 2019 after the spring fair</li></ul>
      <div class="user-info"><a class="avatar avatar--m"><div>JD</div></a><div>1,109 posts · Joined 2022</div><div>412 posts about pumps</div><div>K</div><div>Replies: 12</div><div>Original Poster</div><div>The author of the manual</div></div>
      <aside class="ipsComment_author cAuthorPane"><h3>marsh_wren</h3><ul class="cAuthorPane_info"><li>California, SF east bay</li></ul></aside>
      <div class="post-footer"><div class="postsig"><div><p>Pond keeper since 1998, Leeds</p></div></div>
        <p>Reply Quote Report</p>
        <div class="vote-box"><div>12</div><div>+ 5</div></div><p>Like 3</p><div class="message-actionbar"><p>Save Share</p></div><p>More sharing options...</p><p>Reactions: COC, jrfsp and 13 others</p><p>Reactions to the new pump were mixed, as I said above.</p><p>I would like to reply properly tomorrow.</p>
      </div>
    </div>
  </div>
  <p>Log in or register to reply</p>
  <div class="auth-box"><form><p>Remember me on this computer, please</p></form></div>
  <div class="toolbar"><p>Grid</p></div><p>Sort by: Newest</p><p>Step 2 of the recipe: toast the spices</p>
  <div class="pagination"><p><a href="?p=1">First</a> <a href="?p=2">Older posts</a></p></div><p>‹ 1 2 3 … 9 ›</p>
  <div class="pager"><div><a href="?all">Browse the archive</a></div></div>
  <p>List of pond plants by depth</p>
</main>`;

function page(itemsPage = false) {
  document.body.innerHTML = PAGE;
  const { snapshot } = takeSnapshot(document);
  return { snapshot, view: buildPageView(snapshot, -1, 0, itemsPage) };
}

function evidence(rule: RemovalRule, text: string, itemsPage = false): string | null {
  const { snapshot, view } = page(itemsPage);
  const block = snapshot.blocks.find((b) => b.text === text);
  if (!block) throw new Error(`no block “${text}” in ${snapshot.blocks.map((b) => b.text).join(' | ')}`);
  return rule.block?.(block, view) ?? null;
}

describe('forum profile rules', () => {
  it('signature: a line inside an element marked postsig, however deep, and not the post above it', () => {
    expect(evidence(forumSignature, 'Pond keeper since 1998, Leeds')).toBe('in <div> marked “postsig”');
    expect(evidence(forumSignature, LONG)).toBeNull();
  });

  it('login: a short prompt to log in or register, and a form inside an auth box; not a long post that says "register"', () => {
    expect(evidence(forumLogin, 'Log in or register to reply')).toMatch(/^text “Log in or register/);
    expect(evidence(forumLogin, 'Remember me on this computer, please')).toBe('in a <form> within <div> marked “auth”');
    expect(evidence(forumLogin, LONG)).toBeNull();
  });

  it('post controls: a line of actions, a like count, a bare count and a score in a vote box; not a sentence with "like" and "reply"', () => {
    expect(evidence(forumPostControls, 'Reply Quote Report')).toBe('actions “Reply Quote Report”');
    expect(evidence(forumPostControls, 'Like 3')).toBe('actions “Like 3”');
    expect(evidence(forumPostControls, '12')).toBe('actions “12”');
    expect(evidence(forumPostControls, '+ 5')).toBe('score “+ 5” in an element marked “vote”');
    expect(evidence(forumPostControls, 'Save Share')).toBe('actions “Save Share”');
    expect(evidence(forumPostControls, 'More sharing options...')).toBe('actions “More sharing options...”');
    expect(evidence(forumPostControls, 'Reactions: COC, jrfsp and 13 others')).toBe('reactions “Reactions: COC, jrfsp and 13 others”');
    expect(evidence(forumPostControls, 'Reactions to the new pump were mixed, as I said above.')).toBeNull();
    expect(evidence(forumPostControls, 'I would like to reply properly tomorrow.')).toBeNull();
  });

  it('one rule per concept: on any page the same rules are stricter about what they call boilerplate', () => {
    expect(evidence(postActionsRule('page'), 'Reply Quote Report')).toBe('actions “Reply Quote Report”');
    expect(evidence(postActionsRule('page'), 'Like 3')).toBeNull();
    expect(evidence(loginPromptRule('page'), 'Remember me on this computer, please')).toBeNull();
    expect(evidence(loginPromptRule('page'), 'Log in or register to reply')).toMatch(/^text “Log in or register/);
    expect(evidence(signatureRule('page'), 'Pond keeper since 1998, Leeds')).toBeNull();
  });

  it('member details: join date and message count beside a post, as their own cause; not a long list item that starts "Joined"', () => {
    expect(memberDetails.cause).toBe('member-details');
    expect(evidence(memberDetails, 'Joined: Mar 2020')).toBe('in <ul> marked “message-userextras”');
    expect(evidence(memberDetails, 'Messages: 412')).not.toBeNull();
    expect(evidence(memberDetails, 'Joined the club in 2019 after the spring fair')).toMatch(/^line “Joined the club in 2019/);
    expect(evidence(memberDetails, LONG)).toBeNull();
  });

  it('member details: a line of counts only, a badge and the initials drawn as an avatar; not a sentence with a count, not a letter outside an avatar', () => {
    expect(evidence(memberDetails, '1,109 posts · Joined 2022')).toBe('line “1,109 posts · Joined 2022”');
    expect(evidence(memberDetails, 'Replies: 12')).toBe('line “Replies: 12”');
    expect(evidence(memberDetails, 'Original Poster')).toBe('badge “Original Poster”');
    expect(evidence(memberDetails, 'The author of the manual')).toBeNull();
    expect(evidence(memberDetails, 'California, SF east bay')).toBe('in <ul> marked “cauthorpane_info”');
    expect(evidence(memberDetails, 'marsh_wren')).toBeNull();
    expect(evidence(memberDetails, 'JD')).toBe('initials “JD” in <a> marked “avatar”');
    expect(evidence(memberDetails, '412 posts about pumps')).toBeNull();
    expect(evidence(memberDetails, 'K')).toBeNull();
  });
});

describe('pagination and filter bar: stricter on a listing', () => {
  const onListing = (rule: RemovalRule, text: string) => evidence(rule, text, true);

  it('pagination: a bare line of page numbers only on a listing; steps everywhere; not a recipe step', () => {
    expect(onListing(pagination, '‹ 1 2 3 … 9 ›')).toMatch(/^links “‹ 1 2 3/);
    expect(evidence(pagination, '‹ 1 2 3 … 9 ›')).toBeNull(); // no links: on an article it may be content
    expect(evidence(pagination, 'Older posts')).toBe('links “Older posts”');
    expect(onListing(pagination, 'Browse the archive')).toBe('links in <div> marked “pager”');
    expect(evidence(pagination, 'Browse the archive')).toBeNull(); // the element's word still names it in the cause pass
    expect(onListing(pagination, 'Step 2 of the recipe: toast the spices')).toBeNull();
  });

  it('filters: "Sort by" everywhere; a bare "Grid" in a toolbar only on a listing; not a recipe step', () => {
    expect(evidence(filterBar, 'Sort by: Newest')).toBe('controls “Sort by: Newest”');
    expect(onListing(filterBar, 'Sort by: Newest')).toBe('controls “Sort by: Newest”');
    expect(onListing(filterBar, 'Grid')).toBe('controls “Grid”');
    expect(evidence(filterBar, 'Grid')).toBeNull();
    expect(onListing(filterBar, 'Step 2 of the recipe: toast the spices')).toBeNull();
    expect(onListing(filterBar, 'List of pond plants by depth')).toBeNull();
  });
});

describe('filter bar: a shop theme\'s wrapper is not one', () => {
  /** A collection page whose theme wraps its filters and its product grid in one element marked "facets". */
  function shop(): { snapshot: ReturnType<typeof takeSnapshot>['snapshot']; view: ReturnType<typeof buildPageView> } {
    const cards = Array.from({ length: 8 }, (_, i) => `<li class="card"><h3>Walnut stool, model ${i}</h3><p>Sale price $${120 + i}.00</p></li>`).join('');
    document.body.innerHTML = `<header><a href="/">Oak & Iron</a></header><main><div class="collection facets-vertical">
      <aside class="facets-wrapper"><p>In stock only</p><p>Price range</p></aside>
      <ul class="product-grid">${cards}</ul></div></main><footer><p>© Oak & Iron</p></footer>`;
    const { snapshot } = takeSnapshot(document);
    return { snapshot, view: buildPageView(snapshot, -1, 0, true) };
  }

  it('a short line in the filters is a filter control; a product card\'s line in the wrapper that holds most of the page is not', () => {
    const { snapshot, view } = shop();
    const line = (text: string) => filterBar.block?.(snapshot.blocks.find((b) => b.text === text)!, view) ?? null;
    expect(line('In stock only')).toBe('in <aside> marked “facets”');
    expect(line('Walnut stool, model 3')).toBeNull();
    expect(line('Sale price $123.00')).toBeNull();
  });
});

describe('enclosingHint', () => {
  it('finds the nearest marked element above each block, the same as walking up from it', () => {
    const { snapshot } = page();
    for (const block of snapshot.blocks) {
      let walked: number | null = null;
      for (let n = block.node; n > 0; n = snapshot.nodes[n]!.parent) {
        if (/\b(post|postsig)\b/.test(snapshot.nodes[n]!.hint)) {
          walked = n;
          break;
        }
      }
      expect(enclosingHint(snapshot, block, /\b(post|postsig)\b/)?.node.id ?? null).toBe(walked);
    }
  });
});
