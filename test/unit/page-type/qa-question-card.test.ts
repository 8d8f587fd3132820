/**
 * A Q&A page in Stack Exchange–like markup (a fixture written for this test, test/fixtures/pages/comments/): the
 * question in its own element before the answers' list, author cards with reputation and badge counts under each
 * post (and an editor's card beside the asker's), vote cells, comment lists under every post. It reads as a thread:
 * the question first, then the answers in order, each post with its real author and date, comments kept with
 * their post, badge counts and votes removed.
 */
import { describe, expect, it } from 'vitest';
import { keptText } from '../../../src/decisions/record';
import { applyPageTypeProfile, runStructuralStages } from '../../../src/pipeline/extract-page';
import type { Extraction } from '../../../src/pipeline/types';
import { authorName } from '../../../src/render/forum-posts';
import { profileDecisions } from '../../../src/page-type/profiles';
import { commentsPage, inOrder, readabilityRecord } from './page-snapshot';

const URL = 'https://cycling.example/questions/30518/why-does-my-new-chain-skip';

function read(passes?: Record<string, boolean>): Extraction {
  const snapshot = commentsPage('qa-question-card', URL);
  return applyPageTypeProfile(runStructuralStages(snapshot, { passes }), { passes });
}

const extraction = read();
const kept = keptText(extraction.snapshot.blocks, extraction.record);
const posts = extraction.pageType?.posts ?? [];
const postText = (i: number) => (posts[i]?.blocks ?? []).map((b) => extraction.snapshot.blocks[b]!.text).join('\n');

describe('a Q&A page whose question sits before the list of answers', () => {
  it('is read as a thread of four posts: the question, then the three answers in the page’s order', () => {
    expect(extraction.pageType).toMatchObject({ type: 'forum', applied: true });
    expect(posts).toHaveLength(4);
    expect(postText(0)).toContain('fitted a new eleven-speed chain');
    expect(postText(1)).toContain('Your cassette is worn');
    expect(postText(2)).toContain('check the joining link');
    expect(postText(3)).toContain('swapping only the worn sprockets');
    expect(inOrder(kept, ['fitted a new eleven-speed chain', 'Your cassette is worn', 'check the joining link', 'swapping only the worn sprockets']), kept).toBe(true);
  });

  it('credits each post to its author, not to whoever edited it or commented under it', () => {
    expect(posts.map((p) => authorName(p.author))).toEqual(['Priya Raman', 'Henrik Vos', 'maddie_cycles', 'Old Spoke']);
    expect(posts.map((p) => p.date)).toEqual(['Apr 2, 2026 at 8:14', 'Apr 2, 2026 at 10:26', 'Apr 2, 2026 at 13:55', 'Apr 6, 2026 at 19:08']);
  });

  it('keeps each answer’s comments with it; the question’s comments and tags stay as the structural stages left them', () => {
    expect(postText(1)).toContain('New cassette fitted this morning');
    expect(postText(1)).not.toContain('Does it skip');
    expect(postText(3)).toContain('Worth knowing that the loose sprockets');
    expect(kept).not.toContain('Does it skip on the new chain only on the small sprockets');
    expect(kept).not.toMatch(/\bdrivetrain\b/);
  });

  it('removes reputation, badge counts, votes and post controls', () => {
    for (const words of ['48.2k', '91.5k', '1,317', 'Improve this', 'Add a comment', 'Highest score']) expect(kept).not.toContain(words);
    for (const votes of ['27', '38', '11', '3']) expect(kept.split('\n').map((line) => line.trim()), votes).not.toContain(votes);
  });
});

describe('a Q&A page whose question the structural stages left out', () => {
  it('brings the question back as the first post, without its comments', () => {
    const snapshot = commentsPage('qa-question-card', URL);
    // As Readability left a page where it took the answers for the article: every block of #answers kept, nothing else.
    const inAnswers = (node: number): boolean => {
      for (let n = node; n >= 0; n = snapshot.nodes[n]!.parent) if (snapshot.nodes[n]!.hint.split(' ')[0] === 'answers') return true;
      return false;
    };
    const record = readabilityRecord(snapshot, (b) => inAnswers(b.node));
    const profile = profileDecisions('forum', snapshot, record);
    const keptNow = new Set(profile!.decisions.filter((d) => d.kept).map((d) => d.block));
    const question = snapshot.blocks.filter((b) => b.text.includes('fitted a new eleven-speed chain') || b.text.includes('did I do something wrong'));
    expect(question).toHaveLength(2);
    for (const b of question) expect(keptNow.has(b.id)).toBe(true);
    const questionComments = snapshot.blocks.filter((b) => b.text.includes('small sprockets you ride most often'));
    expect(questionComments).toHaveLength(1);
    for (const b of questionComments) expect(keptNow.has(b.id)).toBe(false);
    expect(profile!.posts!.map((p) => authorName(p.author))).toEqual(['Priya Raman', 'Henrik Vos', 'maddie_cycles', 'Old Spoke']);
  });
});
