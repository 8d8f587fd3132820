/**
 * Forum threads read as posts: above the first kept block of every post the page-type profile found, a line with
 * the post's number, author and date (`.pith-post-meta`), and every block of the post carries `data-pith-post`.
 */
import type { Extraction } from '../pipeline/types';
import { BLOCK_SELECTOR, blockId } from './apply-decisions';

export const POST_META_CLASS = 'pith-post-meta';

export function markForumPosts(root: Element, extraction: Extraction): void {
  const posts = extraction.pageType?.applied ? extraction.pageType.posts : undefined;
  if (!posts?.length) return;
  const postOf = new Map<number, number>();
  posts.forEach((post, index) => post.blocks.forEach((b) => postOf.set(b, index)));
  const doc = root.ownerDocument;
  const started = new Set<number>();
  for (const el of Array.from(root.querySelectorAll(BLOCK_SELECTOR))) {
    const id = blockId(el);
    const index = id === null ? undefined : postOf.get(id);
    if (index === undefined || el.classList.contains('pith-removed')) continue;
    el.setAttribute('data-pith-post', String(index + 1));
    if (started.has(index)) continue;
    started.add(index);
    const post = posts[index];
    const meta = doc.createElement('p');
    meta.className = POST_META_CLASS;
    meta.setAttribute('data-pith-post', String(index + 1));
    const number = doc.createElement('span');
    number.className = 'pith-post-number';
    number.textContent = `Post ${index + 1} of ${posts.length}`;
    meta.append(number);
    if (post.author) {
      const author = doc.createElement('span');
      author.className = 'pith-post-author';
      author.textContent = post.author;
      meta.append(' · ', author);
    }
    if (post.date) {
      const date = doc.createElement('span');
      date.className = 'pith-post-date';
      date.textContent = post.date;
      meta.append(' · ', date);
    }
    el.before(meta);
  }
}
