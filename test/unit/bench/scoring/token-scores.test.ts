import { describe, expect, it } from 'vitest';
import { tokenPrf } from '../../../../bench/lib/scoring/token-scores';

describe('tokenPrf', () => {
  it('scores identical texts 1', () => {
    expect(tokenPrf('The quick brown fox.', 'The quick brown fox.')).toEqual({ precision: 1, recall: 1, f1: 1 });
  });

  it('scores disjoint texts 0', () => {
    expect(tokenPrf('lorem ipsum', 'dolor sit amet')).toEqual({ precision: 0, recall: 0, f1: 0 });
  });

  it('ignores case, punctuation and layout', () => {
    expect(tokenPrf('the QUICK, brown\n\nfox!', 'The quick brown fox').f1).toBe(1);
  });

  it('counts multiplicity: a repeated token is matched at most as often as the truth has it', () => {
    const s = tokenPrf('news news news story', 'news story');
    expect(s.precision).toBe(0.5);
    expect(s.recall).toBe(1);
    expect(s.f1).toBeCloseTo(2 / 3);
  });

  it('gives partial credit for a prediction with extra boilerplate', () => {
    const s = tokenPrf('Home About Contact The article text here', 'The article text here');
    expect(s.precision).toBeCloseTo(4 / 7);
    expect(s.recall).toBe(1);
  });

  it('gives partial credit for a prediction missing half the article', () => {
    const s = tokenPrf('one two', 'one two three four');
    expect(s).toEqual({ precision: 1, recall: 0.5, f1: 2 / 3 });
  });

  it('counts CJK per character, so one wrong character costs one token', () => {
    const s = tokenPrf('我爱北京', '我爱东京');
    expect(s.precision).toBe(0.75);
    expect(s.recall).toBe(0.75);
  });

  it('scores an empty prediction 0', () => {
    expect(tokenPrf('', 'the article')).toEqual({ precision: 0, recall: 0, f1: 0 });
    expect(tokenPrf('  ...  ', 'the article').f1).toBe(0);
  });

  it('scores an empty prediction of an empty truth 1', () => {
    expect(tokenPrf('', '').f1).toBe(1);
  });

  it('scores a prediction against an empty truth with precision 0', () => {
    expect(tokenPrf('menu', '')).toEqual({ precision: 0, recall: 1, f1: 0 });
  });
});
