// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { normalizeForSentencePiece, SentencePieceTokenizer, UNKNOWN_ID, type VocabEntry } from '../../../src/embedding/sentencepiece';

const RESERVED: VocabEntry[] = [['<unk>', 0], ['<s>', 0], ['</s>', 0], ['x1', 0], ['x2', 0], ['x3', 0]];
const VOCAB: VocabEntry[] = [
  ...RESERVED,
  ['▁the', -2], // 6
  ['▁', -3], // 7
  ['t', -4], // 8
  ['h', -4], // 9
  ['e', -4], // 10
  ['▁cat', -5], // 11
  ['▁c', -6], // 12
  ['a', -4], // 13
  ['▁ca', -9], // 14
];

describe('SentencePiece unigram tokenizer', () => {
  const tokenizer = new SentencePieceTokenizer(VOCAB);

  it('normalises whitespace and marks word starts', () => {
    expect(normalizeForSentencePiece('  the \n\t cat ')).toBe('▁the▁cat');
    expect(normalizeForSentencePiece(' \n ')).toBe('');
  });

  it('picks the most likely segmentation', () => {
    expect(tokenizer.encode('the cat')).toEqual([6, 11]);
    // "▁cat" (-5) beats "▁ca"+"t" (-13) and "▁c"+"a"+"t" (-14).
    expect(tokenizer.encode('cat')).toEqual([11]);
    expect(tokenizer.encode('cate')).toEqual([11, 10]);
    // Without "▁cat": "▁ca"+"h" (-13) beats "▁c"+"a"+"h" (-14).
    expect(tokenizer.encode('cah')).toEqual([14, 9]);
  });

  it('maps unknown characters to one unknown id per run', () => {
    expect(tokenizer.encode('the ZZZ')).toEqual([6, 7, UNKNOWN_ID]);
    expect(tokenizer.encode('')).toEqual([]);
  });

  it('never matches reserved control symbols', () => {
    expect(tokenizer.encode('x1')).toEqual([7, UNKNOWN_ID]);
  });
});
