/**
 * Conservative fallback. If SORE would remove more than `fallbackShare` of the kept text (in characters), it
 * retries once with c, d and every per-group cutoff raised by `fallbackRaise`; if that still removes too much,
 * the structural result stands and SORE decides nothing. The path says which happened.
 */
import type { Decision } from '../decisions/types';
import { raiseCutoffs, type SoreParams } from './params';
import type { SegmentVerdict } from './types';

export type SorePath = 'sore' | 'sore:raised-cutoffs' | 'sore:kept-structural';

export interface Evaluation {
  verdicts: SegmentVerdict[];
  decisions: Decision[];
}

export interface Attempt extends Evaluation {
  params: SoreParams;
  /** Removed characters / kept characters before SORE. */
  removedShare: number;
}

export interface FallbackOutcome {
  path: SorePath;
  /** The attempt in effect; null when the structural result was kept. */
  chosen: Attempt | null;
  attempts: Attempt[];
}

/**
 * Characters SORE removes from kept blocks: whole text of blocks it removes, the segment ranges of blocks it
 * keeps partially. `blockLength` gives a block's text length.
 */
export function removedChars(evaluation: Evaluation, blockLength: (block: number) => number): number {
  const removedBlocks = new Set(evaluation.decisions.filter((d) => !d.kept).map((d) => d.block));
  let chars = 0;
  for (const b of removedBlocks) chars += blockLength(b);
  for (const v of evaluation.verdicts) {
    if (v.origin === 'kept' && !v.kept && !removedBlocks.has(v.block)) chars += v.end - v.start;
  }
  return chars;
}

export function withFallback(
  evaluate: (params: SoreParams) => Evaluation,
  params: SoreParams,
  keptChars: number,
  blockLength: (block: number) => number,
): FallbackOutcome {
  const attempt = (p: SoreParams): Attempt => {
    const e = evaluate(p);
    return { ...e, params: p, removedShare: keptChars > 0 ? removedChars(e, blockLength) / keptChars : 0 };
  };
  const first = attempt(params);
  if (first.removedShare <= params.fallbackShare) return { path: 'sore', chosen: first, attempts: [first] };
  const raised = attempt(raiseCutoffs(params, params.fallbackRaise));
  if (raised.removedShare <= params.fallbackShare) {
    return { path: 'sore:raised-cutoffs', chosen: raised, attempts: [first, raised] };
  }
  return { path: 'sore:kept-structural', chosen: null, attempts: [first, raised] };
}
