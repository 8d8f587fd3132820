/**
 * The block model's training table: features (src/blocks/features.ts) and labels (block-labels.ts) of every cached
 * page, written as one float32 matrix per set plus a JSON file per set that says which page and block each row is.
 *   node_modules/.cache/pith-blocks/table/<set>.f32, <set>.json
 */
import { createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import { join } from 'node:path';
import { BLOCK_FEATURE_NAMES, blockFeatures } from '../../src/blocks/features';
import { tokenize } from '../../src/text/tokenize';
import { BLOCK_CACHE_DIR, readCachedPages, readRecords, type BenchRecord, type CachedPage } from './block-pages';
import { blockShares, truthIndex } from './block-labels';

export const TABLE_DIR = join(BLOCK_CACHE_DIR, 'table');

export interface TablePage {
  id: string;
  site: string;
  lang: string;
  pageType: string;
  /** Row range [first, end) of this page's blocks in the set's matrix. */
  first: number;
  end: number;
}

export interface SetTable {
  set: string;
  features: readonly string[];
  pages: TablePage[];
  /** Per row: the block id, its label share (-1 when the set has no full-text truth) and its token count. */
  block: number[];
  share: number[];
  tokens: number[];
}

/** The site a page belongs to (its registrable domain), for grouping folds: from the URL, else the canonical URL, else the source. */
export function siteOf(record: BenchRecord, page: CachedPage): string {
  const url = record.url || page.snapshot.metadata.canonicalUrl || '';
  try {
    const labels = new URL(url).hostname.replace(/^www\d*\./, '').split('.');
    const keep = labels.length >= 3 && labels.at(-2)!.length <= 3 && labels.at(-1)!.length <= 2 ? 3 : 2;
    return labels.slice(-keep).join('.');
  } catch {
    return `${page.dataset}:${(record.source ?? record.id).replace(/-\d+$/, '')}`;
  }
}

/** Blocks the model decides: visible, with some text. Hidden and empty ones are removed by rules that are certain. */
export function modelBlocks(page: CachedPage): number[] {
  return page.snapshot.blocks.filter((b) => b.visible && tokenize(b.text).length > 0).map((b) => b.id);
}

export async function buildSetTable(set: string, log: (line: string) => void): Promise<SetTable | null> {
  const cached = await readCachedPages(set);
  if (cached.size === 0) return null;
  const records = (await readRecords(set)).filter((r) => cached.has(r.id));
  await mkdir(TABLE_DIR, { recursive: true });
  const out = createWriteStream(join(TABLE_DIR, `${set}.f32`));
  const table: SetTable = { set, features: BLOCK_FEATURE_NAMES, pages: [], block: [], share: [], tokens: [] };
  for (const record of records) {
    const page = cached.get(record.id)!;
    const ids = modelBlocks(page);
    const rows = blockFeatures(page);
    const truth = record.truth_text?.trim() ? truthIndex(record.truth_text) : null;
    const texts = ids.map((id) => page.snapshot.blocks[id]!.text);
    const shares = truth ? blockShares(texts, truth) : texts.map(() => -1);
    const first = table.block.length;
    for (let i = 0; i < ids.length; i++) {
      const row = rows[ids[i]!]!;
      if (!out.write(Buffer.from(row.buffer, row.byteOffset, row.byteLength))) await once(out, 'drain');
      table.block.push(ids[i]!);
      table.share.push(Math.round(shares[i]! * 1000) / 1000);
      table.tokens.push(tokenize(texts[i]!).length);
    }
    table.pages.push({ id: record.id, site: siteOf(record, page), lang: record.lang ?? 'und', pageType: record.page_type ?? 'unlabelled', first, end: table.block.length });
  }
  out.end();
  await once(out, 'finish');
  await writeFile(join(TABLE_DIR, `${set}.json`), JSON.stringify(table));
  log(`${set}: ${table.pages.length} pages, ${table.block.length} blocks`);
  return table;
}
