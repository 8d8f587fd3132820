/**
 * Pages from JSON lines: {"html": "…", "url"?: "…", "id"?: "…"} per line, any other fields ignored. A line without
 * an id is named after its file and line number. With --serve, a line may instead be {"path": "file"} (that file's
 * pages, read here) or {"flush": "token"} (answered once every earlier page has been written).
 */
import { basename } from 'node:path';
import type { Readable } from 'node:stream';
import { parseJsonLines } from '../../scripts/lib/jsonl';
import type { CorpusItem, SkipCounts } from './items';
import { itemsOf, type InputOptions } from './inputs';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function idOf(value: Record<string, unknown>, fallback: string): string {
  return typeof value.id === 'string' || typeof value.id === 'number' ? String(value.id) : fallback;
}

/**
 * A stream that breaks off (a truncated .jsonl.gz, a read error) ends its pages with one error line naming where,
 * and the run goes on with the next input.
 */
export async function* jsonlItems(input: Readable, name: string, options: InputOptions, skipped: SkipCounts): AsyncGenerator<CorpusItem> {
  let lastLine = 0;
  try {
    yield* jsonlLines(input, name, options, skipped, (n) => (lastLine = n));
  } catch (error) {
    yield { kind: 'error', id: `${name}:${lastLine + 1}`, error: `${basename(name)} cannot be read past line ${lastLine} (truncated or damaged): ${(error as Error).message}` };
  }
}

async function* jsonlLines(input: Readable, name: string, options: InputOptions, skipped: SkipCounts, reached: (line: number) => void): AsyncGenerator<CorpusItem> {
  for await (const line of parseJsonLines(input)) {
    reached(line.lineNumber);
    const fallbackId = `${name}:${line.lineNumber}`;
    if ('error' in line) {
      yield { kind: 'error', id: fallbackId, error: line.error };
      continue;
    }
    const value = line.value;
    if (!isObject(value)) {
      yield { kind: 'error', id: fallbackId, error: `line ${line.lineNumber} is not a JSON object` };
      continue;
    }
    if (options.serve && typeof value.flush === 'string') {
      yield { kind: 'flush', token: value.flush };
      continue;
    }
    if (options.serve && typeof value.path === 'string' && value.html === undefined) {
      yield* itemsOf(value.path, options, skipped);
      continue;
    }
    const id = idOf(value, fallbackId);
    const url = typeof value.url === 'string' ? value.url : undefined;
    if (typeof value.html !== 'string') yield { kind: 'error', id, url, error: 'the line has no "html" string' };
    else yield { kind: 'page', id, url, html: value.html };
  }
}
