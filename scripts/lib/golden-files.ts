/**
 * Golden pages (test/golden/<slug>/): a source page with its expected output checked in. `source.html` is the page
 * (or `source.path` names a fixture page);
 * `expected.md` the kept text as Markdown; `expected-removals.json` each removed block's cause; `snapshot.json` the
 * page as Chromium read it, from which vitest replays the stages without a browser.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Extraction } from '../../src/pipeline/types';
import type { PageSnapshot } from '../../src/snapshot/types';

/** Relative to the project root, where npm scripts and vitest run (happy-dom's URL cannot read a file: URL). */
export const GOLDEN_DIR = resolve('test/golden');
/** The clipping date written into every golden's front matter, so the expectations do not change by the day. */
export const GOLDEN_DATE = '2026-01-01T00:00:00Z';
const TEXT_CHARS = 80;

export interface Removal {
  /** The block's first characters (empty blocks: its kind). */
  text: string;
  cause: string | null;
}

export interface GoldenOutput {
  md: string;
  removals: Removal[];
}

/**
 * A golden page's source: its own `source.html`, or a fixture page used by other tests too, named (relative to the
 * project root) in `source.path` so that the page is not kept twice.
 */
export function sourcePath(slug: string): string | null {
  const own = join(GOLDEN_DIR, slug, 'source.html');
  if (existsSync(own)) return own;
  const pointer = join(GOLDEN_DIR, slug, 'source.path');
  return existsSync(pointer) ? resolve(readFileSync(pointer, 'utf8').trim()) : null;
}

export function goldenSlugs(): string[] {
  return readdirSync(GOLDEN_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory() && sourcePath(d.name) !== null)
    .map((d) => d.name)
    .sort();
}

export function removalsOf(extraction: Pick<Extraction, 'snapshot' | 'record'>): Removal[] {
  const out: Removal[] = [];
  for (const block of extraction.snapshot.blocks) {
    const decision = extraction.record.decisions[block.id];
    if (!decision || decision.kept) continue;
    const text = block.text.replace(/\s+/g, ' ').trim().slice(0, TEXT_CHARS);
    out.push({ text: text || `(${block.kind}, no text)`, cause: decision.cause ?? null });
  }
  return out;
}

export function readExpected(slug: string): GoldenOutput {
  const dir = join(GOLDEN_DIR, slug);
  return { md: readFileSync(join(dir, 'expected.md'), 'utf8'), removals: JSON.parse(readFileSync(join(dir, 'expected-removals.json'), 'utf8')) as Removal[] };
}

export function readSnapshot(slug: string): PageSnapshot {
  return JSON.parse(readFileSync(join(GOLDEN_DIR, slug, 'snapshot.json'), 'utf8')) as PageSnapshot;
}

export function writeGolden(slug: string, output: GoldenOutput, snapshot: PageSnapshot): void {
  const dir = join(GOLDEN_DIR, slug);
  writeFileSync(join(dir, 'expected.md'), output.md);
  writeFileSync(join(dir, 'expected-removals.json'), `${JSON.stringify(output.removals, null, 1)}\n`);
  writeFileSync(join(dir, 'snapshot.json'), `${JSON.stringify(snapshot)}\n`);
}

