import { enclosingHint } from '../ancestry';
import type { RemovalRule } from '../types';
import { describeElement, quoted } from '../words';

const STATS_TEXT = /^(joined|messages|posts|reaction score|points|location|age|reputation|likes( received)?|trophies|member since|threads|gender|country|state|city|reason|diagnosis|rep power|thanks( given| received)?)\b/i;
const HINT = /\b(message-userextras|userextras|user-?extras|user-?stats|userstats|postprofile|member-?stats|pairs--justified|postbit-?details|user-?blurb|usertitle|user-?title|message-usertitle|user-?banner|userbanner)\b/;

/**
 * The member details beside a forum post: join date, message count, reaction score, user title (the author's name
 * stays, the post profile keeps it above the post). Short lines only, in an element marked user-stats/postprofile
 * and the like, or a list item that starts "Joined", "Messages", "Reaction score".
 */
export const memberDetails: RemovalRule = {
  cause: 'member-details',
  block(block, page) {
    const text = block.text;
    if (text.length > 60) return null;
    const marked = enclosingHint(page.snapshot, block, HINT);
    if (marked) return `in ${describeElement(marked.node, marked.word)}`;
    if (block.kind === 'list-item' && STATS_TEXT.test(text)) return `line ${quoted(text)}`;
    return null;
  },
};
