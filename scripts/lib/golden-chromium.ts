/** Reads the golden pages in Chromium with the page bundle (the files themselves: golden-files.ts). */
import { readFileSync } from 'node:fs';
import type { PageSnapshot } from '../../src/snapshot/types';
import { DEFAULT_VIEWPORT } from './browser';
import { GOLDEN_DATE, removalsOf, sourcePath, type GoldenOutput } from './golden-files';
import { mapOrdered } from './ordered-map';
import { ensurePageBundle } from './page-bundle';
import { PagePool } from './page-pool';
import { fileSource, syntheticUrl } from './page-source';

/** Each golden page read in Chromium by the page bundle: its output, and the snapshot before any stage ran. */
export async function readGoldens(slugs: string[], concurrency = 2): Promise<Map<string, { output: GoldenOutput; snapshot: PageSnapshot }>> {
  const bundleDir = await ensurePageBundle();
  const pool = new PagePool(bundleDir, DEFAULT_VIEWPORT);
  const results = new Map<string, { output: GoldenOutput; snapshot: PageSnapshot }>();
  try {
    await mapOrdered(
      (async function* () {
        yield* slugs;
      })(),
      concurrency,
      async (slug, worker) => {
        const path = sourcePath(slug)!;
        return pool.withPage(worker, { ...fileSource(path, readFileSync(path)), url: syntheticUrl('source.html') }, { pageScripts: false, timeoutMs: 60_000 }, (page) =>
          page.evaluate(async (date) => {
            const api = window.__pith!;
            // The page-type stage may add blocks to the snapshot: without it, the snapshot is the page as read.
            const raw = await api.extract({ stages: { 'page-type': false } });
            const extraction = await api.extract({});
            return { snapshot: raw.snapshot, extraction: { snapshot: extraction.snapshot, record: extraction.record }, md: api.format(extraction, 'md', { now: new Date(date) }) };
          }, GOLDEN_DATE),
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
