/**
 * Which pages this run does: `--shard i/n` keeps every n-th page (by its position in the input, so the same inputs
 * split the same way on every run and machine), and `--resume` skips the ids an earlier run already wrote.
 */
import { createReadStream, existsSync } from 'node:fs';
import { stat, truncate } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { UsageError } from '../../scripts/lib/cli-options';
import type { CorpusItem } from './items';

export interface Shard {
  index: number;
  count: number;
}

const SHARD = /^(\d+)\/(\d+)$/;

/** "i/n" with 0 ≤ i < n. */
export function parseShard(value: string): Shard {
  const match = SHARD.exec(value.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index >= count) {
    throw new UsageError(`--shard must be i/n with 0 ≤ i < n (e.g. 0/4 … 3/4), got "${value}"`);
  }
  return { index, count };
}

export interface SelectionCounts {
  /** Pages left to the other shards. */
  otherShards: number;
  /** Pages whose id an earlier run already wrote. */
  resumed: number;
}

/** The items this run extracts; flush markers always pass. */
export async function* selectItems(
  items: AsyncIterable<CorpusItem>,
  shard: Shard | undefined,
  done: ReadonlySet<string>,
  counts: SelectionCounts,
): AsyncGenerator<CorpusItem> {
  let position = 0;
  for await (const item of items) {
    if (item.kind === 'flush') {
      yield item;
      continue;
    }
    const mine = shard === undefined || position % shard.count === shard.index;
    position += 1;
    if (!mine) counts.otherShards += 1;
    else if (done.has(item.id)) counts.resumed += 1;
    else yield item;
  }
}

/**
 * The ids in an earlier run's output. A run stopped mid-write may have left half a line at the end: it is cut off
 * (its page is done again), so the output stays one whole JSON object per line.
 */
export async function idsDone(outputPath: string): Promise<Set<string>> {
  const ids = new Set<string>();
  if (!existsSync(outputPath)) return ids;
  const size = (await stat(outputPath)).size;
  let whole = 0; // bytes up to the end of the last complete line
  let offset = 0;
  const lines = createInterface({ input: createReadStream(outputPath), crlfDelay: Infinity });
  for await (const line of lines) {
    const end = offset + Buffer.byteLength(line) + 1;
    offset = end;
    if (end > size) break; // the last line had no newline: unfinished
    try {
      const value = JSON.parse(line) as { id?: unknown };
      if (typeof value.id === 'string') ids.add(value.id);
      whole = end;
    } catch {
      break; // a torn line; everything after it is dropped with it
    }
  }
  if (whole < size) await truncate(outputPath, whole);
  return ids;
}
