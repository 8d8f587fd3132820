/**
 * Whether a page is a thread whose posts are the content (a forum or Q&A page), told by evidence that means the same
 * in every language: structured data that names a Q&A page or forum posting, post controls (votes, an accepted-answer
 * mark) between the start of the kept text and the comment group (on the first post), or lists of comments with the
 * same structure under several posts (comments under the question and under each answer).
 * Reader comments below an article (src/page-type/reader-comments.ts) are read only where none of it holds.
 */
import { isInside } from '../boilerplate/ancestry';
import type { PageSnapshot } from '../snapshot/types';
import type { PageRepeats, RepeatedGroup } from './repeats';

/** Structured-data types of a thread (JSON-LD @type, microdata itemtype). */
const THREAD_TYPES = new Set(['qapage', 'discussionforumposting']);
/** Types of a thread's posts, which an FAQ page also uses for its entries. */
const POST_TYPES = new Set(['question', 'answer']);
/** Class, id or role words of the controls a thread's posts carry. */
const POST_CONTROL = /\b(up|down)?votes?(cell|-?count|-?up|-?down|-?buttons?|-?container)?\b|\baccepted(-?answer)?\b/;

function structuredTypes(snapshot: PageSnapshot): Set<string> {
  const types = new Set((snapshot.metadata.jsonLdTypes ?? []).map((t) => t.toLowerCase()));
  for (const node of snapshot.nodes) for (const m of node.hint.matchAll(/schema\.org\/(\w+)/g)) types.add(m[1]!.toLowerCase());
  return types;
}

const classWords = (hint: string) => new Set(hint.replace(/\d+/g, '').split(/\s+/).filter((w) => w && !w.includes('/')));

/**
 * Whether the element holding the start of the kept text is a sibling of the comments with their tag and a class word
 * of theirs: a thread's opening post beside its replies, marked a little differently ("message message--first").
 */
function firstPostLikeReplies(snapshot: PageSnapshot, comments: RepeatedGroup, articleNode: number): boolean {
  const member = snapshot.nodes[comments.members[0]!];
  if (!member) return false;
  const words = classWords(member.hint);
  for (let n = articleNode; n >= 0; n = snapshot.nodes[n]?.parent ?? -1) {
    const node = snapshot.nodes[n]!;
    if (node.parent !== comments.parent) continue;
    return node.tag === member.tag && [...classWords(node.hint)].some((w) => words.has(w));
  }
  return false;
}

/**
 * What says the page is a thread, in words, or null. `articleNode` and `commentNode` are the nodes of the first kept
 * block and of the comment group's first block.
 */
export function threadEvidence(snapshot: PageSnapshot, repeats: PageRepeats, comments: RepeatedGroup, articleNode: number, commentNode: number): string | null {
  const types = structuredTypes(snapshot);
  for (const t of types) if (THREAD_TYPES.has(t)) return `structured data of type ${t}`;
  if (!types.has('faqpage')) for (const t of types) if (POST_TYPES.has(t)) return `structured data of type ${t}`;
  for (let n = Math.max(0, articleNode); n < commentNode; n++) if (POST_CONTROL.test(snapshot.nodes[n]?.hint ?? '')) return 'vote or accepted-answer controls on the first post';
  if (firstPostLikeReplies(snapshot, comments, articleNode)) return 'the first post is built like the replies';
  const nested = (g: RepeatedGroup, h: RepeatedGroup) => h.members.some((m) => isInside(snapshot, g.parent, m));
  const beside = repeats.groups.find((g) => g !== comments && g.signature === comments.signature && !nested(g, comments) && !nested(comments, g));
  if (beside) return 'lists of comments under several posts';
  return null;
}
