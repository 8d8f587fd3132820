/**
 * The styled fixture pages (test/fixtures/pages/styled/*.html, each with a `.truth.txt` of its article), read in
 * headless Chromium as written or with their <style> elements removed, and the block model's text on them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { DEFAULT_VIEWPORT } from '../../scripts/lib/browser';
import { ensurePageBundle } from '../../scripts/lib/page-bundle';
import { PagePool } from '../../scripts/lib/page-pool';
import { fileSource } from '../../scripts/lib/page-source';
import type { BlockModel, BlockModelMode } from '../../src/blocks/model';
import { applyBlockModel } from '../../src/blocks/stage';
import { exportAs } from '../../src/export';
import type { Extraction } from '../../src/pipeline/types';
import { PROJECT_ROOT } from '../../vite.page.config';

export const STYLED_DIR = join(PROJECT_ROOT, 'test/fixtures/pages/styled');
export type Rendering = 'styled' | 'unstyled';

export interface StyledRead {
  page: string;
  rendering: Rendering;
  truth: string;
  extraction: Extraction;
}

/** Every styled fixture, in both renderings, read by the page bundle (the pipeline, without the model). */
export async function readStyledFixtures(): Promise<StyledRead[]> {
  const pool = new PagePool(await ensurePageBundle(), DEFAULT_VIEWPORT);
  const reads: StyledRead[] = [];
  try {
    for (const file of readdirSync(STYLED_DIR).filter((f) => f.endsWith('.html')).sort()) {
      const path = join(STYLED_DIR, file);
      const html = readFileSync(path, 'utf8');
      const truth = readFileSync(path.replace(/\.html$/, '.truth.txt'), 'utf8');
      for (const rendering of ['styled', 'unstyled'] as const) {
        const source = rendering === 'styled' ? html : html.replace(/<style[\s\S]*?<\/style>/gi, '');
        const extraction = await pool.withPage(0, fileSource(path, Buffer.from(source)), { pageScripts: false, timeoutMs: 60_000 }, (page) =>
          page.evaluate(async () => {
            const { snapshot, record, mainNode, mode, timings, pageType } = await window.__pith!.extract({});
            return { snapshot, record, mainNode, mode, timings, pageType };
          }),
        );
        reads.push({ page: basename(file, '.html'), rendering, truth, extraction });
      }
    }
  } finally {
    await pool.close();
  }
  return reads;
}

/** The text export (what the benchmark scores) with the model used this way, and the kept blocks' texts (lower case: CSS may set it). */
export function modelText(extraction: Extraction, model: BlockModel, mode: BlockModelMode): { text: string; kept: Set<string> } {
  const decided = applyBlockModel(structuredClone(extraction), model, mode);
  const kept = new Set(decided.snapshot.blocks.filter((b) => decided.record.decisions[b.id]?.kept).map((b) => b.text.toLowerCase()));
  return { text: exportAs(decided, 'text'), kept };
}
