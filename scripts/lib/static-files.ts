/** Reading files to answer routed requests: content types, and a cache for the bundle (the same for every page). */
import { readFile } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.html': 'text/html',
  '.htm': 'text/html',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
};
const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

export interface StaticFile {
  body: Buffer;
  contentType: string;
}

export function contentTypeFor(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? DEFAULT_CONTENT_TYPE;
}

/** The file for a URL path under `root`, or undefined when it is missing or would escape `root`. */
export async function readUnder(root: string, urlPath: string): Promise<StaticFile | undefined> {
  let relative: string;
  try {
    relative = decodeURIComponent(urlPath).replace(/^\/+/, '');
  } catch {
    return undefined;
  }
  const base = resolve(root);
  const path = resolve(base, relative);
  if (!path.startsWith(base + sep)) return undefined;
  try {
    return { body: await readFile(path), contentType: contentTypeFor(path) };
  } catch {
    return undefined;
  }
}

/** A URL-path prefix under /__pith__/ answered from another directory (model folders) or one file. */
export interface Mount {
  prefix: string; // e.g. "models/use-lite/" or "outlier-groups.json"
  path: string; // a directory for a prefix ending in "/", else a file
}

/**
 * Bundle files (and mounted model files) are read once per process: every page imports the same bundle, and the
 * model page loads each model once.
 */
export class CachedFiles {
  private readonly cache = new Map<string, Promise<StaticFile | undefined>>();

  constructor(
    private readonly root: string,
    private readonly mounts: readonly Mount[] = [],
  ) {}

  get(urlPath: string): Promise<StaticFile | undefined> {
    let file = this.cache.get(urlPath);
    if (!file) {
      file = this.read(urlPath);
      this.cache.set(urlPath, file);
    }
    return file;
  }

  private async read(urlPath: string): Promise<StaticFile | undefined> {
    const path = urlPath.replace(/^\/+/, '');
    const mount = this.mounts.find((m) => (m.prefix.endsWith('/') ? path.startsWith(m.prefix) : path === m.prefix));
    if (!mount) return readUnder(this.root, path);
    if (!mount.prefix.endsWith('/')) {
      return readFile(mount.path).then((body) => ({ body, contentType: contentTypeFor(mount.path) }), () => undefined);
    }
    return readUnder(mount.path, path.slice(mount.prefix.length));
  }
}
