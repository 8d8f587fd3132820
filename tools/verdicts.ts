/**
 * Dumps Pith's verdicts on benchmark pages, one JSON line per page: the Markdown output and, per block, whether it
 * was kept, its cause and its stage. Two dumps (before and after a refactor) are compared with tools/verdicts-diff.ts.
 *   npx tsx tools/verdicts.ts --out FILE [--bundle-dir DIR] [--datasets a,b] [--limit N] [--concurrency N]
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT } from '../vite.page.config';
import { datasetItems, findDatasets } from '../scripts/lib/bench-datasets';
import { DEFAULT_VIEWPORT } from '../scripts/lib/browser';
import { JsonLinesWriter } from '../scripts/lib/jsonl';
import { mapOrdered } from '../scripts/lib/ordered-map';
import { ensurePageBundle } from '../scripts/lib/page-bundle';
import { PagePool } from '../scripts/lib/page-pool';
import { recordSource } from '../scripts/lib/page-source';

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    'bundle-dir': { type: 'string' },
    'bench-dir': { type: 'string', default: resolve(PROJECT_ROOT, '../shared/bench') },
    datasets: { type: 'string' },
    limit: { type: 'string' },
    concurrency: { type: 'string', default: '2' },
  },
});
if (!values.out) throw new Error('--out FILE is required');

const bundleDir = values['bundle-dir'] ? resolve(values['bundle-dir']) : await ensurePageBundle();
const datasets = await findDatasets(resolve(values['bench-dir']), values.datasets?.split(','));
const pool = new PagePool(bundleDir, DEFAULT_VIEWPORT);
const writer = new JsonLinesWriter(resolve(values.out));
let done = 0;
try {
  await mapOrdered(
    datasetItems(datasets, values.limit ? Number(values.limit) : undefined),
    Number(values.concurrency),
    async ({ dataset, item }, worker) => {
      if (!('record' in item)) return { dataset, id: item.id, error: item.error };
      const { record } = item;
      try {
        const out = await pool.withPage(worker, recordSource(record.id, record.html, record.url), { pageScripts: false, timeoutMs: 60_000 }, (page) =>
          page.evaluate(async () => {
            const api = window.__pith!;
            const extraction = await api.extract({});
            const blocks = extraction.snapshot.blocks.map((b) => {
              const d = extraction.record.decisions[b.id];
              return [b.id, d?.kept ?? null, d?.cause ?? null, d?.stage ?? null];
            });
            return { md: api.format(extraction, 'md'), mode: extraction.mode, pageType: extraction.pageType?.type ?? null, blocks, paths: extraction.record.runs.map((r) => r.path) };
          }),
        );
        return { dataset, id: record.id, ...out };
      } catch (error) {
        return { dataset, id: record.id, error: String(error) };
      }
    },
    async (line) => {
      await writer.write(line);
      if (++done % 100 === 0) process.stderr.write(`${done} pages\n`);
    },
  );
} finally {
  await writer.close();
  await pool.close();
}
process.stderr.write(`${done} pages written to ${values.out}\n`);
