import { describe, expect, it } from 'vitest';
import { authorName, markForumPosts, POST_COMMENTS_CLASS, POST_META_CLASS } from '../../../src/render/forum-posts';
import type { PageTypeSummary } from '../../../src/page-type';
import type { SnapshotNode } from '../../../src/snapshot/types';
import { buildExtraction, kept } from './fixtures';

/** A Q&A thread: the question (blocks 0–1, its comments 2–3), one answer (4, its comment 5). */
const HTML = `<body>
<div class="question"><p data-pith-block="0">Why does my starter smell of nail polish?</p><p data-pith-block="1">It is three weeks old.</p>
  <ul class="comments"><li data-pith-block="2">What temperature is your kitchen?</li><li data-pith-block="3">About eighteen degrees.</li></ul></div>
<div class="answer"><p data-pith-block="4">It is hungry: feed it twice a day.</p>
  <ul class="comments"><li data-pith-block="5">That did it, thank you.</li></ul></div>
</body>`;

/** Nodes: 0 body, 1 question, 2 its comment list, 3 answer, 4 its comment list; each block's node by its place. */
function thread(jsonLdTypes: string[] = [], postHint = 'question') {
  const extraction = buildExtraction({ html: HTML, metadata: { jsonLdTypes }, decisions: Object.fromEntries([0, 1, 2, 3, 4, 5].map((id) => [id, kept()])) });
  const node = (id: number, parent: number, hint: string): SnapshotNode => ({ id, parent, tag: 'div', hint, rect: { x: 0, y: 0, width: 0, height: 0 }, depth: id, fixed: false, visible: true, childElementCount: 1 });
  extraction.snapshot.nodes = [node(0, -1, ''), node(1, 0, postHint), node(2, 1, 'comments'), node(3, 0, 'answer'), node(4, 3, 'comments')];
  const nodeOf = [1, 1, 2, 2, 3, 4];
  for (const b of extraction.snapshot.blocks) b.node = nodeOf[b.id]!;
  extraction.pageType = {
    type: 'forum',
    label: 'Forum thread',
    applied: true,
    posts: [
      { blocks: [0, 1, 2, 3], author: 'Wren Abbott 3,912 22 silver badges 41 bronze badges', date: 'Feb 10, 2025' },
      { blocks: [4, 5], author: 'Ines Marlow', date: 'Feb 11, 2025' },
    ],
  } as unknown as PageTypeSummary;
  const body = new DOMParser().parseFromString(HTML, 'text/html').body;
  markForumPosts(body, extraction);
  return body;
}

describe('forum and Q&A posts in the reader', () => {
  it('heads the question and each answer with the author and date, without badge counts', () => {
    const body = thread(['QAPage']);
    const heads = Array.from(body.querySelectorAll(`.${POST_META_CLASS}`)).map((el) => el.textContent);
    expect(heads).toEqual(['Question · Wren Abbott · Feb 10, 2025', 'Answer 1 of 1 · Ines Marlow · Feb 11, 2025']);
    expect(body.querySelector(`.${POST_META_CLASS}`)!.nextElementSibling!.textContent).toBe('Why does my starter smell of nail polish?');
  });

  it('folds each post’s comments under it, collapsed', () => {
    const body = thread(['QAPage']);
    const folds = Array.from(body.querySelectorAll<HTMLDetailsElement>(`details.${POST_COMMENTS_CLASS}`));
    expect(folds.map((d) => d.querySelector('summary')!.textContent)).toEqual(['2 comments', '1 comment']);
    expect(folds.every((d) => !d.open)).toBe(true);
    expect(folds[0]!.textContent).toContain('About eighteen degrees.');
    expect(folds[0]!.closest('.question')).not.toBeNull();
    expect(folds[1]!.closest('.answer')).not.toBeNull();
  });

  it('numbers the posts of a thread that is not a question page', () => {
    const body = thread([], 'post');
    expect(body.querySelector(`.${POST_META_CLASS}`)!.textContent).toBe('Post 1 of 2 · Wren Abbott · Feb 10, 2025');
  });

  it('keeps a name that only looks like counts', () => {
    expect(authorName('Tom Hale 39122 silver badges1010 bronze badges')).toBe('Tom Hale');
    expect(authorName('Tom Hale 18.4k 5 61 120')).toBe('Tom Hale');
    expect(authorName('wren_abbott 3,912 reputation · 22 silver badges ·')).toBe('wren_abbott');
    expect(authorName('user1234')).toBe('user1234');
    expect(authorName('R2D2')).toBe('R2D2');
    expect(authorName('Agent 47')).toBe('Agent 47');
  });
});
