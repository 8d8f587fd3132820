/**
 * Reader comments below an article, told apart from the posts of a thread by structure: the comments are a repeated
 * group that the comment-section rule recognises (named comments, or under a "12 Comments" heading), and before them
 * stands an article that is none of them, longer than a typical comment. In a forum or Q&A thread the first post is
 * one of the posts (or the posts are named posts, answers, messages), so nothing here applies and its posts stay.
 * A page that says it is a thread does not count either, whatever the repeated groups look like (src/page-type/thread-evidence.ts):
 * Q&A or forum structured data, vote controls or an accepted-answer mark on the posts before the comments, or the
 * comments under each of several posts (comments under the question and under each answer); nor does a product page
 * (the classifier's verdict above the product profile's cutoff, or product structured data): what follows a product
 * are its reviews.
 * What the structural stages kept of the comments stays kept (on the development pages whose truth counts reader
 * comments as content, removing them cost more); what this prevents is the forum profile or a rescue bringing back
 * comments the structural stages left out (src/page-type/index.ts).
 */
import { classifyBlock } from '../boilerplate/classify';
import { buildPageView } from '../boilerplate/page-view';
import { commentSection } from '../boilerplate/rules/comment-section';
import { isKept } from '../decisions/record';
import type { DecisionRecord } from '../decisions/types';
import type { PageSnapshot } from '../snapshot/types';
import type { PageTypeVerdict } from './classify';
import { isMenuRun, memberOfBlocks, type PageRepeats, type RepeatedGroup } from './repeats';
import { threadEvidence } from './thread-evidence';

/** Fewer repeated items than this are not a comment section (two replies may be an article's own quotes). */
const MIN_COMMENTS = 3;
/** At least this share of the group's text must be recognised by the comment-section rule. */
const MIN_COMMENT_SHARE = 0.5;
/** The article before the comments: at least this many characters of kept text… */
const MIN_ARTICLE_CHARS = 400;
/** …and at least this many times the text of a median comment (else the first "comment" is a thread's opening post). */
const MIN_ARTICLE_TO_COMMENT = 2;

const COMMENT_RULES = [commentSection];

export interface ReaderComments {
  /** The comments' blocks and the rest of the comment section (its heading, the reply form), in document order. */
  blocks: number[];
  comments: number;
  articleChars: number;
  /** What each comment block is, in words. */
  what: string;
  reason: string;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** The comment group: the repeated group with the most text of which the comment-section rule recognises most. */
function commentGroup(snapshot: PageSnapshot, repeats: PageRepeats, isComment: (id: number) => boolean): RepeatedGroup | null {
  let best: RepeatedGroup | null = null;
  for (const group of repeats.groups) {
    if (group.members.length < MIN_COMMENTS || isMenuRun(group) || (best && group.chars <= best.chars)) continue;
    const member = memberOfBlocks(snapshot, group);
    let all = 0;
    let named = 0;
    for (const block of snapshot.blocks) {
      if (member[block.id] < 0 || !block.visible) continue;
      all += block.text.length;
      if (isComment(block.id)) named += block.text.length;
    }
    if (all > 0 && named / all >= MIN_COMMENT_SHARE) best = group;
  }
  return best;
}

/** Structured-data types (JSON-LD @type, og:type) of a thing people review: what follows it are reviews, not reader comments. */
const REVIEWED_THING = /^(product|productgroup|individualproduct|offer|aggregateoffer|course)$|^product\b/i;

function isReviewedThing(snapshot: PageSnapshot): boolean {
  const { jsonLdTypes = [], openGraph } = snapshot.metadata;
  return [...jsonLdTypes, openGraph['og:type'] ?? ''].some((t) => REVIEWED_THING.test(t));
}

/** The reader comments below the page's article, or null when the page has none (or is a thread, or not an article). */
export function readerComments(snapshot: PageSnapshot, record: DecisionRecord, repeats: PageRepeats, verdict: PageTypeVerdict, productCutoff: number): ReaderComments | null {
  if ((verdict.type === 'product' && verdict.confidence >= productCutoff) || isReviewedThing(snapshot)) return null;
  const page = buildPageView(snapshot, -1, 0);
  const memo = new Map<number, boolean>();
  const isComment = (id: number): boolean => {
    let answer = memo.get(id);
    if (answer === undefined) memo.set(id, (answer = classifyBlock(snapshot.blocks[id]!, page, COMMENT_RULES)?.cause === 'comment-section'));
    return answer;
  };
  const group = commentGroup(snapshot, repeats, isComment);
  if (!group) return null;
  const member = memberOfBlocks(snapshot, group);
  const first = snapshot.blocks.find((b) => member[b.id] >= 0);
  if (!first) return null;
  let articleChars = 0;
  let articleNode = -1;
  for (const block of snapshot.blocks) {
    if (block.id >= first.id) break;
    if (!block.visible || !isKept(record, block.id) || isComment(block.id)) continue;
    articleChars += block.text.length;
    if (articleNode < 0) articleNode = block.node;
  }
  if (articleNode < 0 || threadEvidence(snapshot, repeats, group, articleNode, first.node)) return null;
  const perComment = new Map<number, number>();
  for (const block of snapshot.blocks) if (member[block.id] >= 0 && block.visible) perComment.set(member[block.id], (perComment.get(member[block.id]) ?? 0) + block.text.length);
  if (articleChars < MIN_ARTICLE_CHARS || articleChars < MIN_ARTICLE_TO_COMMENT * median([...perComment.values()])) return null;
  const comments = group.members.length;
  const what = `one of ${comments} reader comments below the article`;
  const blocks = snapshot.blocks.filter((b) => b.id >= first.id && (member[b.id] >= 0 || isComment(b.id))).map((b) => b.id);
  return { blocks, comments, articleChars, what, reason: `Article with reader comments: the ${comments} comments below it are not part of it` };
}
