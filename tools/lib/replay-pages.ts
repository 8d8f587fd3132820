/**
 * Benchmark pages read once in Chromium through the page bundle and cached as JSON, for the scripts that replay a
 * stage's decision step in Node over many settings (`tools/sore-tune.ts`, `tools/perplexity-tune.ts`).
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { DEFAULT_VIEWPORT } from '../../scripts/lib/browser';
import { datasetItems, findDatasets } from '../../scripts/lib/bench-datasets';
import { mapOrdered } from '../../scripts/lib/ordered-map';
import { ensurePageBundle } from '../../scripts/lib/page-bundle';
import { PagePool } from '../../scripts/lib/page-pool';
import { recordSource } from '../../scripts/lib/page-source';
import type { PageRecord } from '../../scripts/lib/records';
import type { DecisionRecord } from '../../src/decisions/types';
import type { PageSnapshot } from '../../src/snapshot/types';

/** A page as `tools/sore-tune.ts` caches it (and `tools/sore-ceiling.ts` reads it): the structural result and the truth. */
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
  /** Use the pages a stopped run saved, reading no more (the replay then covers only those). */
  cachedOnly?: boolean;
}

interface ReplayCache<T> {
  key: string;
  pages: T[];
  /** Set while the pages are still being read: the dataset/id of every page read so far, so a rerun goes on from there. */
  done?: string[];
}

/** How often a run in progress saves what it has read (pages). */
const SAVE_EVERY = 25;

/**
 * Every accepted page of the datasets: `inPage` runs in the page (it must be self-contained), `toPage` keeps what
 * the replay needs. A run that is stopped keeps what it read: the next run with the same key reads only the rest.
 */
export async function readReplayPages<T, Read>(
  source: ReplaySource,
  inPage: () => Promise<Read>,
  toPage: (dataset: string, record: PageRecord, read: Read) => T,
): Promise<T[]> {
  let resumed: ReplayCache<T> | null = null;
  if (existsSync(source.cachePath)) {
    const cached = JSON.parse(readFileSync(source.cachePath, 'utf8')) as ReplayCache<T>;
    if (cached.key === source.cacheKey && !cached.done) return cached.pages;
    if (cached.key === source.cacheKey) resumed = cached;
  }
  if (source.cachedOnly) {
    // Reading every page instead would be what the flag promises not to do (and would overwrite another key's cache).
    if (!resumed) throw new Error(`--cached-only: ${source.cachePath} holds no pages read for these settings (${source.cacheKey})`);
    console.error(`using the ${resumed.pages.length} pages read so far (--cached-only)`);
    return resumed.pages;
  }
  const done = new Set(resumed?.done ?? []);
  // Written whole, then renamed (as the outlier-index cache): a run stopped while saving keeps the last save
  // instead of leaving half a JSON file that the next run cannot read.
  const save = (partial: boolean) => {
    const temporary = `${source.cachePath}.tmp-${process.pid}`;
    writeFileSync(temporary, JSON.stringify({ key: source.cacheKey, pages, ...(partial ? { done: [...done] } : {}) } satisfies ReplayCache<T>));
    renameSync(temporary, source.cachePath);
  };
  const bundleDir = await ensurePageBundle(console.error);
  const pool = new PagePool(bundleDir, DEFAULT_VIEWPORT);
  const datasets = await findDatasets(source.benchDir, source.datasets.split(','));
  const pages: T[] = resumed?.pages ?? [];
  try {
    await mapOrdered(
      datasetItems(datasets, source.limit),
      source.concurrency,
      async ({ dataset, item }, worker) => {
        if (!('record' in item)) return null;
        const record = item.record;
        if (done.has(`${dataset}/${record.id}`)) return null;
        if (source.accept && !source.accept(record)) return null;
        try {
          const read = await pool.withPage(worker, recordSource(record.id, record.html, record.url), { pageScripts: false, timeoutMs: 60_000 }, (page) => page.evaluate(inPage));
          return { key: `${dataset}/${record.id}`, page: toPage(dataset, record, read) };
        } catch (error) {
          console.error(`${record.id}: ${String(error)}`);
          return { key: `${dataset}/${record.id}`, page: null };
        }
      },
      async (read) => {
        if (!read) return;
        done.add(read.key);
        if (!read.page) return;
        pages.push(read.page);
        if (pages.length % SAVE_EVERY === 0) {
          console.error(`${pages.length} pages…`);
          save(true);
        }
      },
    );
  } finally {
    await pool.close();
  }
  save(false);
  return pages;
}
