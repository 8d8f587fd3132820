/**
 * The quality gate: Pith's token F1 (snippet F1 on trafilatura-dev) on a fixed sample of each gated dev set, in
 * headless Chromium, against the floors pinned in bench/floors.json. Fails when any set is more than the tolerance
 * below its floor, or when the sample's data is not the data the floors were pinned on (its hash). Prints the numbers.
 *   npm run quality-gate             check (run by scripts/test.sh)
 *   npm run bench:floors             re-pin the floors on today's output (review the diff of bench/floors.json)
 * daniel-dev is not gated: it is for evaluation only. Readability and Defuddle are not run here (npm run bench does).
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PROJECT_ROOT } from '../vite.page.config';
import { prfFromCounts, snippetCounts } from '../bench/lib/scoring/snippet-scores';
import { tokenPrf } from '../bench/lib/scoring/token-scores';
import { datasetItems, findDatasets } from './lib/bench-datasets';
import { scoringFor } from './lib/bench-page';
import { DEFAULT_VIEWPORT } from './lib/browser';
import { runStructural } from './lib/in-page';
import { mapOrdered } from './lib/ordered-map';
import { ensurePageBundle } from './lib/page-bundle';
import { PagePool } from './lib/page-pool';
import { recordSource } from './lib/page-source';
import type { PageRecord } from './lib/records';

const BENCH_DIR = resolve(PROJECT_ROOT, '../shared/bench');
const FLOORS_FILE = resolve(PROJECT_ROOT, 'bench/floors.json');
const GATED_SETS = ['cleaneval-dev', 'cleanportaleval', 'readability', 'trafilatura-dev', 'wcxb-dev-sample'];
const PAGES_PER_SET = 40;
const TOLERANCE = 0.005;
const PAGE_TIMEOUT_MS = 60_000;

interface Floor {
  f1: number;
  pages: number;
  /** sha256 of the sample's pages (id, html, truth, snippets), so floors are never compared with other data. */
  sha256: string;
}
interface Floors {
  tolerance: number;
  pagesPerSet: number;
  sets: Record<string, Floor>;
}

function f1Of(record: PageRecord, text: string): number {
  const scoring = scoringFor(record);
  if (scoring === 'snippets') return prfFromCounts(snippetCounts(text, record.with ?? [], record.without ?? [])).f1;
  return tokenPrf(text, record.truth_text ?? '').f1;
}

async function measure(): Promise<Record<string, Floor>> {
  const datasets = await findDatasets(BENCH_DIR, GATED_SETS);
  const pool = new PagePool(await ensurePageBundle(), DEFAULT_VIEWPORT);
  const scores = new Map<string, number[]>();
  const hashes = new Map(GATED_SETS.map((s) => [s, createHash('sha256')]));
  try {
    await mapOrdered(
      datasetItems(datasets, PAGES_PER_SET),
      2,
      async ({ dataset, item }, worker) => {
        if (!('record' in item)) return { dataset, f1: 0, key: item.id };
        const { record } = item;
        const key = JSON.stringify([record.id, record.html, record.truth_text ?? '', record.with ?? [], record.without ?? []]);
        for (let attempt = 0; ; attempt++) {
          try {
            const run = await pool.withPage(worker, recordSource(record.id, record.html, record.url), { pageScripts: false, timeoutMs: PAGE_TIMEOUT_MS }, (page) => runStructural(page, 'text'));
            return { dataset, f1: f1Of(record, run.output), key };
          } catch (error) {
            if (attempt >= 1) {
              console.error(`${dataset}/${record.id}: ${String(error)}`);
              return { dataset, f1: 0, key };
            }
          }
        }
      },
      ({ dataset, f1, key }) => {
        scores.set(dataset, [...(scores.get(dataset) ?? []), f1]);
        hashes.get(dataset)!.update(key);
      },
    );
  } finally {
    await pool.close();
  }
  return Object.fromEntries(
    GATED_SETS.map((set) => {
      const f1s = scores.get(set) ?? [];
      const mean = f1s.reduce((a, b) => a + b, 0) / Math.max(1, f1s.length);
      return [set, { f1: Math.round(mean * 10_000) / 10_000, pages: f1s.length, sha256: hashes.get(set)!.digest('hex') }];
    }),
  );
}

const measured = await measure();
if (process.argv.includes('--pin')) {
  const floors: Floors = { tolerance: TOLERANCE, pagesPerSet: PAGES_PER_SET, sets: measured };
  writeFileSync(FLOORS_FILE, `${JSON.stringify(floors, null, 2)}\n`);
  for (const [set, m] of Object.entries(measured)) console.log(`${set}: F1 ${m.f1.toFixed(4)} on ${m.pages} pages (pinned)`);
  console.log(`wrote ${join('bench', 'floors.json')}`);
} else {
  const floors = JSON.parse(readFileSync(FLOORS_FILE, 'utf8')) as Floors;
  const failures: string[] = [];
  for (const [set, m] of Object.entries(measured)) {
    const floor = floors.sets[set];
    const line = `${set}: F1 ${m.f1.toFixed(4)} on ${m.pages} pages, floor ${floor ? floor.f1.toFixed(4) : 'none'} (tolerance ${floors.tolerance})`;
    console.log(line);
    if (!floor) failures.push(`${set}: no floor pinned`);
    else if (floor.sha256 !== m.sha256 || floor.pages !== m.pages) failures.push(`${set}: the sample is not the data the floor was pinned on (hash differs); re-pin with npm run bench:floors`);
    else if (m.f1 < floor.f1 - floors.tolerance) failures.push(`${set}: F1 ${m.f1.toFixed(4)} is ${(floor.f1 - m.f1).toFixed(4)} below its floor ${floor.f1.toFixed(4)}`);
  }
  if (failures.length > 0) {
    console.error(`\nquality gate failed:\n${failures.join('\n')}`);
    process.exit(1);
  }
  console.log('quality gate passed');
}
