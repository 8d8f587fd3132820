/**
 * Readability's verdict on a cached page, rebuilt from the Chromium run's record: the block cache's snapshots carry no
 * copy of the page (`snapshot.html` is empty), so Readability cannot run again in Node (it then finds no article and
 * the layout stage's container is used unchecked, which is not what Chromium did on about half the pages).
 * - A block the record shows Readability deciding (kept, dropped, or trimmed inside the container): that verdict.
 * - Any other block (outside the container on a page where the container was used): kept when its words appear, in
 *   order, in Readability.js's text of the same rendered page (the cache's baseline text). `verdictCheck` measures how
 *   often that stand-in agrees with the exact verdict where both are known.
 */
import type { Decision } from '../src/decisions/types';
import type { ReadabilityVerdict } from '../src/fallback/readability';
import { tokenize } from '../src/text/tokenize';
import type { CachedLine } from './gce-replay';

/** Readability's own verdict on the block in the recorded chain, or null when it never decided it. */
function recorded(decision: Decision | undefined): boolean | null {
  for (let d = decision; d; d = d.supersedes) {
    if (d.evidence.kind === 'structural-extractor') return d.evidence.kept;
    if (d.evidence.kind === 'main-container' && d.kept) return true; // inside the container and not trimmed
  }
  return null;
}

/** Whether the block's words appear as one run in the baseline text (tokens joined by single spaces). */
export function inBaseline(text: string, baseline: string): boolean {
  const words = tokenize(text).join(' ');
  return words.length > 0 && baseline.includes(words);
}

/** Whether the recorded run had a Readability answer at all. */
function readabilityAnswered(page: CachedLine): boolean {
  if (page.mode.startsWith('Whole page')) return false;
  if (page.mode.startsWith('Structural fallback')) return true;
  return page.record.runs.some((r) => r.path === 'readability:within-container');
}

export function rebuiltVerdict(page: CachedLine, blocks: number): ReadabilityVerdict {
  if (!readabilityAnswered(page)) return { kept: null, ms: 0 };
  const baseline = tokenize(page.readability ?? '').join(' ');
  const kept = new Set<number>();
  for (const b of page.snapshot.blocks.slice(0, blocks)) {
    const exact = recorded(page.record.decisions[b.id]);
    if (exact ?? inBaseline(b.text, baseline)) kept.add(b.id);
  }
  return { kept, ms: 0 };
}

/** Characters where the stand-in agrees with the exact verdict, over blocks Readability decided (fallback pages). */
export function verdictCheck(page: CachedLine): { agree: number; total: number } {
  const baseline = tokenize(page.readability ?? '').join(' ');
  let agree = 0;
  let total = 0;
  if (!page.mode.startsWith('Structural fallback')) return { agree, total };
  for (const b of page.snapshot.blocks) {
    const exact = recorded(page.record.decisions[b.id]);
    if (exact === null) continue;
    total += b.text.length;
    if (exact === inBaseline(b.text, baseline)) agree += b.text.length;
  }
  return { agree, total };
}
