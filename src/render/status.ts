/**
 * The reader's status lines. `readerStatus`: for people, the page type when Pith is confident of it and one short
 * phrase of what Pith did ("Forum thread · 6 posts · 14 pieces removed"). `statusSummary`: the engine's path for
 * the diagnostics view (which stages ran, how many blocks were kept).
 */
import { isKept } from '../decisions/record';
import type { StageRun } from '../decisions/types';
import type { Extraction } from '../pipeline/types';
import { pageNotes } from './page-notes';
import { placeNames } from './place-names';
import { removedPieces } from './removal-summary';

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

export interface ReaderStatus {
  /** "Forum thread · 6 posts" when the page type's profile ran; null for an article or when Pith was unsure. */
  pageType: string | null;
  /** "14 pieces removed", or null when nothing was. */
  removed: string | null;
}

export function readerStatus(extraction: Extraction): ReaderStatus {
  const type = extraction.pageType;
  let pageType: string | null = null;
  if (type && type.applied && type.type !== 'article') {
    const posts = type.posts?.length ?? 0;
    pageType = type.type === 'forum' && posts > 0 ? `${type.label} · ${posts} ${posts === 1 ? 'post' : 'posts'}` : type.label;
  }
  const pieces = removedPieces(extraction.snapshot.blocks, extraction.record, placeNames(extraction.snapshot, extraction.record)).length;
  return { pageType, removed: pieces === 0 ? null : `${pieces.toLocaleString('en')} ${pieces === 1 ? 'piece' : 'pieces'} removed` };
}
