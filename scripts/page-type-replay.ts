/**
 * Replays the page-type stage on cached extractions, to tune a profile without re-rendering pages.
 *   tsx scripts/page-type-replay.ts take --data pages.jsonl[.gz] [--concurrency N]   (extractions into the cache)
 *   tsx scripts/page-type-replay.ts score --data pages.jsonl[.gz] [--types listing,collection] [--pages]
 * `take` runs the page bundle in headless Chromium on each page (as the benchmark does) and caches the extraction,
 * with the profile's decisions undone, in node_modules/.cache/pith-page-type-replay/<file>.jsonl. `score` runs the
 * page-type stage of the current source over each cached extraction and prints token F1 per page type (and per page
 * with --pages) against the page's truth, beside the result of the cached run.
 */
import { existsSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Decision, DecisionRecord } from '../src/decisions/types';
import { keptText } from '../src/decisions/record';
import { applyPageTypeProfile } from '../src/pipeline/extract-page';
import { PAGE_TYPES } from '../src/page-type/model';
import { profileName } from '../src/page-type/profiles';
import type { Extraction } from '../src/pipeline/types';
import { tokenPrf } from '../bench/lib/scoring/token-scores';
import { PROJECT_ROOT } from '../vite.page.config';
import { readJsonLines } from './lib/jsonl';
import { cachePages } from './lib/page-line-cache';

const CACHE_DIR = resolve(PROJECT_ROOT, 'node_modules/.cache/pith-page-type-replay');
const log = (line: string): void => void process.stderr.write(`${line}\n`);

interface PageRecord {
  id: string;
  html: string;
  url?: string;
  page_type?: string;
  truth_text?: string;
}

interface Cached {
  id: string;
  type: string;
  truth: string;
  extraction: Extraction;
}

/** The record as the structural stages left it: every decision a page-type profile made replaced by the one it superseded. */
function withoutProfile(extraction: Extraction): DecisionRecord {
  const record = extraction.record;
  const prefixes = PAGE_TYPES.map((type) => `${profileName(type)}:`);
  const decisions = record.decisions.map((d) => {
    let decision: Decision | undefined = d;
    while (decision?.supersedes && prefixes.some((p) => decision!.reason?.startsWith(p))) decision = decision.supersedes;
    return decision;
  });
  return { ...record, decisions: decisions as Decision[], runs: record.runs.filter((r) => !r.path.startsWith('page-type:')) };
}

async function readRecords(path: string): Promise<PageRecord[]> {
  const records: PageRecord[] = [];
  for await (const line of readJsonLines(path)) if ('value' in line) records.push(line.value as PageRecord);
  return records;
}

async function take(data: string, cachePath: string, concurrency: number): Promise<void> {
  const done = new Set<string>();
  if (existsSync(cachePath)) for await (const line of readJsonLines(cachePath)) if ('value' in line) done.add((line.value as Cached).id);
  const missing = (await readRecords(data)).filter((r) => !done.has(r.id));
  await cachePages({
    records: missing,
    cachePath,
    concurrency,
    timeoutMs: 180_000,
    read: async (page, record): Promise<Cached> => {
      const extraction = await page.evaluate(async () => window.__pith!.extract());
      return { id: record.id, type: record.page_type ?? '', truth: record.truth_text ?? '', extraction: { ...extraction, record: withoutProfile(extraction) } };
    },
    log,
    label: '',
    progressEvery: 10,
  });
}

async function score(cachePath: string, types: string[] | undefined, perPage: boolean): Promise<void> {
  const byType = new Map<string, { before: number; after: number; n: number }>();
  for await (const line of readJsonLines(cachePath)) {
    if (!('value' in line)) continue;
    const page = line.value as Cached;
    if (types && !types.includes(page.type)) continue;
    const { snapshot } = page.extraction;
    const record = withoutProfile(page.extraction);
    const before = tokenPrf(keptText(snapshot.blocks, record), page.truth);
    // withoutProfile's record has arrays of its own: the profile writes into them, not into the cached page.
    const after = applyPageTypeProfile({ ...page.extraction, record });
    const result = tokenPrf(keptText(after.snapshot.blocks, after.record), page.truth);
    const row = byType.get(page.type) ?? { before: 0, after: 0, n: 0 };
    row.before += before.f1;
    row.after += result.f1;
    row.n++;
    byType.set(page.type, row);
    if (perPage) {
      const summary = after.pageType!;
      log(`${page.type.padEnd(13)} ${page.id} structural ${before.f1.toFixed(3)} → ${result.f1.toFixed(3)} (P ${result.precision.toFixed(2)} R ${result.recall.toFixed(2)})  ${summary.type} ${summary.confidence.toFixed(2)} ${summary.applied ? 'applied' : '-'}: ${summary.reason}`);
    }
  }
  let all = { before: 0, after: 0, n: 0 };
  for (const [type, row] of [...byType].sort()) {
    log(`${type.padEnd(13)} n=${String(row.n).padStart(3)}  structural ${(row.before / row.n).toFixed(3)}  with page type ${(row.after / row.n).toFixed(3)}`);
    all = { before: all.before + row.before, after: all.after + row.after, n: all.n + row.n };
  }
  log(`${'all'.padEnd(13)} n=${String(all.n).padStart(3)}  structural ${(all.before / all.n).toFixed(3)}  with page type ${(all.after / all.n).toFixed(3)}`);
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { data: { type: 'string' }, concurrency: { type: 'string', default: '2' }, types: { type: 'string' }, pages: { type: 'boolean' } },
  });
  const [command] = positionals;
  if (!values.data || (command !== 'take' && command !== 'score')) throw new Error('usage: page-type-replay.ts take|score --data FILE');
  const cachePath = join(CACHE_DIR, `${basename(values.data).replace(/\.jsonl(\.gz)?$/, '')}.jsonl`);
  if (command === 'take') await take(resolve(values.data), cachePath, Number(values.concurrency));
  else await score(cachePath, values.types?.split(','), values.pages ?? false);
}

main().catch((error) => {
  log((error as Error).stack ?? String(error));
  process.exit(1);
});
