import type { RemovalRule } from '../types';
import { quoted, wordMatcher } from '../words';

const WORDS = wordMatcher(['cookies?', 'cookie\\w*', 'consent', 'gdpr', 'cmp', 'onetrust', 'cc-window', 'cookiebar', 'privacy-banner', 'qc-cmp2?']);
const BUTTON = /^(accept|accept all|accept cookies|allow all|allow cookies|reject all|decline|manage (cookies|preferences)|cookie (settings|preferences))$/i;
/** Longest text a banner's block may hold; the notice alone, deciding on its own, is shorter. */
const MAX_BANNER_CHARS = 600;
const MAX_NOTICE_CHARS = 400;

const NOTICE = /\b(we use cookies|this (web)?site uses cookies|uses cookies to|by (continuing|using) (to (use|browse) )?(this|our) (site|website)|accept (all )?cookies|cookie (settings|preferences))\b/i;

/**
 * The notice's wording in the other languages Pith reads (de, fr, es, pt, it, ru, zh, ja, ko, ar, id), one pattern
 * each. No \b: it knows only ASCII letters.
 */
const NOTICE_ELSEWHERE: readonly RegExp[] = [
  /(webseite|website|seite) (verwendet|nutzt|benutzt|setzt) cookies|wir (verwenden|nutzen|setzen) cookies|verwendung von cookies zu|cookies (akzeptieren|zulassen)|cookie-(richtlinie|einstellungen)/i,
  /(ce|notre) site (utilise|emploie) (des )?cookies|nous utilisons (des )?cookies|accepter (les |tous les )?cookies|(paramètres|préférences) (des )?cookies/i,
  /(sitio|web) (utiliza|usa) (las )?cookies|(utilizamos|usamos) (las )?cookies|aceptar (las |todas las )?cookies|configuración de cookies/i,
  /(site|website) (utiliza|usa) cookies|aceitar (os |todos os )?cookies/i,
  /sito (utilizza|usa) (i )?cookie|(utilizziamo|usiamo) (i )?cookie|accett[ao] (i |tutti i )?cookie/i,
  /(использует|используем|используют) (файлы )?cookie/i,
  /(网站|網站|我们|我們)\S{0,6}(使用|采用|利用)\s?cookie/i,
  /(cookie|クッキー)\s?を(使用|利用)/i,
  /쿠키를 (사용|이용)/,
  /(يستخدم|نستخدم)\s+(هذا الموقع\s+)?(ملفات\s+)?(تعريف الارتباط|الكوكيز|cookies)/i,
  /(situs|website) ini menggunakan (cookie|kuki)|kami menggunakan (cookie|kuki)/i,
];

function noticeElsewhere(text: string): boolean {
  return /cookie|クッキー|쿠키|الارتباط|الكوكيز|kuki/i.test(text) && NOTICE_ELSEWHERE.some((notice) => notice.test(text));
}

/**
 * Cookie or consent banners: "We use cookies…", or an element marked cookie/consent/gdpr. On its own (`decides`) only
 * the notice's own wording and its buttons, not any sentence about cookies.
 */
export const cookieConsent: RemovalRule = {
  cause: 'cookie-consent',
  roles: { explains: 1, decides: 1 },
  block(block) {
    const text = block.text;
    if (text.length === 0 || text.length > MAX_BANNER_CHARS) return null;
    if (BUTTON.test(text)) return `button ${quoted(text)}`;
    const english = /cookie/i.test(text) && /(accept|agree|consent|we use|uses cookies|privacy|preferences|settings)/i.test(text);
    return english || noticeElsewhere(text) ? `text ${quoted(text)}` : null;
  },
  marksOnly: true,
  region(region) {
    const word = WORDS(region.tokens) ?? (region.node.label && /cookie|consent/.test(region.node.label) ? region.node.label : null);
    return word ? `in an element marked “${word}”` : null;
  },
  decidesBlock(block) {
    const text = block.text;
    if (text.length === 0 || text.length > MAX_NOTICE_CHARS) return null;
    return BUTTON.test(text) || NOTICE.test(text) || noticeElsewhere(text) ? `text ${quoted(text)}` : null;
  },
};
