import { enclosingHint } from '../ancestry';
import type { RemovalRule } from '../types';
import { describeElement, quoted } from '../words';

const STATS_TEXT = /^(joined|messages|posts|reaction score|points|location|age|reputation|likes( received)?|trophies|member since|threads|gender|country|state|city|reason|diagnosis|rep power|thanks( given| received)?)\b/i;
/** A line of member statistics only: "1,109 posts · Joined 2022", "412 messages | 38 likes". */
const STATS_PART = /^(?:[\d.,]+[km]?\s+(?:posts?|messages?|threads?|replies|likes?|points?|reputation|reactions?|solutions?|answers?|topics?)|(?:posts|messages|threads|replies|likes|points|reputation|reactions|solutions|answers|topics):\s*[\d.,]+[km]?|joined:?\s.*\d{4}|member since:?\s.*\d{4})$/i;
/** A badge beside the author's name: what the author is in the thread, not what they wrote. */
const BADGE = /^(?:author|op|original poster|topic starter|thread starter|discussion starter)$/i;
/** An avatar drawn as the author's initials ("C", "JD"): letters only… */
const INITIALS = /^\p{L}{1,2}$/u;
/** …in an element marked avatar. */
const AVATAR_HINT = /\bavatar\b/;
const HINT = /\b(message-userextras|userextras|user-?extras|user-?stats|userstats|postprofile|member-?stats|pairs--justified|postbit-?details|user-?blurb|usertitle|user-?title|message-usertitle|user-?banner|userbanner|c?authorpane_info)\b/;

/**
 * The member details beside a forum post: join date, message count, reaction score, user title (the author's name
 * stays, the post profile keeps it above the post). Short lines only, in an element marked user-stats/postprofile
 * and the like, a list item that starts "Joined", "Messages", "Reaction score", a line of counts only ("1,109 posts ·
 * Joined 2022", "Replies: 12"), a badge ("Original Poster"), or the initials drawn as an avatar.
 */
export const memberDetails: RemovalRule = {
  cause: 'member-details',
  roles: { thread: 4 },
  block(block, page) {
    const text = block.text;
    if (text.length > 60) return null;
    const marked = enclosingHint(page.snapshot, block, HINT);
    if (marked) return `in ${describeElement(marked.node, marked.word)}`;
    if (block.kind === 'list-item' && STATS_TEXT.test(text)) return `line ${quoted(text)}`;
    if (text.split(/\s*[·•|]\s*/).every((part) => STATS_PART.test(part))) return `line ${quoted(text)}`;
    if (BADGE.test(text)) return `badge ${quoted(text)}`;
    if (INITIALS.test(text)) {
      const avatar = enclosingHint(page.snapshot, block, AVATAR_HINT);
      if (avatar) return `initials ${quoted(text)} in ${describeElement(avatar.node, avatar.word)}`;
    }
    return null;
  },
};
