/**
 * The snapshot's cleaned copy of the body (`snapshot.html`) as an element tree, for stages that query it. The walker
 * builds that tree before it serialises it, so a snapshot taken in this document hands over the tree itself rather
 * than having every reader parse the HTML again; a snapshot from elsewhere (a message, a file) is parsed once.
 *
 * The walker's tree is what `snapshot.html` serialises; a parse of that HTML can differ where the copy nests what
 * HTML's parser would not (a block laid out inside a paragraph becomes a paragraph inside a paragraph), and there the
 * tree keeps each mark where the walker put it.
 *
 * The tree is shared: readers must not change it (`snapshot.html` would no longer say what it holds).
 */
import type { PageSnapshot } from './types';

const trees = new WeakMap<PageSnapshot, HTMLElement>();

/** Records `body` (a body element holding the copy `snapshot.html` serialises) as the snapshot's tree. */
export function rememberCopyTree(snapshot: PageSnapshot, body: HTMLElement): void {
  trees.set(snapshot, body);
}

/** The body element holding the snapshot's copy. */
export function copyTree(snapshot: PageSnapshot): HTMLElement {
  let body = trees.get(snapshot);
  if (!body) {
    body = new DOMParser().parseFromString(snapshot.html, 'text/html').body;
    trees.set(snapshot, body);
  }
  return body;
}
