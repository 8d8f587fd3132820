/** Reads the golden pages in Chromium with the page bundle (the files themselves: golden-files.ts). */
import { readFileSync } from 'node:fs';
import type { PageSnapshot } from '../../src/snapshot/types';
import { DEFAULT_VIEWPORT } from './browser';
import { GOLDEN_DATE, removalsOf, sourcePath, type GoldenOutput } from './golden-files';
import { mapOrdered } from './ordered-map';
import { ensurePageBundle } from './page-bundle';
import { PagePool } from './page-pool';
import { fileSource, syntheticUrl } from './page-source';

export interface GoldenRead {
  output: GoldenOutput;
  /** The snapshot before any stage ran, when asked for (`snapshots`: what add and update write beside the page). */
  snapshot?: PageSnapshot;
}

/**
 * Each golden page read in Chromium by the page bundle: its output, and with `snapshots` the snapshot before any
 * stage ran, which takes a second extraction per page (a check needs only the output).
 */
export async function readGoldens(slugs: string[], { snapshots = false, concurrency = 2 }: { snapshots?: boolean; concurrency?: number } = {}): Promise<Map<string, GoldenRead>> {
  const bundleDir = await ensurePageBundle();
  const pool = new PagePool(bundleDir, DEFAULT_VIEWPORT);
  const results = new Map<string, GoldenRead>();
  try {
    await mapOrdered(
      (async function* () {
        yield* slugs;
      })(),
      concurrency,
      async (slug, worker) => {
        const path = sourcePath(slug)!;
        return pool.withPage(worker, { ...fileSource(path, readFileSync(path)), url: syntheticUrl('source.html') }, { pageScripts: false, timeoutMs: 60_000 }, (page) =>
          page.evaluate(
            async ({ date, withSnapshot }) => {
              const api = window.__pith!;
              // The page-type stage may add blocks to the snapshot: without it, the snapshot is the page as read.
              const raw = withSnapshot ? await api.extract({ stages: { 'page-type': false } }) : undefined;
              const extraction = await api.extract({});
              return { snapshot: raw?.snapshot, extraction: { snapshot: extraction.snapshot, record: extraction.record }, md: api.format(extraction, 'md', { now: new Date(date) }) };
            },
            { date: GOLDEN_DATE, withSnapshot: snapshots },
          ),
        ).then((r) => ({ slug, ...r }));
      },
      async ({ slug, snapshot, extraction, md }) => {
        results.set(slug, { output: { md, removals: removalsOf(extraction) }, snapshot });
      },
    );
  } finally {
    await pool.close();
  }
  return results;
}
