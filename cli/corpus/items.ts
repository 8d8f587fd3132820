/** What the corpus readers hand the extractor, one per page, in input order. */

/** A document to extract. */
export interface PageItem {
  kind: 'page';
  /** The WARC-Record-ID, the JSON line's "id", or the file's path. */
  id: string;
  /** The page's address (WARC-Target-URI or the line's "url"), when the input gives one. */
  url: string | undefined;
  /** Bytes in `charset`, or a string (JSON lines, already text). */
  html: Buffer | string;
  charset?: string;
  /** A saved page's folder: its stylesheets and images are served from there. */
  filesDir?: string;
}

/** A record that cannot be read as a page: it still gets its output line, with the reason. */
export interface ErrorItem {
  kind: 'error';
  id: string;
  url?: string;
  error: string;
}

/** --serve: every result before it has been written; answered with {"end": token}. */
export interface FlushItem {
  kind: 'flush';
  token: string;
}

export type CorpusItem = PageItem | ErrorItem | FlushItem;

/** Records that are not pages, counted for the summary. */
export interface SkipCounts {
  /** Responses and resources whose Content-Type is not HTML (images, scripts, PDFs…). */
  notHtml: number;
  /** HTTP responses whose status is not 2xx (redirects, not found…). */
  notOk: number;
}

export function noSkips(): SkipCounts {
  return { notHtml: 0, notOk: 0 };
}
