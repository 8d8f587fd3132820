import type { RemovalRule } from '../types';
import { quoted, wordMatcher } from '../words';

const WORDS = wordMatcher(['cookies?', 'cookie\\w*', 'consent', 'gdpr', 'cmp', 'onetrust', 'cc-window', 'cookiebar', 'privacy-banner', 'qc-cmp2?']);
const BUTTON = /^(accept|accept all|accept cookies|allow all|allow cookies|reject all|decline|manage (cookies|preferences)|cookie (settings|preferences))$/i;

/** Cookie or consent banners: "We use cookies…", or an element marked cookie/consent/gdpr. */
export const cookieConsent: RemovalRule = {
  cause: 'cookie-consent',
  block(block) {
    const text = block.text;
    if (text.length === 0 || text.length > 600) return null;
    if (BUTTON.test(text)) return `button ${quoted(text)}`;
    if (/cookie/i.test(text) && /(accept|agree|consent|we use|uses cookies|privacy|preferences|settings)/i.test(text)) {
      return `text ${quoted(text)}`;
    }
    return null;
  },
  marksOnly: true,
  region(region) {
    const word = WORDS(region.tokens) ?? (region.node.label && /cookie|consent/.test(region.node.label) ? region.node.label : null);
    return word ? `in an element marked “${word}”` : null;
  },
};

const NOTICE = /\b(we use cookies|this (web)?site uses cookies|uses cookies to|by (continuing|using) (to (use|browse) )?(this|our) (site|website)|accept (all )?cookies|cookie (settings|preferences))\b/i;

/** The strict form that may remove a block by itself: the notice's own wording, not any sentence about cookies. */
export const cookieNotice: RemovalRule = {
  cause: 'cookie-consent',
  block(block) {
    if (block.text.length === 0 || block.text.length > 400) return null;
    if (BUTTON.test(block.text) || NOTICE.test(block.text)) return `text ${quoted(block.text)}`;
    return null;
  },
};
