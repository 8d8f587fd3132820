import { nodeEnclosedWhere } from '../ancestry';
import type { RemovalRule } from '../types';
import { describeElement, quoted, wordMatcher } from '../words';

// Not "subscription": a service page's plans and prices sit in elements named so.
const WORDS = wordMatcher(['newsletter', 'newsletters', 'newsletter-signup', 'subscribe', 'mailing-list', 'email-signup', 'signup-form', 'mc4wp', 'mailchimp', 'klaviyo']);

/** A newsletter or mailing list, in the languages Pith reads (many use the English word). */
const LIST =
  /(newsletter|e-?mail (list|updates|alerts)|mailing list|rundbrief|infolettre|lettre d'information|boletín|bolet[ií]n informativo|рассылк|ニュースレター|メルマガ|뉴스레터|电子报|電子報|邮件订阅|النشرة البريدية|buletin)/i;
/** Asking to sign up or subscribe. */
const SIGN_UP =
  /(\bsign(ing)? ?up\b|\bsubscrib(e|ing)\b|\bjoin (our|the)\b|\bget (our|the)\b|\babonn|\banmeld|\binscri|\bsuscr[ií]b|\bassin[ae]|\biscriv|подпи[сш]|订阅|訂閱|登録|購読|구독|신청|اشترك|\bberlangganan|\bdaftar)/i;
/** Lines that only a sign-up box says. */
const OWN_LINE =
  /^(subscribe|sign ?up|join|submit|email|e-mail|email address|your email( address)?|enter your e-?mail( address)?\b.*|.*\b(straight|directly|delivered) to your inbox\b.*|.*\byou can unsubscribe at any time\b.*|.*\bjoin our (e-?mail|mailing) list\b.*)$/i;
const MAX_TEXT = 200;

/**
 * Newsletter sign-ups: a short line that asks the reader to sign up for a newsletter or mailing list ("Sign up for
 * our newsletter", "Abonnieren Sie unseren Newsletter"), or that only a sign-up box says ("Email address", "Straight
 * to your inbox", "You can unsubscribe at any time") when it sits in a form with an email field; or an element marked
 * newsletter or subscribe, or such a form.
 */
export const newsletterSignup: RemovalRule = {
  cause: 'newsletter-signup',
  roles: { explains: 3, decides: 3 },
  decidesHeadings: true,
  block(block, page) {
    const text = block.text;
    if (text.length === 0 || text.length > MAX_TEXT) return null;
    if (LIST.test(text) && SIGN_UP.test(text)) return `text ${quoted(text)}`;
    if (!OWN_LINE.test(text)) return null;
    const inForm = nodeEnclosedWhere(page.snapshot, block.node, 'form:subscribe', () => (node) => node.form === 'subscribe');
    return inForm ? `text ${quoted(text)} in a <form> with an email field` : null;
  },
  marksOnly: true,
  region(region) {
    if (region.node.form === 'subscribe') return `in a ${describeElement(region.node)} with an email field`;
    const word = WORDS(region.tokens);
    // A long stretch of prose is not a sign-up box, whatever its wrapper is called.
    if (!word || region.textLength > 600) return null;
    return `in ${describeElement(region.node, word)}`;
  },
};
