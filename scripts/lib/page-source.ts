/** Where a page's document comes from: HTML we hold (a file or a benchmark record) or a live local server. */
import { basename, dirname } from 'node:path';
import { decideCharset } from '../../cli/corpus/charset';

export type PageSource =
  | {
      kind: 'html';
      /** The document's URL as the page sees it (document.URL); relative URLs resolve against it. */
      url: string;
      /** A string is served as UTF-8; bytes in `charset`, or without one (the page's <meta charset> decides). */
      html: string | Buffer;
      charset?: string;
      /** Same-origin requests are answered from this directory (a saved page's stylesheets and images). */
      filesDir?: string;
    }
  | { kind: 'live'; url: string };

/** Origin of documents that have no URL of their own; nothing listens there, routing answers every request. */
export const SYNTHETIC_ORIGIN = 'http://127.0.0.1:8123';

const WEB_URL = /^https?:\/\//i;

export function syntheticUrl(name: string): string {
  return `${SYNTHETIC_ORIGIN}/${encodeURIComponent(name)}`;
}

export function isWebUrl(value: string): boolean {
  return WEB_URL.test(value);
}

/** A saved page: its charset from its own <meta>, else sniffed (valid UTF-8 is read as UTF-8). */
export function fileSource(path: string, bytes: Buffer): PageSource {
  return { kind: 'html', url: syntheticUrl(basename(path)), html: bytes, charset: decideCharset(bytes).charset, filesDir: dirname(path) };
}

/** A benchmark/batch record: its own URL when it has a usable one, else a synthetic one from its id. */
export function recordSource(id: string, html: string, url: unknown): PageSource {
  const own = typeof url === 'string' && isWebUrl(url) && URL.canParse(url) ? url : undefined;
  return { kind: 'html', url: own ?? syntheticUrl(id), html };
}
