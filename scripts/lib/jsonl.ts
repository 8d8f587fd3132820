/** Streaming JSON-lines input (plain or gzipped) and output. */
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { createGunzip } from 'node:zlib';

export type JsonLine = { lineNumber: number; value: unknown } | { lineNumber: number; error: string };

/** Lines are parsed one at a time, so a 100 MB file never sits in memory whole. Blank lines are skipped. */
export function readJsonLines(path: string): AsyncGenerator<JsonLine> {
  const raw = createReadStream(path);
  const input = path.endsWith('.gz') ? raw.pipe(createGunzip()) : raw;
  raw.on('error', (error) => input.destroy(error));
  return parseJsonLines(input);
}

/** The JSON lines of a stream (standard input, a decompressed file), one value or one error per non-blank line. */
export async function* parseJsonLines(input: Readable): AsyncGenerator<JsonLine> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  let lineNumber = 0;
  for await (const line of lines) {
    lineNumber += 1;
    if (!line.trim()) continue;
    try {
      yield { lineNumber, value: JSON.parse(line) as unknown };
    } catch (error) {
      yield { lineNumber, error: `line ${lineNumber} is not valid JSON (${(error as Error).message})` };
    }
  }
}

export class JsonLinesWriter {
  private readonly stream: Writable;
  private readonly owned: boolean;
  private closing: Promise<void> | undefined;

  /** A path is created (or, with `append`, added to); a stream (standard output) is written to and never ended. */
  constructor(target: string | Writable, options: { append?: boolean } = {}) {
    this.stream = typeof target === 'string' ? createWriteStream(target, { flags: options.append ? 'a' : 'w' }) : target;
    this.owned = typeof target === 'string';
  }

  async write(value: unknown): Promise<void> {
    if (!this.stream.write(`${JSON.stringify(value)}\n`)) await once(this.stream, 'drain');
  }

  /** Safe to call twice (the batch's end and a signal may both close it); every line written so far is whole. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      if (!this.owned) {
        if (this.stream.writableNeedDrain) await once(this.stream, 'drain');
        return;
      }
      this.stream.end();
      await once(this.stream, 'finish');
    })();
    return this.closing;
  }
}
