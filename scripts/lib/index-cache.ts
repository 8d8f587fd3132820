/**
 * The CLI's disk cache of built outlier indexes (node_modules/.cache/pith-outlier-index/<key>.json), exposed to the
 * model page as window.__pithIndexCacheGet / __pithIndexCachePut (src/pipeline/page-models.ts). The key names the
 * model and hashes the phrase list and known lines, so a changed list builds a new index; delete the folder to
 * force a rebuild.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { PROJECT_ROOT } from '../../vite.page.config';

export const INDEX_CACHE_DIR = process.env.PITH_INDEX_CACHE_DIR ?? join(PROJECT_ROOT, 'node_modules/.cache/pith-outlier-index');

const fileFor = (key: string) => join(INDEX_CACHE_DIR, `${key.replace(/[^A-Za-z0-9._-]+/g, '_')}.json`);

export async function exposeIndexCache(page: Page): Promise<void> {
  await page.exposeFunction('__pithIndexCacheGet', async (key: string) => readFile(fileFor(key), 'utf8').catch(() => null));
  await page.exposeFunction('__pithIndexCachePut', async (key: string, text: string) => {
    await mkdir(INDEX_CACHE_DIR, { recursive: true });
    const file = fileFor(key);
    // Written whole, then renamed: a run stopped midway never leaves half an index for the next one.
    await writeFile(`${file}.tmp-${process.pid}`, text);
    await rename(`${file}.tmp-${process.pid}`, file);
  });
}
