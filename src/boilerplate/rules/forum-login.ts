import { enclosedBy, enclosingHint } from '../ancestry';
import { blockLinkShare } from '../page-view';
import type { RemovalRule } from '../types';
import { describeElement, quoted } from '../words';

const TEXT = /\b(log ?in|sign ?in|sign ?up|register( now)?|create (an|your) account|forgot (your )?password|remember me|you must be logged in|join (the|our) (community|forum|discussion))\b/i;
const HINT = /\b(login|log-in|signin|sign-in|register|auth|loginform)\b/;

/**
 * Login and sign-up prompts around a forum thread: a form inside an element marked login/register, or a short line
 * that asks the reader to log in, join or register (mostly links, very short, or inside such an element). The forum
 * profile's rule: on a thread, "Register" in a short line is the site's prompt, not the posts' words.
 */
export const forumLogin: RemovalRule = {
  cause: 'login-prompt',
  block(block, page) {
    const marked = enclosingHint(page.snapshot, block, HINT);
    if (marked && enclosedBy(page.snapshot, block, 'form')) return `in a <form> within ${describeElement(marked.node, marked.word)}`;
    const text = block.text;
    if (text.length > 120 || !TEXT.test(text)) return null;
    if (blockLinkShare(block) > 0.3 || text.length < 60 || marked) return `text ${quoted(text)}`;
    return null;
  },
};
