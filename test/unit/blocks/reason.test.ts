import { describe, expect, it } from 'vitest';
import { reasonWords, type Contribution } from '../../../src/blocks/reason';

const features = { link_density: 0.87, in_column: 0, group_size_log: Math.log1p(14), chars_rank: 0.2, chars_rel_max: 0.05, sentence_ends: 0 };

describe('block model reasons', () => {
  it('says the strongest features of a removal in plain words, strongest first', () => {
    const contributions: Contribution[] = [
      { feature: 'link_density', value: 0.87, contribution: -2.1 },
      { feature: 'column_offset', value: 1.4, contribution: -1.2 },
      { feature: 'group_size_log', value: Math.log1p(14), contribution: -0.8 },
      { feature: 'common_share', value: 0.4, contribution: 0.5 },
    ];
    expect(reasonWords(contributions, false, features)).toBe('Mostly links (87 %), in the side column, one of 14 similar items');
  });

  it('names only features that pushed towards the decision, and never a feature name or a score', () => {
    const contributions: Contribution[] = [
      { feature: 'link_density', value: 0.87, contribution: -2.1 },
      { feature: 'hint_12', value: 1, contribution: 0.9 },
      { feature: 'in_article', value: 1, contribution: 0.7 },
    ];
    const words = reasonWords(contributions, true, features);
    expect(words).toBe("What the page's own markup calls it, inside the article element");
    expect(words).not.toMatch(/hint|_|\d\.\d/);
  });

  it('says how long a piece is relative to the page, not in words (word counts differ by language)', () => {
    const short: Contribution[] = [{ feature: 'chars_rank', value: 0.2, contribution: -1 }];
    expect(reasonWords(short, false, features)).toBe('Short next to the rest of the page');
    const long: Contribution[] = [{ feature: 'chars_rel_max', value: 0.8, contribution: 1 }];
    expect(reasonWords(long, true, { ...features, chars_rel_max: 0.8, chars_rank: 1 })).toBe('One of the longest pieces of text on the page');
  });

  it('has a sentence when nothing readable pushed the decision', () => {
    expect(reasonWords([], false, features)).toBe('Does not read like the article');
  });
});
