/**
 * Reader comments below an article against the posts of a thread: a blog post and a news story read as the article
 * alone, their comments removed; a Q&A thread keeps its question and answers in order, each with its author; a forum
 * thread keeps every post; a product page keeps its specifications. Fixture pages written for these tests
 * (test/fixtures/pages/comments/), each read at an address like the one such a page has.
 */
import { describe, expect, it } from 'vitest';
import { keptText } from '../../../src/decisions/record';
import { applyPageTypeProfile, runStructuralStages } from '../../../src/pipeline/extract-page';
import type { Extraction } from '../../../src/pipeline/types';
import { authorName } from '../../../src/render/forum-posts';
import { commentsPage, inOrder } from './page-snapshot';

function read(name: string, url: string, passes?: Record<string, boolean>): Extraction {
  const snapshot = commentsPage(name, url);
  return applyPageTypeProfile(runStructuralStages(snapshot, { passes }), { passes });
}

const text = (e: Extraction) => keptText(e.snapshot.blocks, e.record);
const blockWith = (e: Extraction, words: string) => e.snapshot.blocks.filter((b) => b.text.includes(words));
const readAsComments = (e: Extraction) => e.record.runs.some((r) => r.path === 'page-type:reader-comments');

const BLOG = 'https://slowkitchen.example/2026/08/01/crisp-cucumber-pickles/';
const QA = 'https://gardening.example/questions/4821/why-does-my-basil-bolt';
const BARE = 'http://localhost:3000/';
const FORUM = 'https://machinists.example/threads/torn-finish-on-aluminium.4821/';

describe('a blog post followed by thirty reader comments', () => {
  const extraction = read('blog-thirty-comments', BLOG);

  it('reads as the post alone', () => {
    const kept = text(extraction);
    expect(kept).toContain('Every summer the cucumbers come all at once');
    expect(kept).toContain('Taste a pickle from the fifth day on');
    expect(kept).not.toContain('vine leaf');
    expect(kept).not.toContain('Marta Kowalski');
    expect(kept).not.toMatch(/\bReply\b/);
    expect(extraction.pageType?.type).toBe('article');
  });

  it('removes every comment with the cause comment-section', () => {
    const comments = blockWith(extraction, 'is that safe to eat?');
    expect(comments).toHaveLength(3);
    for (const block of comments) expect(extraction.record.decisions[block.id]).toMatchObject({ kept: false, cause: 'comment-section' });
    for (const author of ['Marta Kowalski', 'ferment_fan', 'Margot']) {
      for (const block of blockWith(extraction, author)) expect(extraction.record.decisions[block.id]?.cause).toBe('comment-section');
    }
  });

  it('without the pass, a profile or rescue takes the comments for content', () => {
    expect(text(read('blog-thirty-comments', BLOG, { 'reader-comments': false }))).toContain('vine leaf');
  });

  it('is on by default', () => {
    expect(text(read('blog-thirty-comments', BLOG, { 'reader-comments': true }))).toBe(text(extraction));
  });
});

describe('a news story in Polish followed by twelve comments, at a bare address', () => {
  // At an address that says nothing of the page the classifier takes the story for a listing, whose profile would keep the comments as items.
  const extraction = read('news-story-with-comments', BARE);
  const kept = text(extraction);

  it('reads as the story alone', () => {
    expect(kept).toContain('Rada miasta zdecydowała we wtorek');
    expect(kept).toContain('Przetarg na projekt zostanie ogłoszony');
    for (const words of ['Wreszcie! Czekamy', 'marek_k', 'Odpowiedz', 'Zgłoś']) expect(kept).not.toContain(words);
    expect(readAsComments(extraction)).toBe(true);
  });

  it('without the pass, the comments stay out too: the listing profile leaves a story of this length as read', () => {
    const extraction = read('news-story-with-comments', BARE, { 'reader-comments': false });
    expect(text(extraction)).not.toContain('Wreszcie! Czekamy');
    expect(extraction.pageType?.reason).toMatch(/left as read \(an article of \d+ characters of prose/);
  });
});

describe('a Q&A thread marked as such, with votes, an accepted answer and comments under the posts', () => {
  const extraction = read('qa-badges-on-one-line', QA);
  const kept = text(extraction);

  it('keeps the question first and the answers in order', () => {
    expect(inOrder(kept, ['basil plants bolt within three weeks', 'Bolting is the plant answering stress', 'slow-bolting variety', 'afternoon shade'])).toBe(true);
    expect(readAsComments(extraction)).toBe(false);
  });

  it('names the author of every post, even where name and badge counts share one line', () => {
    const authors = extraction.pageType?.posts?.map((p) => authorName(p.author));
    expect(authors).toEqual(['Tom Hale', 'Greta Lindqvist', 'Ravi Menon', 'Odile Marchand']);
  });
});

describe('a Q&A thread without structured data (vote counts on every post)', () => {
  const extraction = read('qa-thread', QA);
  const kept = text(extraction);

  it('keeps the question first and the answers in order', () => {
    expect(inOrder(kept, ['nail polish remover every morning', 'acetone-like esters', 'somewhere cooler', 'Whole rye flour also helps'])).toBe(true);
    expect(readAsComments(extraction)).toBe(false);
  });
});

describe('a forum thread whose replies are marked as comments', () => {
  const extraction = read('forum-thread', FORUM);
  const kept = text(extraction);

  it('keeps the opening post and every reply in order', () => {
    expect(inOrder(kept, ['bench lathe last month', 'Brazed carbide for hobby lathes', 'check the built-up edge', 'lump of aluminium welded', 'radius of about half a millimetre', 'keep that bit for aluminium only'])).toBe(true);
    expect(extraction.pageType?.type).toBe('forum');
    expect(readAsComments(extraction)).toBe(false);
  });
});

describe('a product page with specifications', () => {
  const kept = text(read('product-specifications', 'https://kettles.example/product/quiet-kettle'));

  it('keeps the description, the price and the specifications', () => {
    expect(kept).toContain('A quiet, fast kettle for a busy kitchen');
    expect(kept).toContain('39.99');
    expect(kept).toMatch(/Capacity\s*1\.7 litres/);
    expect(kept).toMatch(/Guarantee\s*2 years/);
  });

  it('leaves out the site menu', () => {
    expect(kept).not.toContain('Laundry');
  });
});
