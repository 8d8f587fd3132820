// @vitest-environment node
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CorpusItem } from '../../../cli/corpus/items';
import { idsDone, parseShard, selectItems, type Shard } from '../../../cli/corpus/selection';

const page = (id: string): CorpusItem => ({ kind: 'page', id, url: undefined, html: '<p>x</p>' });

async function selected(ids: string[], shard: Shard | undefined, done: string[] = []) {
  const counts = { otherShards: 0, resumed: 0 };
  async function* items() {
    for (const id of ids) yield page(id);
  }
  const out: string[] = [];
  for await (const item of selectItems(items(), shard, new Set(done), counts)) out.push(item.kind === 'flush' ? 'flush' : item.id);
  return { out, counts };
}

const IDS = Array.from({ length: 23 }, (_, i) => `p${i}`);

describe('--shard', () => {
  it('splits the input into disjoint shards that together hold every page once', async () => {
    const shards = await Promise.all([0, 1, 2, 3].map(async (index) => (await selected(IDS, { index, count: 4 })).out));
    expect(shards.flat().sort()).toEqual([...IDS].sort());
    expect(shards[1]).toEqual(['p1', 'p5', 'p9', 'p13', 'p17', 'p21']);
  });

  it('gives the same shard on every run', async () => {
    expect(await selected(IDS, { index: 2, count: 3 })).toEqual(await selected(IDS, { index: 2, count: 3 }));
  });

  it('reads i/n with 0 ≤ i < n and refuses anything else', () => {
    expect(parseShard('3/8')).toEqual({ index: 3, count: 8 });
    for (const bad of ['8/8', '1/0', '-1/4', '1', 'a/b']) expect(() => parseShard(bad)).toThrow(/--shard must be i\/n/);
  });

  it('counts the pages left to other shards and those already done', async () => {
    const { out, counts } = await selected(IDS.slice(0, 8), { index: 0, count: 2 }, ['p2', 'p3']);
    expect(out).toEqual(['p0', 'p4', 'p6']);
    expect(counts).toEqual({ otherShards: 4, resumed: 1 });
  });
});

describe('--resume', () => {
  it('reads the ids already written and cuts off a half-written last line', async () => {
    const path = join(await mkdtemp(join(tmpdir(), 'pith-resume-')), 'out.jsonl');
    const whole = `${JSON.stringify({ id: 'a', text: 'é' })}\n${JSON.stringify({ id: 'b', error: 'timed out' })}\n`;
    await writeFile(path, `${whole}{"id":"c","te`);
    expect([...(await idsDone(path))]).toEqual(['a', 'b']);
    expect(await readFile(path, 'utf8')).toBe(whole);
  });

  it('starts from nothing when the output does not exist yet', async () => {
    expect((await idsDone(join(tmpdir(), 'pith-no-such-output.jsonl'))).size).toBe(0);
  });
});
