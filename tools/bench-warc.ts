/**
 * A large WARC.gz of real pages for the corpus memory run: the training and dev benchmark pages (daniel-dev left
 * out: evaluation only), repeated in turn until there are `--pages` HTML responses. Each record gets its own
 * WARC-Record-ID, so a repeated page is a distinct page to `pith`. The file is for a temporary place, never the repo.
 *   node --import tsx tools/bench-warc.ts --pages 5000 --out /tmp/corpus-5k/5000.warc.gz
 */
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT } from '../vite.page.config';
import { warcRecordBytes } from '../test/helpers/warc-writer';
import { datasetItems, findDatasets } from '../scripts/lib/bench-datasets';
import { parsePositiveInt } from '../scripts/lib/cli-options';
import type { PageRecord } from '../scripts/lib/records';

const BENCH_DIR = resolve(PROJECT_ROOT, '../shared/bench');
const EVALUATION_ONLY = 'daniel-dev';

async function benchPages(): Promise<PageRecord[]> {
  const dev = (await findDatasets(BENCH_DIR, undefined)).filter((d) => d.name !== EVALUATION_ONLY);
  const train = await findDatasets(resolve(BENCH_DIR, 'train'), undefined);
  const pages: PageRecord[] = [];
  for await (const { item } of datasetItems([...train, ...dev], undefined)) if ('record' in item) pages.push(item.record);
  return pages;
}

const { values } = parseArgs({ options: { pages: { type: 'string', default: '5000' }, out: { type: 'string' } } });
if (!values.out) throw new Error('--out FILE.warc.gz is required');
const wanted = parsePositiveInt('--pages', values.pages);
const pages = await benchPages();
await mkdir(dirname(values.out), { recursive: true });
const out = createWriteStream(values.out);
for (let n = 0; n < wanted; n += 1) {
  const page = pages[n % pages.length];
  const copy = Math.floor(n / pages.length);
  const url = page.url && URL.canParse(page.url) ? page.url : `https://bench.example/${encodeURIComponent(page.id)}`;
  const bytes = await warcRecordBytes({ url: copy ? `${url}#copy-${copy}` : url, body: page.html, headers: { 'Content-Type': 'text/html; charset=utf-8' } }, true);
  if (!out.write(bytes)) await new Promise<void>((done) => out.once('drain', () => done()));
}
await new Promise<void>((done) => out.end(() => done()));
process.stderr.write(`${wanted} HTML responses from ${pages.length} benchmark pages → ${values.out}\n`);
