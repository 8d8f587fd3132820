/**
 * Pith's named removal rules. Each rule declares its roles and its rank in each (`roles`); `rulesFor(role)` lists
 * them most specific first: when a block or an element around it matches several, the first names the cause (a
 * login form in a sidebar is a login prompt; a share bar in a footer is share buttons).
 */
import type { RemovalRule, RuleRole } from '../types';
import { advertisement } from './advertisement';
import { affiliateNotice } from './affiliate-notice';
import { authorBox } from './author-box';
import { breadcrumb } from './breadcrumb';
import { commentSection } from './comment-section';
import { cookieConsent } from './cookie-consent';
import { customerReviews } from './customer-reviews';
import { dateLine } from './date-line';
import { dialogPanel } from './dialog-panel';
import { duplicateMeta } from './duplicate-meta';
import { duplicateTitle } from './duplicate-title';
import { editLink } from './edit-link';
import { filterBar } from './filter-bar';
import { imageCaption } from './image-caption';
import { keyboardHelp } from './keyboard-help';
import { legalNotice } from './legal-notice';
import { loginPrompt, loginPromptRule } from './login-prompt';
import { mediaPlayer } from './media-player';
import { memberDetails } from './member-details';
import { navMenu } from './nav-menu';
import { newsletterSignup } from './newsletter-signup';
import { pagination } from './pagination';
import { postActions, postActionsRule } from './post-actions';
import { relatedContent } from './related-content';
import { shareButtons } from './share-buttons';
import { shopPanel } from './shop-panel';
import { sidebar } from './sidebar';
import { signature, signatureRule } from './signature';
import { siteFooter } from './site-footer';
import { siteHeader } from './site-header';
import { skipLink } from './skip-link';
import { storyTeasers } from './story-teasers';
import { supportAppeal } from './support-appeal';
import { tableOfContents } from './table-of-contents';
import { testimonials } from './testimonials';
import { webForm } from './web-form';

/** Every rule object, registered once (a test checks that each rule file's rules are here). */
export const ALL_RULES: readonly RemovalRule[] = [
  advertisement,
  breadcrumb,
  commentSection,
  cookieConsent,
  customerReviews,
  duplicateMeta,
  duplicateTitle,
  editLink,
  filterBar,
  keyboardHelp,
  loginPrompt,
  loginPromptRule('thread'),
  memberDetails,
  navMenu,
  newsletterSignup,
  pagination,
  postActions,
  postActionsRule('thread'),
  relatedContent,
  shareButtons,
  sidebar,
  signature,
  signatureRule('thread'),
  siteFooter,
  siteHeader,
  skipLink,
  tableOfContents,
];

/**
 * The rules of the reader's words only (role `names`, src/render/place-names.ts): they name removals the engine could
 * name only by their place, and decide nothing. Kept out of ALL_RULES, so that the extraction script injected into the
 * page does not carry them. In the order of their rank (a test checks).
 */
export const NAMING_RULES: readonly RemovalRule[] = [dialogPanel, shopPanel, supportAppeal, affiliateNotice, authorBox, imageCaption, storyTeasers, testimonials, mediaPlayer, webForm, dateLine, legalNotice];

/** The rules that have `role`, in the order of their rank there. */
export function rulesFor(role: RuleRole): readonly RemovalRule[] {
  return ALL_RULES.filter((r) => r.roles[role] !== undefined).sort((a, b) => a.roles[role]! - b.roles[role]!);
}

/** The rules that name a removal's cause, most specific first. */
export const REMOVAL_RULES: readonly RemovalRule[] = rulesFor('explains');
