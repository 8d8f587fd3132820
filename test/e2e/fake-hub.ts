/**
 * A model hub on 127.0.0.1 for the download tests: serves model folders from ../shared/models under the hub's URL
 * layout (`/<owner>/<name>/resolve/main/<file>`), answers the one-byte Range requests transformers.js sizes files
 * with, and can send large files slowly (so a test can see progress and cancel half-way). Counts whole-file reads.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { ROOT } from './harness';

export const SHARED_MODELS = resolve(process.env.PITH_MODELS_DIR ?? join(ROOT, '../shared/models'));

export interface FakeHub {
  /** e.g. http://127.0.0.1:1234/ (what transformers.js calls the remote host). */
  host: string;
  /** Bytes per 100 ms for files over 1 MB; 0 sends at full speed. */
  throttle: number;
  /** Whole-file (not Range) reads per path, e.g. "onnx/model_quantized.onnx". */
  reads: Map<string, number>;
  close(): Promise<void>;
}

/** `repos`: hub id (owner/name) → folder under ../shared/models. */
export async function startFakeHub(repos: Record<string, string>): Promise<FakeHub> {
  const hub: FakeHub = { host: '', throttle: 0, reads: new Map(), close: async () => undefined };
  const server: Server = createServer((req, res) => {
    const cors = { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'content-length, content-range, etag', 'cache-control': 'no-store' };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...cors, 'access-control-allow-headers': '*' });
      res.end();
      return;
    }
    const match = /^\/([^/]+\/[^/]+)\/resolve\/main\/(.+)$/.exec(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    const folder = match && repos[match[1]];
    const file = folder ? join(SHARED_MODELS, folder, match[2]) : '';
    if (!match || !folder || match[2].includes('..') || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { ...cors, 'content-type': 'text/plain' });
      res.end('Entry not found');
      return;
    }
    const size = statSync(file).size;
    const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
    if (range) {
      const start = Number(range[1]);
      const end = range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
      res.writeHead(206, { ...cors, 'content-type': 'application/octet-stream', 'content-length': end - start + 1, 'content-range': `bytes ${start}-${end}/${size}` });
      createReadStream(file, { start, end }).pipe(res);
      return;
    }
    hub.reads.set(match[2], (hub.reads.get(match[2]) ?? 0) + 1);
    res.writeHead(200, { ...cors, 'content-type': 'application/octet-stream', 'content-length': size });
    if (!hub.throttle || size < 1_000_000) {
      createReadStream(file).pipe(res);
      return;
    }
    const stream = createReadStream(file, { highWaterMark: hub.throttle });
    stream.on('data', (chunk) => {
      stream.pause();
      res.write(chunk);
      setTimeout(() => stream.resume(), 100);
    });
    stream.on('end', () => res.end());
    res.on('close', () => stream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hub.host = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  hub.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return hub;
}
