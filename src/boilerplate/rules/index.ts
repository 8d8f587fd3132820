/**
 * Pith's named removal rules, most specific first: when a block or an element around it matches several, the
 * first in this list names the cause (a login form in a sidebar is a login prompt; a share bar in a footer is
 * share buttons).
 */
import type { RemovalRule } from '../types';
import { advertisement } from './advertisement';
import { breadcrumb } from './breadcrumb';
import { commentSection } from './comment-section';
import { cookieConsent } from './cookie-consent';
import { customerReviews } from './customer-reviews';
import { duplicateMeta } from './duplicate-meta';
import { duplicateTitle } from './duplicate-title';
import { editLink } from './edit-link';
import { filterBar } from './filter-bar';
import { keyboardHelp } from './keyboard-help';
import { loginPrompt } from './login-prompt';
import { navMenu } from './nav-menu';
import { newsletterSignup } from './newsletter-signup';
import { pagination } from './pagination';
import { postActions } from './post-actions';
import { relatedContent } from './related-content';
import { shareButtons } from './share-buttons';
import { sidebar } from './sidebar';
import { signature } from './signature';
import { siteFooter } from './site-footer';
import { siteHeader } from './site-header';
import { skipLink } from './skip-link';
import { tableOfContents } from './table-of-contents';

export const REMOVAL_RULES: readonly RemovalRule[] = [
  cookieConsent,
  loginPrompt,
  newsletterSignup,
  advertisement,
  editLink,
  skipLink,
  keyboardHelp,
  breadcrumb,
  pagination,
  tableOfContents,
  shareButtons,
  postActions,
  signature,
  filterBar,
  commentSection,
  customerReviews,
  relatedContent,
  duplicateTitle,
  duplicateMeta,
  navMenu,
  siteHeader,
  siteFooter,
  sidebar,
];
