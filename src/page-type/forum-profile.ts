/**
 * The forum / Q&A profile: every post of the thread in order, with its author and date lines; what a thread shows
 * around and inside its posts (signatures, member details, post actions, login prompts) goes.
 */
import { rulesFor } from '../boilerplate/rules';
import type { RemovalRule } from '../boilerplate/types';
import { isInside } from '../boilerplate/ancestry';
import { isKept } from '../decisions/record';
import type { Decision, DecisionRecord } from '../decisions/types';
import type { Block, PageSnapshot } from '../snapshot/types';
import { itemGroup, keepItems, type ProfileResult } from './profiles';
import { withQuestionFirst } from './question-post';
import { isMenuRun, memberOfBlocks, type PageRepeats, type RepeatedGroup } from './repeats';

/** One post of a forum thread or Q&A page: its blocks, and the author and date lines found in it. */
export interface ForumPost {
  blocks: number[];
  author: string;
  date: string;
}

/** What a forum thread drops around and inside its posts, most specific first (the first match names the cause). */
export const THREAD_RULES: readonly RemovalRule[] = rulesFor('thread');

const POST_HINT = /\b(post|posts|message|reply|comment|answer|question|thread|topic|bbp|entry)\b/;
/** A group of posts beside the chosen one joins it only when the structural stages kept less than this share of it. */
const MAX_PARTNER_KEPT_SHARE = 0.5;
const AUTHOR_HINT = /\b(author|username|user-?name|user|poster|member|byline|nick)\b/;
/** A month's name, whole or cut short (not the start of another word: "Marchand 1" is no date). */
const MONTH = '(jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sep(t(ember)?)?|oct(ober)?|nov(ember)?|dec(ember)?)\\b';
const DATE_TEXT = new RegExp(`\\b${MONTH}\\.? \\d{1,2}|\\b\\d{1,2} ${MONTH}|\\b\\d{1,4}[/.-]\\d{1,2}[/.-]\\d{2,4}\\b|\\b\\d+ (minutes?|hours?|days?|weeks?|months?|years?) ago\\b|\\b(today|yesterday)\\b`, 'i');

/**
 * The posts of a thread that nests each post's replies beside it (post, replies, post, replies… under one parent: two
 * groups of siblings that both say they are posts), when the structural stages dropped the other kind: the group
 * `itemGroup` chose is joined by the others of its parent whose names say post, whose members sit between its own, and
 * of whose text the record keeps less than half. (Where the record keeps them, as a thread starter's posts beside the
 * replies, the profile would only bring back the lines it dropped inside them, such as "Offline" or "last edited by".)
 */
function threadGroup(snapshot: PageSnapshot, record: DecisionRecord, repeats: PageRepeats, group: RepeatedGroup): RepeatedGroup {
  const first = group.members[0]!;
  const last = group.members[group.members.length - 1]!;
  const partners = repeats.groups.filter(
    (g) =>
      g !== group &&
      g.parent === group.parent &&
      POST_HINT.test(g.signature) &&
      !isMenuRun(g) &&
      g.members.some((m) => m > first && m < last) &&
      keptShare(snapshot, record, g) < MAX_PARTNER_KEPT_SHARE,
  );
  if (partners.length === 0) return group;
  const members = [group, ...partners].flatMap((g) => g.members).sort((a, b) => a - b);
  return { ...group, members, chars: partners.reduce((sum, g) => sum + g.chars, group.chars) };
}

/** The share of the group's visible text that the record keeps. */
function keptShare(snapshot: PageSnapshot, record: DecisionRecord, group: RepeatedGroup): number {
  const member = memberOfBlocks(snapshot, group);
  let kept = 0;
  let all = 0;
  for (const block of snapshot.blocks) {
    if (member[block.id]! < 0 || !block.visible) continue;
    all += block.text.length;
    if (isKept(record, block.id)) kept += block.text.length;
  }
  return all === 0 ? 1 : kept / all;
}

/** A name is at most this long; what follows it on the same line from the first number on (reputation, badge counts) is not counted. */
const MAX_NAME_CHARS = 40;

/** The line's text before its first word that starts with a digit ("Tom Hale 39122 silver badges" → "Tom Hale"). */
function beforeCounts(text: string): string {
  return text.split(/\s(?=\d)/)[0]!;
}

/** An author line marked as the post's owner or author outranks one marked only user or member (an editor's card). */
const OWNER_HINT = /\b(author|owner)\b/;
/** A comment under the post: its commenters' names and dates are not the post's. */
const COMMENT_HINT = /\bcomments?\b/;

/**
 * How strongly the elements around a line say it is the post's author, or -1 inside a comment under the post. The
 * nearest element marked author-like counts most (the name in "user-details author", not the "asked" beside it in
 * "user-info"), then an owner or author mark further out (the asker's card, not an editor's), then being a link (to
 * the author's profile).
 */
