/** The reader's status line: which path the pipeline took and how much it kept. */
import { isKept } from '../decisions/record';
import type { StageRun } from '../decisions/types';
import type { Extraction } from '../pipeline/types';
import { pageNotes } from './page-notes';

export interface StatusSummary {
  mode: string;
  kept: number;
  total: number;
  /** "stage: path" for every stage run, in order, e.g. "gce: gce:M3best". */
  paths: string[];
  /** e.g. "Layout (GCE, M3 best) · 42 of 118 blocks kept". */
  text: string;
  totalMs: number | null;
  /** Set when the page was read in part or differently (too large, frames from other sites, plain text). */
  warning: string | null;
}

function runLabel(run: StageRun): string {
  return run.path.startsWith(`${run.stage}:`) || run.path === run.stage ? run.path : `${run.stage}: ${run.path}`;
}

export function statusSummary(extraction: Extraction): StatusSummary {
  const blocks = extraction.snapshot.blocks;
  const kept = blocks.filter((b) => isKept(extraction.record, b.id)).length;
  const mode = extraction.mode.trim() || 'Unknown mode';
  const total = extraction.timings.total;
  return {
    mode,
    kept,
    total: blocks.length,
    paths: extraction.record.runs.map(runLabel),
    text: `${mode} · ${kept} of ${blocks.length} blocks kept`,
    totalMs: typeof total === 'number' && Number.isFinite(total) ? total : null,
    warning: pageNotes(extraction.snapshot).join(' ') || null,
  };
}
