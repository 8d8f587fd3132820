/**
 * Pages read once in headless Chromium through the page bundle and appended to a JSON-lines cache, one line per page,
 * so that an interrupted run resumes (`train:page-type`, `page-type-replay.ts take`).
 */
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Page } from 'playwright-core';
import { DEFAULT_VIEWPORT } from './browser';
import { mapOrdered } from './ordered-map';
import { ensurePageBundle } from './page-bundle';
import { PagePool } from './page-pool';
import { recordSource } from './page-source';

export interface CachePagesOptions<R extends { id: string; html: string; url?: string }, T> {
  /** The pages to read (those not cached yet); each read page is appended to `cachePath` in this order. */
  records: readonly R[];
  cachePath: string;
  concurrency: number;
  timeoutMs: number;
  /** Reads one loaded page into its cache line. */
  read: (page: Page, record: R) => Promise<T>;
  /** Called with each line as it is written. */
  onLine?: (line: T) => void;
  log: (line: string) => void;
  /** Prefix of the log lines ("" or a set's name). */
  label: string;
  progressEvery: number;
}

export async function cachePages<R extends { id: string; html: string; url?: string }, T>(options: CachePagesOptions<R, T>): Promise<void> {
  const { records, log, label } = options;
  const prefix = label ? `${label} ` : '';
  await mkdir(dirname(options.cachePath), { recursive: true });
  const cache = createWriteStream(options.cachePath, { flags: 'a' });
  const pool = new PagePool(await ensurePageBundle(log), DEFAULT_VIEWPORT);
  let done = 0;
  async function* items() {
    yield* records;
  }
  try {
    await mapOrdered(
      items(),
      options.concurrency,
      async (record, worker) => {
        try {
          const source = recordSource(record.id, record.html, record.url);
          return await pool.withPage(worker, source, { pageScripts: false, timeoutMs: options.timeoutMs }, (page) => options.read(page, record));
        } catch (error) {
          log(`${prefix}${record.id}: ${(error as Error).message}`);
          return null;
        }
      },
      (line) => {
        if (line !== null) {
          options.onLine?.(line);
          cache.write(`${JSON.stringify(line)}\n`);
        }
        if (++done % options.progressEvery === 0) log(`${prefix}${done}/${records.length} pages read`);
      },
    );
  } finally {
    cache.end();
    await pool.close();
  }
}
