// @vitest-environment node
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { mapOrdered } from '../../../scripts/lib/ordered-map';

describe('mapOrdered', () => {
  it('hands results on in input order however long each item takes', async () => {
    const out: number[] = [];
    async function* items() {
      for (let i = 0; i < 12; i += 1) yield i;
    }
    await mapOrdered(items(), 3, async (i) => (await sleep((12 - i) % 4 * 5), i), (r) => void out.push(r));
    expect(out).toEqual([...Array(12).keys()]);
  });

  it('pulls no more than a bounded window ahead of a slow first item', async () => {
    let pulled = 0;
    async function* items() {
      for (let i = 0; i < 1000; i += 1) {
        pulled += 1;
        yield i;
      }
    }
    let release: () => void = () => {};
    const slowFirst = new Promise<void>((resolve) => (release = resolve));
    let maxPulledWhileWaiting = 0;
    const run = mapOrdered(items(), 2, async (i) => {
      if (i === 0) await slowFirst;
      return i;
    }, () => {});
    await sleep(50);
    maxPulledWhileWaiting = pulled;
    release();
    await run;
    expect(maxPulledWhileWaiting).toBeLessThanOrEqual(2 * 4 + 1);
    expect(pulled).toBe(1000);
  });
});
