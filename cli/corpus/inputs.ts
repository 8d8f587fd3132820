/**
 * The `pith` command's inputs: files, directories, globs and `-` (standard input), read one after another as a
 * single stream of pages. WARC, JSON lines and HTML are told apart by file name, or on standard input by the first
 * bytes; gzip is recognised by its magic bytes wherever it appears.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join } from 'node:path';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { glob, isDynamicPattern } from 'tinyglobby';
import { Failure } from '../../scripts/lib/cli-options';
import { decideCharset } from './charset';
import type { CorpusItem, SkipCounts } from './items';
import { jsonlItems } from './jsonl-input';
import { warcItems, type WarcOptions } from './warc-input';

export type InputKind = 'warc' | 'jsonl' | 'html';

export const STDIN = '-';
const KIND_BY_SUFFIX: [RegExp, InputKind][] = [
  [/\.warc(\.gz)?$/i, 'warc'],
  [/\.(jsonl|ndjson)(\.gz)?$/i, 'jsonl'],
  [/\.(html?|xhtml)(\.gz)?$/i, 'html'],
];
const DIRECTORY_PATTERN = '**/*.{warc,warc.gz,WARC,WARC.GZ,jsonl,jsonl.gz,ndjson,ndjson.gz,html,htm,xhtml}';
const GZIP_MAGIC = [0x1f, 0x8b];

export function kindOfName(path: string): InputKind | undefined {
  return KIND_BY_SUFFIX.find(([suffix]) => suffix.test(path))?.[1];
}

/** Every input file in order: arguments as given, a directory's and a glob's matches sorted by path. */
export async function expandInputs(args: readonly string[]): Promise<string[]> {
  const files: string[] = [];
  for (const arg of args) {
    if (arg === STDIN) files.push(STDIN);
    else if (existsSync(arg) && statSync(arg).isDirectory()) {
      const found = (await glob(DIRECTORY_PATTERN, { cwd: arg })).sort();
      if (found.length === 0) throw new Failure(`no WARC, JSON lines or HTML files in ${arg}`);
      files.push(...found.map((f) => join(arg, f)));
    } else if (existsSync(arg)) files.push(arg);
    else if (isDynamicPattern(arg)) {
      const found = (await glob(arg, { onlyFiles: true, absolute: isAbsolute(arg) })).sort();
      if (found.length === 0) throw new Failure(`no file matches ${arg}`);
      files.push(...found);
    } else throw new Failure(`file not found: ${arg}`);
  }
  return files;
}

/** A byte stream with its first bytes already read (to sniff them) and put back in front. */
async function peek(source: AsyncIterable<Uint8Array>): Promise<{ head: Uint8Array; stream: AsyncIterable<Uint8Array> }> {
  const iterator = source[Symbol.asyncIterator]();
  const first = await iterator.next();
  const head = first.done ? new Uint8Array() : first.value;
  async function* rest(): AsyncGenerator<Uint8Array> {
    if (head.length > 0) yield head;
    for (let step = await iterator.next(); !step.done; step = await iterator.next()) yield step.value;
  }
  return { head, stream: rest() };
}

/** The bytes of a file or of standard input, gunzipped when they are gzip, each raw chunk counted in `onBytes`. */
async function openBytes(path: string, onBytes: (n: number) => void): Promise<{ head: Uint8Array; stream: AsyncIterable<Uint8Array> }> {
  const raw = path === STDIN ? process.stdin : createReadStream(path);
  raw.on('data', (chunk: Buffer) => onBytes(chunk.length));
  const peeked = await peek(raw);
  if (peeked.head[0] !== GZIP_MAGIC[0] || peeked.head[1] !== GZIP_MAGIC[1]) return peeked;
  const gunzip = createGunzip();
  const compressed = Readable.from(peeked.stream);
  compressed.on('error', (error) => gunzip.destroy(error));
  return peek(compressed.pipe(gunzip));
}

function sniffKind(head: Uint8Array): InputKind {
  const start = Buffer.from(head.subarray(0, 64)).toString('latin1').trimStart();
  if (start.startsWith('WARC/')) return 'warc';
  if (start.startsWith('{')) return 'jsonl';
  return 'html';
}

export interface InputOptions extends WarcOptions {
  /** Called with the size of every raw chunk read, for the progress bar. */
  onBytes: (n: number) => void;
  /** --serve: JSON lines may also be {"path"} (read that file) and {"flush"} (a marker). */
  serve: boolean;
}

async function* htmlItem(path: string, stream: AsyncIterable<Uint8Array>): AsyncGenerator<CorpusItem> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  const bytes = Buffer.concat(chunks);
  const id = path === STDIN ? 'stdin' : path;
  if (bytes.length === 0) {
    yield { kind: 'error', id, url: undefined, error: 'the file is empty' };
    return;
  }
  const filesDir = path === STDIN ? undefined : dirname(path);
  yield { kind: 'page', id, url: undefined, html: bytes, charset: decideCharset(bytes).charset, filesDir };
}

/** The pages of one input, in order. An unreadable input is one error item; the run goes on with the next. */
export async function* itemsOf(path: string, options: InputOptions, skipped: SkipCounts): AsyncGenerator<CorpusItem> {
  const name = path === STDIN ? 'standard input' : basename(path);
  let opened;
  try {
    opened = await openBytes(path, options.onBytes);
  } catch (error) {
    yield { kind: 'error', id: path, error: `cannot read ${path}: ${(error as Error).message}` };
    return;
  }
  const { head, stream } = opened;
  if (head.length === 0) {
    yield { kind: 'error', id: path, error: `${name} is empty` };
    return;
  }
  const kind = (path === STDIN ? undefined : kindOfName(path)) ?? sniffKind(head);
  if (kind === 'warc' && sniffKind(head) !== 'warc') yield { kind: 'error', id: path, error: `${name} does not start with a WARC record header: not a WARC file` };
  else if (kind === 'warc') yield* warcItems(stream, name, options, skipped);
  else if (kind === 'jsonl') yield* jsonlItems(Readable.from(stream), path === STDIN ? 'stdin' : path, options, skipped);
  else yield* htmlItem(path, stream);
}

export async function* corpusItems(paths: readonly string[], options: InputOptions, skipped: SkipCounts): AsyncGenerator<CorpusItem> {
  for (const path of paths) yield* itemsOf(path, options, skipped);
}
