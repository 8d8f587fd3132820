import { describe, expect, it } from 'vitest';
import { batchesByLength, lengthBatches } from '../../../src/embedding/batches';

describe('model calls cut by text length', () => {
  it('puts texts of similar length together and starts a new call when the padding saved outweighs a call', () => {
    // Ten 5-token lines and two 100-token paragraphs: one call would pad the lines to 100 (1,200 tokens).
    const lengths = [...Array(10).fill(5), 100, 100];
    expect(lengthBatches(lengths, 32, 25)).toEqual([10, 12]);
  });

  it('keeps similar lengths in one call (a call costs more than the padding it would save)', () => {
    expect(lengthBatches([5, 6, 7, 8], 32, 25)).toEqual([4]);
  });

  it('never exceeds the batch size, and covers every text once in order', () => {
    const items = Array.from({ length: 70 }, (_, i) => ({ id: i, n: 10 }));
    const batches = batchesByLength(items, (x) => x.n, 32, 25);
    expect(batches.every((b) => b.length <= 32)).toBe(true);
    expect(batches.flat().map((x) => x.id)).toEqual(items.map((x) => x.id));
    expect(batchesByLength([], (x: number) => x, 32, 25)).toEqual([]);
  });
});
