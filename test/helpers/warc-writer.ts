/** Writes small WARC files for the corpus tests: HTML responses, other records, gzip per record or not at all. */
import { WARCRecord, WARCSerializer } from 'warcio';

export interface WarcResponse {
  url: string;
  body: Uint8Array | string;
  /** HTTP headers of the archived response (Content-Type defaults to text/html without a charset). */
  headers?: Record<string, string>;
  status?: number;
  /** Send the body with Transfer-Encoding: chunked, in pieces of this many bytes. */
  chunked?: number;
  type?: 'response' | 'resource' | 'request' | 'warcinfo';
}

const encoder = new TextEncoder();

function chunk(body: Uint8Array, size: number): Uint8Array {
  const parts: Buffer[] = [];
  for (let at = 0; at < body.length; at += size) {
    const piece = body.subarray(at, at + size);
    parts.push(Buffer.from(`${piece.length.toString(16)}\r\n`), Buffer.from(piece), Buffer.from('\r\n'));
  }
  parts.push(Buffer.from('0\r\n\r\n'));
  return Buffer.concat(parts);
}

export async function warcRecordBytes(response: WarcResponse, gzip: boolean): Promise<Uint8Array> {
  const raw = typeof response.body === 'string' ? encoder.encode(response.body) : response.body;
  const type = response.type ?? 'response';
  const headers: Record<string, string> = { 'Content-Type': 'text/html', ...response.headers };
  if (response.chunked) headers['Transfer-Encoding'] = 'chunked';
  const payload = response.chunked ? chunk(raw, response.chunked) : raw;
  const withHttp = type === 'response' || type === 'request';
  const record = WARCRecord.create(
    {
      url: response.url,
      type,
      warcVersion: 'WARC/1.1',
      ...(withHttp ? { statusline: type === 'request' ? 'GET / HTTP/1.1' : `HTTP/1.1 ${response.status ?? 200} OK`, httpHeaders: headers } : {}),
      ...(type === 'resource' ? { warcHeaders: { 'Content-Type': headers['Content-Type'] } } : {}),
    },
    (async function* () {
      yield payload;
    })(),
  );
  return WARCSerializer.serialize(record, { gzip });
}

/** The bytes of a whole WARC file: with `gzip`, one gzip member per record, as crawlers write them. */
export async function warcFile(responses: WarcResponse[], gzip: boolean): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for (const response of responses) parts.push(await warcRecordBytes(response, gzip));
  return Buffer.concat(parts);
}
