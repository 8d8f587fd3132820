import type { RemovalRule } from '../types';
import { describeElement, quoted, wordMatcher } from '../words';

const WORDS = wordMatcher(['login', 'log-in', 'signin', 'sign-in', 'signup', 'sign-up', 'register', 'registration', 'loginform', 'must-log-in', 'auth-modal', 'login-modal']);
const TEXT =
  /^(log ?in|sign ?in|sign ?up|register|create (an |your )?account|forgot (your )?password\??|(you must|please) (be )?(log|sign)(ged)? ?in\b.*|(log|sign) ?in to (reply|comment|post|continue|read)\b.*|already (have an account|a member|registered)\b.*|(don't|do not) have an account\b.*|not a member\b.*|(log|sign) ?in (or|\/) (register|sign ?up)\b.*|remember me|lost your password\??)$/i;

/** Login or sign-up prompts: a form with a password field, or "Log in to reply" and the like. */
export const loginPrompt: RemovalRule = {
  cause: 'login-prompt',
  block(block) {
    if (block.text.length === 0 || block.text.length > 120) return null;
    return TEXT.test(block.text) ? `text ${quoted(block.text)}` : null;
  },
  region(region) {
    if (region.node.form === 'login') return `in a ${describeElement(region.node)} with a password field`;
    const word = WORDS(region.tokens);
    return word ? `in ${describeElement(region.node, word)}` : null;
  },
};