function authorScore(snapshot: PageSnapshot, block: Block, member: number): number {
  let nearest = 0;
  let owner = 0;
  for (let n = block.node; n >= 0 && n !== snapshot.nodes[member]?.parent; n = snapshot.nodes[n]?.parent ?? -1) {
    const hint = snapshot.nodes[n]?.hint ?? '';
    if (n !== member && COMMENT_HINT.test(hint)) return -1;
    const rank = OWNER_HINT.test(hint) ? 2 : AUTHOR_HINT.test(hint) ? 1 : 0;
    if (nearest === 0) nearest = rank;
    if (rank === 2) owner = 1;
  }
  if (nearest === 0) return 0;
  return nearest * 4 + owner * 2 + (block.linkTextLength >= block.text.length ? 1 : 0);
}

/**
 * The post's author line (the whole line: the reader shows the name without its counts) and the date line nearest to
 * it. Lines inside the post's comments are not the post's; an author line marked owner or author wins over one marked
 * user (the card of whoever edited the post).
 */
function authorAndDate(snapshot: PageSnapshot, blocks: Block[], member: number): { author: string; date: string } {
  const lines = blocks.filter((b) => b.text.length <= 80);
  const dates = lines.filter((b) => DATE_TEXT.test(b.text) && authorScore(snapshot, b, member) >= 0);
  let author: Block | null = null;
  let best = 0;
  for (const block of lines) {
    if (beforeCounts(block.text).length > MAX_NAME_CHARS || DATE_TEXT.test(block.text) || !/\p{L}/u.test(block.text)) continue;
    // The words of an element that holds a date ("asked <time>…</time>") label the date; they are not a name.
    if (dates.some((d) => d.node !== block.node && isInside(snapshot, d.node, block.node))) continue;
    const score = authorScore(snapshot, block, member);
    if (score > best) [author, best] = [block, score];
  }
  let date = dates[0];
  // The date nearest the author: the first one inside the smallest element around the author line that holds one.
  for (let n = author?.node ?? -1; n >= 0 && n !== member && date !== undefined; n = snapshot.nodes[n]?.parent ?? -1) {
    const near = dates.find((d) => isInside(snapshot, d.node, n));
    if (near) {
      date = near;
      break;
    }
  }
  return { author: author?.text ?? '', date: date?.text ?? '' };
}

/** A comment under the post or a line of links only (its tags): beside the post's own words. */
function asidePost(snapshot: PageSnapshot, block: Block, member: number): boolean {
  return block.linkTextLength >= 0.5 * block.text.length || authorScore(snapshot, block, member) < 0;
}

export function forumProfile(snapshot: PageSnapshot, record: DecisionRecord, repeats: PageRepeats): ProfileResult | null {
  const chosen = itemGroup(snapshot, repeats, 2, POST_HINT);
  if (!chosen) return null;
  const answers = threadGroup(snapshot, record, repeats, chosen);
  const group = withQuestionFirst(snapshot, answers, repeats.chars);
  const question = group === answers ? -1 : group.members[0]!;
  const found: Decision[] = [];
  const member = keepItems(snapshot, record, 'forum', group, THREAD_RULES, found);
  // A question found before the answers brings back only its own words: its comments and link-only lines (tags)
  // stay as the structural stages left them (the benchmarks' Q&A pages leave them out of the text).
  const decisions = question < 0 ? found : found.filter((d) => !d.kept || member[d.block] !== question || !asidePost(snapshot, snapshot.blocks[d.block]!, question));
  const dropped = new Set(decisions.filter((d) => !d.kept).map((d) => d.block));
  const revived = new Set(decisions.filter((d) => d.kept).map((d) => d.block));
  const signed = new Set(decisions.filter((d) => !d.kept && d.cause === 'signature').map((d) => d.block));
  // Each post's blocks in document order, gathered in one pass over the blocks (not one pass per post). The author
  // and date are read from the kept lines and from a card the signature rule dropped (a Q&A site's author card under
  // the post): the reader heads the post with them.
  const blocksOf = new Map<number, Block[]>(group.members.map((m) => [m, []]));
  const linesOf = new Map<number, Block[]>(group.members.map((m) => [m, []]));
  for (const b of snapshot.blocks) {
    if (member[b.id] < 0 || !b.visible || !b.text) continue;
    const stillRemoved = member[b.id] === question && !isKept(record, b.id) && !revived.has(b.id);
    if (!dropped.has(b.id) && !stillRemoved) blocksOf.get(member[b.id])?.push(b);
    if (!dropped.has(b.id) || signed.has(b.id)) linesOf.get(member[b.id])?.push(b);
  }
  const posts: ForumPost[] = group.members.map((m) => ({ blocks: blocksOf.get(m)!.map((b) => b.id), ...authorAndDate(snapshot, linesOf.get(m)!, m) })).filter((p) => p.blocks.length > 0);
  return { reason: `Forum thread: every post kept (${posts.length} posts)`, decisions, posts };
}
