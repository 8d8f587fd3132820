/**
 * Why a block was removed, as a stable machine name (exports, benchmark, annotator) with the words a reader sees
 * in the "What was removed" summary. Every stage that removes a block gives one of these; `stage-decided` is the
 * only one that names no specific cause (a stage decided and could not say more).
 */
export const REMOVAL_CAUSES = {
  'nav-menu': { one: 'navigation menu', many: 'navigation menus' },
  'site-header': { one: 'site header', many: 'site headers' },
  'site-footer': { one: 'site footer', many: 'site footers' },
  sidebar: { one: 'sidebar', many: 'sidebars' },
  'comment-section': { one: 'comment section', many: 'comment sections' },
  'related-content': { one: 'related-content list', many: 'related-content lists' },
  'customer-reviews': { one: 'customer reviews section', many: 'customer reviews sections' },
  'login-prompt': { one: 'login or sign-up prompt', many: 'login or sign-up prompts' },
  'newsletter-signup': { one: 'newsletter sign-up', many: 'newsletter sign-ups' },
  advertisement: { one: 'advertisement', many: 'advertisements' },
  'share-buttons': { one: 'share or follow buttons', many: 'share or follow buttons' },
  'cookie-consent': { one: 'cookie or consent banner', many: 'cookie or consent banners' },
  breadcrumb: { one: 'breadcrumb', many: 'breadcrumbs' },
  pagination: { one: 'pagination bar', many: 'pagination bars' },
  'duplicate-meta': { one: 'byline or date line repeated in the header', many: 'byline or date lines repeated in the header' },
  'duplicate-title': { one: 'title repeated in the header', many: 'titles repeated in the header' },
  'table-of-contents': { one: 'table of contents', many: 'tables of contents' },
  'post-actions': { one: 'post action (reply, report, vote)', many: 'post actions (reply, report, vote)' },
  signature: { one: 'signature', many: 'signatures' },
  'member-details': { one: 'member details beside a post (join date, message count)', many: 'member details beside posts (join date, message count)' },
  'filter-bar': { one: 'filter or sort bar', many: 'filter or sort bars' },
  'edit-link': { one: '"edit this page" link', many: '"edit this page" links' },
  'keyboard-help': { one: 'keyboard-shortcut help dialog', many: 'keyboard-shortcut help dialogs' },
  'link-cluster': { one: 'link cluster', many: 'link clusters' },
  'fixed-overlay': { one: 'fixed overlay', many: 'fixed overlays' },
  hidden: { one: 'hidden element', many: 'hidden elements' },
  empty: { one: 'empty element', many: 'empty elements' },
  'outside-container': { one: 'piece outside the article', many: 'pieces outside the article' },
  'overlay-panel': { one: 'dialog or side panel that opens over the page', many: 'dialogs or side panels that open over the page' },
  'shop-widget': { one: "shop widget (cart, order form, wish list)", many: "shop widgets (cart, order form, wish list)" },
  'page-type-profile': { one: 'piece the page-type profile drops', many: 'pieces the page-type profile drops' },
  'outlier-group': { one: 'known boilerplate line', many: 'known boilerplate lines' },
  'far-from-core': { one: 'off-topic line', many: 'off-topic lines' },
  'ill-formed-text': { one: 'ill-formed text', many: 'ill-formed texts' },
  'lm-label': { one: 'piece the language model labelled other', many: 'pieces the language model labelled other' },
  'user-correction': { one: 'your correction', many: 'your corrections' },
  'author-box': { one: 'author box', many: 'author boxes' },
  'image-caption': { one: 'image caption', many: 'image captions' },
  'affiliate-notice': { one: 'shopping-link disclosure', many: 'shopping-link disclosures' },
  'support-appeal': { one: 'appeal for donations or members', many: 'appeals for donations or members' },
  'media-player': { one: 'gallery or video player controls', many: 'gallery or video player controls' },
  'web-form': { one: 'form', many: 'forms' },
  'date-line': { one: 'date line', many: 'date lines' },
  'legal-notice': { one: 'legal notice (copyright, disclaimer, terms)', many: 'legal notices (copyright, disclaimer, terms)' },
  'stage-decided': { one: 'piece a stage dropped without a specific cause', many: 'pieces a stage dropped without a specific cause' },
} as const satisfies Record<string, { one: string; many: string }>;

export type RemovalCause = keyof typeof REMOVAL_CAUSES;

export function causeLabel(cause: RemovalCause, count = 1): string {
  const words = REMOVAL_CAUSES[cause];
  return count === 1 ? words.one : words.many;
}
