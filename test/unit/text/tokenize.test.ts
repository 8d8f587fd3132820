import { describe, expect, it } from 'vitest';
import { tokenize } from '../../../src/text/tokenize';

describe('tokenize', () => {
  it('lower-cases and drops punctuation', () => {
    expect(tokenize('Hello, World! (Really?)')).toEqual(['hello', 'world', 'really']);
  });

  it('keeps words with inner punctuation whole, without the punctuation', () => {
    expect(tokenize("Don't stop at 3.14 in the U.S.A.")).toEqual(['dont', 'stop', 'at', '314', 'in', 'the', 'usa']);
  });

  it('counts each Chinese character as one token', () => {
    expect(tokenize('我爱北京天安门。')).toEqual(['我', '爱', '北', '京', '天', '安', '门']);
  });

  it('counts Japanese kana and kanji per character, including the long-vowel mark', () => {
    expect(tokenize('日本語のテキスト、カー')).toEqual(['日', '本', '語', 'の', 'テ', 'キ', 'ス', 'ト', 'カ', 'ー']);
  });

  it('splits mixed Latin and CJK runs', () => {
    expect(tokenize('Pith是一个reader')).toEqual(['pith', '是', '一', '个', 'reader']);
  });

  it('keeps Korean words whole (Korean separates words with spaces)', () => {
    expect(tokenize('한국어 문장입니다.')).toEqual(['한국어', '문장입니다']);
  });

  it('folds full-width forms and ignores soft hyphens', () => {
    expect(tokenize('ＡＢＣ１２３ hy\u00ADphen')).toEqual(['abc123', 'hyphen']);
  });

  it('segments scripts without spaces such as Thai into words', () => {
    expect(tokenize('ภาษาไทย').length).toBeGreaterThan(1);
  });

  it('gives no tokens for empty or punctuation-only text', () => {
    expect(tokenize('')).toEqual([]);
    expect(tokenize(' — … !!! ')).toEqual([]);
  });

  it('gives the same tokens across its internal chunk boundaries', () => {
    const text = Array.from({ length: 3000 }, (_, i) => `word${i % 7}`).join(' \n');
    const tokens = tokenize(text);
    expect(tokens).toHaveLength(3000);
    expect(tokens[2999]).toBe('word3');
  });

  it('tokenizes a long page quickly (Intl.Segmenter alone is quadratic on long inputs)', () => {
    const page = 'The council met on Tuesday, and the motion passed by nine votes to four. '.repeat(3000);
    const started = performance.now();
    expect(tokenize(page)).toHaveLength(14 * 3000);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
