/**
 * Benchmark pages read once in Chromium through the page bundle and cached as JSON, for the scripts that replay a
 * stage's decision step in Node over many settings (`sore:tune`, `perplexity:tune`).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { DEFAULT_VIEWPORT } from './browser';
import { datasetItems, findDatasets } from './bench-datasets';
import { mapOrdered } from './ordered-map';
import { ensurePageBundle } from './page-bundle';
import { PagePool } from './page-pool';
import { recordSource } from './page-source';
import type { PageRecord } from './records';
import type { DecisionRecord } from '../../src/decisions/types';
import type { PageSnapshot } from '../../src/snapshot/types';

/** A page as `sore:tune` caches it (and `sore:ceiling` reads it): the structural result and the truth. */
export interface SoreReplayPage {
  dataset: string;
  id: string;
  truth: string;
  snapshot: PageSnapshot;
  record: DecisionRecord;
  mainNode: number;
}

export interface ReplaySource {
  benchDir: string;
  /** Comma-separated dataset names. */
  datasets: string;
  limit?: number;
  concurrency: number;
  /** The cache file, reused while its key is the same. */
  cachePath: string;
  cacheKey: string;
  /** Pages to read; the others are skipped. */
  accept?: (record: PageRecord) => boolean;
}

/** Every accepted page of the datasets: `inPage` runs in the page (it must be self-contained), `toPage` keeps what the replay needs. */
export async function readReplayPages<T, Read>(
  source: ReplaySource,
  inPage: () => Promise<Read>,
  toPage: (dataset: string, record: PageRecord, read: Read) => T,
): Promise<T[]> {
  if (existsSync(source.cachePath)) {
    const cached = JSON.parse(readFileSync(source.cachePath, 'utf8')) as { key: string; pages: T[] };
    if (cached.key === source.cacheKey) return cached.pages;
  }
  const bundleDir = await ensurePageBundle(console.error);
  const pool = new PagePool(bundleDir, DEFAULT_VIEWPORT);
  const datasets = await findDatasets(source.benchDir, source.datasets.split(','));
  const pages: T[] = [];
  try {
    await mapOrdered(
      datasetItems(datasets, source.limit),
      source.concurrency,
      async ({ dataset, item }, worker) => {
        if (!('record' in item)) return null;
        const record = item.record;
        if (source.accept && !source.accept(record)) return null;
        try {
          const read = await pool.withPage(worker, recordSource(record.id, record.html, record.url), { pageScripts: false, timeoutMs: 60_000 }, (page) => page.evaluate(inPage));
          return toPage(dataset, record, read);
        } catch (error) {
          console.error(`${record.id}: ${String(error)}`);
          return null;
        }
      },
      async (page) => {
        if (!page) return;
        pages.push(page);
        if (pages.length % 25 === 0) console.error(`${pages.length} pages…`);
      },
    );
  } finally {
    await pool.close();
  }
  writeFileSync(source.cachePath, JSON.stringify({ key: source.cacheKey, pages }));
  return pages;
}
