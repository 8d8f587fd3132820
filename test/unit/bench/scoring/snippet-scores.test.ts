import { describe, expect, it } from 'vitest';
import { prfFromCounts, snippetCounts, snippetPrf, sumCounts } from '../../../../bench/lib/scoring/snippet-scores';

const article = 'Dining and Drinking\n\nGrounded in sustainable   architecture and refined craftsmanship, the resort opens.';

describe('snippet scores', () => {
  it('counts found `with` snippets as true positives and missed ones as false negatives', () => {
    expect(snippetCounts(article, ['dining and drinking', 'the resort opens', 'Carmelo Resort'], [])).toEqual({
      truePositives: 2,
      falseNegatives: 1,
      falsePositives: 0,
    });
  });

  it('counts found `without` snippets as false positives', () => {
    const prediction = `${article}\n\nReply\n\nA lovely note makes a beautiful day!`;
    expect(snippetCounts(prediction, ['the resort opens'], ['Reply', 'Food Advertising by']).falsePositives).toBe(1);
  });

  it('matches across line breaks and repeated spaces, ignoring case', () => {
    expect(snippetPrf(article, ['DRINKING Grounded in sustainable architecture'], []).recall).toBe(1);
  });

  it('scores a perfect extraction 1 and an empty one 0', () => {
    expect(snippetPrf(article, ['Dining and Drinking'], ['Reply']).f1).toBe(1);
    expect(snippetPrf('', ['Dining and Drinking'], ['Reply'])).toEqual({ precision: 0, recall: 0, f1: 0 });
  });

  it('mixes hits and boilerplate into precision and recall', () => {
    const s = prfFromCounts({ truePositives: 1, falseNegatives: 1, falsePositives: 1 });
    expect(s).toEqual({ precision: 0.5, recall: 0.5, f1: 0.5 });
  });

  it('sums counts for a micro average', () => {
    const a = { truePositives: 1, falseNegatives: 2, falsePositives: 0 };
    const b = { truePositives: 3, falseNegatives: 0, falsePositives: 1 };
    expect(sumCounts([a, b])).toEqual({ truePositives: 4, falseNegatives: 2, falsePositives: 1 });
  });
});
