/**
 * Reader comments below an article against the posts of a thread: the blog post reads as the post alone, its thirty
 * comments removed as a comment section; a Q&A thread keeps its question and answers in order; a product page keeps
 * its specifications. Fixture pages written for these tests (test/fixtures/pages/comments/).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { keptText } from '../../../src/decisions/record';
import { applyPageTypeProfile, runStructuralStages } from '../../../src/pipeline/extract-page';
import type { Extraction } from '../../../src/pipeline/types';
import { pageSnapshot } from './page-snapshot';

function read(name: string, passes?: Record<string, boolean>): Extraction {
  const snapshot = pageSnapshot(readFileSync(`test/fixtures/pages/comments/${name}.html`, 'utf8'));
  return applyPageTypeProfile(runStructuralStages(snapshot, { passes }), { passes });
}

const text = (e: Extraction) => keptText(e.snapshot.blocks, e.record);
const blockWith = (e: Extraction, words: string) => e.snapshot.blocks.filter((b) => b.text.includes(words));

// The pass is off by default (src/pipeline/passes.ts, OFF_BY_DEFAULT): these tests read with it switched on.
const WITH_PASS = { 'reader-comments': true };

describe('an article followed by reader comments, with the reader-comments pass on', () => {
  const extraction = read('blog-thirty-comments', WITH_PASS);

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

  it('without the pass, a rescue takes the comments for content', () => {
    expect(text(read('blog-thirty-comments', { 'reader-comments': false }))).toContain('vine leaf');
  });

  it('is off unless switched on (it failed the ablation rule)', () => {
    expect(text(read('blog-thirty-comments'))).toBe(text(read('blog-thirty-comments', { 'reader-comments': false })));
  });
});

describe('a Q&A thread, with the reader-comments pass on', () => {
  const extraction = read('qa-thread', WITH_PASS);
  const kept = text(extraction);

  it('keeps the question first and the answers in order', () => {
    const order = ['nail polish remover every morning', 'acetone-like esters', 'somewhere cooler', 'Whole rye flour also helps'].map((words) => kept.indexOf(words));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('is not read as an article with reader comments', () => {
    expect(extraction.record.runs.some((r) => r.path === 'page-type:reader-comments')).toBe(false);
  });
});

describe('a product page with specifications', () => {
  const kept = text(read('product-specifications'));

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
