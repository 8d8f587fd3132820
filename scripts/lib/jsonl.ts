/** Streaming JSON-lines input (plain or gzipped) and output. */
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';

export type JsonLine = { lineNumber: number; value: unknown } | { lineNumber: number; error: string };

/** Lines are parsed one at a time, so a 100 MB file never sits in memory whole. Blank lines are skipped. */
export async function* readJsonLines(path: string): AsyncGenerator<JsonLine> {
  const raw = createReadStream(path);
  const input = path.endsWith('.gz') ? raw.pipe(createGunzip()) : raw;
  raw.on('error', (error) => input.destroy(error));
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
  private readonly stream: WriteStream;
  private closing: Promise<void> | undefined;

  constructor(path: string) {
    this.stream = createWriteStream(path);
  }

  async write(value: unknown): Promise<void> {
    if (!this.stream.write(`${JSON.stringify(value)}\n`)) await once(this.stream, 'drain');
  }

  /** Safe to call twice (the batch's end and a signal may both close it); every line written so far is whole. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      this.stream.end();
      await once(this.stream, 'finish');
    })();
    return this.closing;
  }
}
