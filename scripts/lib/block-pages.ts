/**
 * The block model's page cache: every labelled benchmark page read once in headless Chromium through the page bundle
 * (the extension's own snapshot and structural pipeline), with the current pipeline's, Readability.js's and Defuddle's
 * texts of the same rendered page. Block features are a pure function of what is cached here (src/blocks/features.ts,
 * the same code the page runs), so changing features or labels never needs the browser again.
 *   cache: node_modules/.cache/pith-blocks/<dataset>.jsonl (delete a file to retake its pages)
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { DecisionRecord } from '../../src/decisions/types';
import type { PageTypeSummary } from '../../src/page-type';
import type { PageSnapshot } from '../../src/snapshot/types';
import { PROJECT_ROOT } from '../../vite.page.config';
import { readJsonLines } from './jsonl';
import { cachePages } from './page-line-cache';

export const BENCH_DIR = resolve(PROJECT_ROOT, '../shared/bench');
export const BLOCK_CACHE_DIR = resolve(PROJECT_ROOT, 'node_modules/.cache/pith-blocks');

/** Sets with a full-text truth, trained and validated on (grouped by site). */
export const TRAINING_SETS = ['wcxb-dev-train', 'wcxb-dev-sample', 'cleaneval-dev', 'cleanportaleval', 'readability'] as const;
/** Scored only, never trained on: daniel-dev (licence; evaluation only) and the snippet set. */
export const SCORED_ONLY_SETS = ['daniel-dev', 'trafilatura-dev'] as const;

export function datasetPath(name: string): string {
  return name === 'wcxb-dev-train' ? join(BENCH_DIR, 'train/wcxb-dev-train.jsonl.gz') : join(BENCH_DIR, `${name}.jsonl.gz`);
}

export interface BenchRecord {
  id: string;
  html: string;
  url?: string | null;
  lang?: string;
  truth_text?: string;
  with?: string[];
  without?: string[];
  page_type?: string;
  source?: string;
}

/** One page as the pipeline read it, plus the baselines' texts. */
export interface CachedPage {
  id: string;
  dataset: string;
  snapshot: PageSnapshot;
  record: DecisionRecord;
  mainNode: number;
  mode: string;
  pageType?: PageTypeSummary;
  /** The current pipeline's text output, Readability.js's and Defuddle's, on the same rendered page. */
  pith: string;
  readability: string;
  defuddle: string;
}

export async function readRecords(name: string): Promise<BenchRecord[]> {
  const records: BenchRecord[] = [];
  for await (const line of readJsonLines(datasetPath(name))) if ('value' in line) records.push(line.value as BenchRecord);
  return records;
}

export async function readCachedPages(name: string): Promise<Map<string, CachedPage>> {
  const cached = new Map<string, CachedPage>();
  const path = join(BLOCK_CACHE_DIR, `${name}.jsonl`);
  if (!existsSync(path)) return cached;
  for await (const line of readJsonLines(path)) if ('value' in line) cached.set((line.value as CachedPage).id, line.value as CachedPage);
  return cached;
}

/** A fixed order (by a hash of the id), so that the pages read first from a set are a fair sample of it. */
function shuffleKey(id: string): number {
  let h = 2166136261;
  for (const c of id) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return h;
}

/**
 * Reads the pages of `name` not cached yet (at most `limit` more, in the fixed shuffle), appending each to the cache
 * as it comes. `baselines: false` skips Readability.js and Defuddle (the training set is not reported against them).
 */
export async function takePages(name: string, options: { concurrency: number; limit?: number; baselines: boolean; log: (line: string) => void }): Promise<void> {
  const cached = await readCachedPages(name);
  const records = (await readRecords(name)).sort((a, b) => shuffleKey(a.id) - shuffleKey(b.id) || a.id.localeCompare(b.id));
  const missing = records.filter((r) => !cached.has(r.id)).slice(0, options.limit);
  if (missing.length === 0) return;
  options.log(`${name}: reading ${missing.length} pages`);
  await cachePages({
    records: missing.map((r) => ({ ...r, url: r.url ?? undefined })),
    cachePath: join(BLOCK_CACHE_DIR, `${name}.jsonl`),
    concurrency: options.concurrency,
    timeoutMs: 90_000,
    read: async (page, record): Promise<CachedPage> => {
      const taken = await page.evaluate(async (baselines) => {
        const api = window.__pith!;
        const extraction = await api.extract();
        const pith = api.format(extraction, 'text');
        let readability = '';
        let defuddle = '';
        if (baselines) try {
          readability = api.readabilityText().text;
        } catch {
          readability = '';
        }
        if (baselines) try {
          defuddle = (await api.defuddleText()).text;
        } catch {
          defuddle = '';
        }
        const { snapshot, record, mainNode, mode, pageType } = extraction;
        return { snapshot: { ...snapshot, html: '' }, record, mainNode, mode, pageType, pith, readability, defuddle };
      }, options.baselines);
      return { id: record.id, dataset: name, ...taken };
    },
    log: options.log,
    label: name,
    progressEvery: 50,
  });
}
