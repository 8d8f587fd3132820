// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { removedComments } from '../../../src/reading/comments';
import { buildExtraction, kept, removed } from '../render/fixtures';

function parse(html: string): Document {
  return new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
}

const HTML = `<article><p data-pith-block="0">The post itself.</p></article>
<section id="comments"><h2 data-pith-block="1">2 Comments</h2><ol>
<li class="comment"><article><footer data-pith-block="2"><span class="comment-author">Mira</span> <time datetime="2026-01-02">2 January</time></footer><p data-pith-block="3">First!</p>
  <ol><li class="comment"><article><footer data-pith-block="4"><span class="comment-author">Ola</span> <time datetime="2026-01-03">3 January</time></footer><p data-pith-block="5">A reply.</p></article></li></ol>
</article></li></ol></section>`;

describe('removed comments', () => {
  it('groups the blocks removed as a comment section into comments with author and date, replies on their own', () => {
    const extraction = buildExtraction({ html: HTML, decisions: { 0: kept(), 1: removed(), 2: removed(), 3: removed(), 4: removed(), 5: removed() } });
    for (const id of [1, 2, 3, 4, 5]) extraction.record.decisions[id].cause = 'comment-section';
    expect(removedComments(extraction, parse)).toEqual([
      { author: 'Mira', date: '2 January', dateTime: '2026-01-02', paragraphs: ['First!'] },
      { author: 'Ola', date: '3 January', dateTime: '2026-01-03', paragraphs: ['A reply.'] },
    ]);
  });

  it('offers nothing when no comment section was removed', () => {
    const extraction = buildExtraction({ html: HTML, decisions: { 0: kept(), 1: removed(), 2: removed(), 3: removed(), 4: removed(), 5: removed() } });
    expect(removedComments(extraction, parse)).toEqual([]);
  });
});
