/**
 * Pages from a WARC or WARC.gz (one gzip member per record, or the whole file gzipped): each HTML response or
 * resource record becomes a page, its payload de-chunked and decompressed (warcio), its charset from the HTTP
 * Content-Type, the page's own <meta>, or a sniff. Other records are skipped; non-HTML and non-2xx ones are counted.
 */
import { LimitReader, WARCParser, type WARCRecord } from 'warcio';
import { errorMessage } from '../../src/error-message';
import { decideCharset } from './charset';
import type { CorpusItem, SkipCounts } from './items';

const HTML_TYPE = /^\s*(text\/html|application\/xhtml\+xml)\b/i;
const MB = 1024 * 1024;

export interface WarcOptions {
  /** Records with a larger block become an error line without being read. */
  maxPageBytes: number;
}

function recordId(record: WARCRecord, name: string, ordinal: number): string {
  const id = record.warcHeader('WARC-Record-ID')?.trim();
  return id ? id.replace(/^<(.*)>$/, '$1') : `${name}#${ordinal}`;
}

/** The content type of the page the record holds, and whether the record is a page at all. */
function pageContentType(record: WARCRecord, skipped: SkipCounts): { contentType: string | undefined } | undefined {
  if (record.warcType === 'response') {
    const http = record.httpHeaders;
    if (!http) return undefined; // a response without HTTP headers (e.g. dns:) is not a page
    const status = Number(http.statusCode);
    const contentType = http.headers.get('content-type') ?? undefined;
    if (contentType !== undefined && !HTML_TYPE.test(contentType)) {
      skipped.notHtml += 1;
      return undefined;
    }
    if (!(status >= 200 && status < 300)) {
      skipped.notOk += 1;
      return undefined;
    }
    return { contentType };
  }
  if (record.warcType === 'resource') {
    const contentType = record.warcContentType ?? undefined;
    if (contentType !== undefined && !HTML_TYPE.test(contentType)) {
      skipped.notHtml += 1;
      return undefined;
    }
    return { contentType };
  }
  return undefined; // warcinfo, request, metadata, revisit…: not pages
}

export async function* warcItems(
  source: AsyncIterable<Uint8Array>,
  name: string,
  options: WarcOptions,
  skipped: SkipCounts,
): AsyncGenerator<CorpusItem> {
  let ordinal = 0;
  try {
    for await (const record of new WARCParser(source)) {
      ordinal += 1;
      const page = pageContentType(record, skipped);
      if (!page) continue;
      const id = recordId(record, name, ordinal);
      const url = record.warcTargetURI ?? undefined;
      if (record.warcContentLength > options.maxPageBytes) {
        const size = (record.warcContentLength / MB).toFixed(1);
        yield { kind: 'error', id, url, error: `the page is ${size} MB, over the limit of ${options.maxPageBytes / MB} MB (--max-page-mb)` };
        continue; // the parser skips the unread block
      }
      const bytes = Buffer.from(await record.readFully(true));
      if (record._reader instanceof LimitReader && record._reader.limit > 0) {
        yield { kind: 'error', id, url, error: `${name} ends inside this record (the file is truncated)` };
        return;
      }
      yield { kind: 'page', id, url, html: bytes, charset: decideCharset(bytes, page.contentType).charset };
    }
  } catch (error) {
    yield {
      kind: 'error',
      id: `${name}#${ordinal + 1}`,
      error: `${name} cannot be read past record ${ordinal} (truncated or not a WARC file): ${errorMessage(error)}`,
    };
  }
}
