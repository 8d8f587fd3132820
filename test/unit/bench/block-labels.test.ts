import { describe, expect, it } from 'vitest';
import { blockShares, leftoverLines, truthIndex } from '../../../scripts/lib/block-labels';

const TRUTH = `Rivers bend

A river that runs over flat ground rarely stays straight, and the water cuts the outer bank. Go home and look at a map.

The old loop is left behind as a lake.`;

describe('block labels', () => {
  const truth = truthIndex(TRUTH);

  it('gives a block the share of its tokens the truth holds in order', () => {
    const [para, mixed, shuffled] = blockShares(
      [
        'A river that runs over flat ground rarely stays straight',
        'The old loop is left behind as a lake. Share this story on every network you use',
        'straight stays rarely ground flat over runs river',
      ],
      truth,
    );
    expect(para).toBe(1);
    expect(mixed).toBeCloseTo(9 / 17, 5);
    expect(shuffled).toBe(0);
  });

  it('counts a one- or two-word block as content only beside content (a menu "Home" is not, a heading is)', () => {
    const shares = blockShares(['Home', 'Maps', 'Rivers bend', 'A river that runs over flat ground rarely stays straight'], truth);
    expect(shares).toEqual([0, 0, 1, 1]);
  });

  it('counts the lines of an output that the truth does not hold', () => {
    expect(leftoverLines('A river that runs over flat ground\nImage 1 of 23\nClose\nThe old loop is left behind', truth)).toBe(2);
  });
});
