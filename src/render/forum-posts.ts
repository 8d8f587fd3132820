/**
 * Forum and Q&A threads read as a thread: above the first kept block of every post the page-type profile found, a
 * heading line with the post's author and date (`.pith-post-meta`: "Question · Wren Abbott · Feb 10, 2025" on a
 * Q&A page, else "Post 2 of 6 · …"), and every block of the post carries `data-pith-post`; the post's own author
 * and date lines, which the heading repeats, are left out. A post's comments (kept
 * blocks inside an element the page names "comment") are folded under their post into one collapsed "2 comments".
 */
import type { Extraction } from '../pipeline/types';
import type { PageSnapshot } from '../snapshot/types';
import { BLOCK_SELECTOR, blockId } from './apply-decisions';

export const POST_META_CLASS = 'pith-post-meta';
export const POST_COMMENTS_CLASS = 'pith-post-comments';

const COMMENT_HINT = /\bcomments?\b/;
const QUESTION_HINT = /\bquestion\b/;
/** Reputation and badge counts an author line may carry ("Tom Hale 39.1k 22 silver badges", "3,912 reputation · 22 silver badges"): member details. */
const MEMBER_COUNTS = /\s+[\d.,]+k?(?:\s*(?:[\d.,]+k?|gold|silver|bronze|badges?|reputation|points?|[·•|]))*\s*$/i;

/** The author's name without the reputation and badge counts some sites print beside it. */
export function authorName(author: string): string {
  const text = author.replace(/\s+/g, ' ').trim();
  const counts = MEMBER_COUNTS.exec(text);
  // One trailing number may be part of a name ("Agent 47"); badges or two counts are member details.
  if (!counts || (!/badge/i.test(counts[0]) && (counts[0].match(/[\d.,]+k?/g)?.length ?? 0) < 2)) return text;
  return text.slice(0, counts.index).trim() || text;
}

function hasHint(snapshot: PageSnapshot, node: number, pattern: RegExp, stopAt: number): boolean {
  for (let n = node; n >= 0 && n !== stopAt; n = snapshot.nodes[n]?.parent ?? -1) {
    if (pattern.test(snapshot.nodes[n]?.hint ?? '')) return true;
  }
  return false;
}

/** The lowest node holding every block of `blocks` (the post's own element). */
function commonNode(snapshot: PageSnapshot, blocks: number[]): number {
  const chain = (n: number): number[] => {
    const out: number[] = [];
    for (let at = n; at >= 0; at = snapshot.nodes[at]?.parent ?? -1) out.push(at);
    return out;
  };
  let common = chain(snapshot.blocks[blocks[0]!]!.node);
  for (const b of blocks.slice(1)) {
    const other = new Set(chain(snapshot.blocks[b]!.node));
    common = common.filter((n) => other.has(n));
  }
  return common[0] ?? -1;
}

/** Whether the page is a question with answers (schema.org QAPage, or its first post's element says "question"). */
function isQuestionPage(extraction: Extraction, firstPost: number[]): boolean {
  const { snapshot } = extraction;
  if (snapshot.metadata.jsonLdTypes?.some((t) => /^QAPage$|^Question$/i.test(t))) return true;
  const first = firstPost[0];
  return first !== undefined && hasHint(snapshot, snapshot.blocks[first]!.node, QUESTION_HINT, 0);
}

function postHeading(doc: Document, label: string, author: string, date: string, post: number): HTMLElement {
  const meta = doc.createElement('p');
  meta.className = POST_META_CLASS;
  meta.setAttribute('data-pith-post', String(post));
  const number = doc.createElement('span');
  number.className = 'pith-post-number';
  number.textContent = label;
  meta.append(number);
  if (author) {
    const name = doc.createElement('span');
    name.className = 'pith-post-author';
    name.textContent = authorName(author);
    meta.append(' · ', name);
  }
  if (date) {
    const when = doc.createElement('span');
    when.className = 'pith-post-date';
    when.textContent = date;
    meta.append(' · ', when);
  }
  return meta;
}

/** The outermost element around `el` below `root` whose rendered blocks are all in `members`. */
function outermost(el: Element, root: Element, members: Set<Element>): Element {
  let top = el;
  for (let parent = top.parentElement; parent && parent !== root; parent = parent.parentElement) {
    if (!Array.from(parent.querySelectorAll(BLOCK_SELECTOR)).every((b) => members.has(b))) break;
    top = parent;
  }
  return top;
}

/** Folds a post's comment blocks (in document order) into one collapsed disclosure where the first of them was. */
function foldComments(root: Element, comments: Element[]): void {
  if (comments.length === 0) return;
  const doc = root.ownerDocument;
  const set = new Set(comments);
  const tops: Element[] = [];
  for (const el of comments) {
    const top = outermost(el, root, set);
    if (!tops.includes(top) && !tops.some((t) => t.contains(top))) tops.push(top);
  }
  const details = doc.createElement('details');
  details.className = POST_COMMENTS_CLASS;
  const summary = doc.createElement('summary');
  summary.textContent = `${comments.length} ${comments.length === 1 ? 'comment' : 'comments'}`;
  details.append(summary);
  tops[0]!.before(details);
  details.append(...tops);
}

export function markForumPosts(root: Element, extraction: Extraction): void {
  const posts = extraction.pageType?.applied ? extraction.pageType.posts : undefined;
  if (!posts?.length) return;
  const { snapshot } = extraction;
  const question = isQuestionPage(extraction, posts[0]!.blocks);
  const postOf = new Map<number, number>();
  posts.forEach((post, index) => post.blocks.forEach((b) => postOf.set(b, index)));
  const postNode = posts.map((post) => (post.blocks.length > 0 ? commonNode(snapshot, post.blocks) : -1));
  // Where the posts are themselves comments (a blog's comment thread), nothing inside them is folded.
  const postsAreComments = postNode.some((n) => n >= 0 && hasHint(snapshot, n, COMMENT_HINT, -1));
  const doc = root.ownerDocument;
  const started = new Set<number>();
  const comments = new Map<number, Element[]>();
  const repeats: Element[] = [];
  for (const el of Array.from(root.querySelectorAll(BLOCK_SELECTOR))) {
    const id = blockId(el);
    const index = id === null ? undefined : postOf.get(id);
    if (id === null || index === undefined || el.classList.contains('pith-removed')) continue;
    el.setAttribute('data-pith-post', String(index + 1));
    const node = snapshot.blocks[id]?.node ?? -1;
    if (started.has(index) && !postsAreComments && hasHint(snapshot, node, COMMENT_HINT, postNode[index]!)) {
      comments.set(index, [...(comments.get(index) ?? []), el]);
      continue;
    }
    const post = posts[index]!;
    // The post's own author and date lines: the heading above the post says them once.
    const text = el.textContent?.replace(/\s+/g, ' ').trim() ?? '';
    if (text !== '' && (text === post.author.trim() || text === post.date.trim())) {
      if (!started.has(index)) repeats.push(el);
      else {
        el.remove();
        continue;
      }
    }
    if (started.has(index)) continue;
    started.add(index);
    const label = question ? (index === 0 ? 'Question' : `Answer ${index} of ${posts.length - 1}`) : `Post ${index + 1} of ${posts.length}`;
    el.before(postHeading(doc, label, post.author, post.date, index + 1));
  }
  for (const els of comments.values()) foldComments(root, els);
  for (const el of repeats) el.remove();
}
