/**
 * From segment verdicts to per-block decisions (stage 'sore').
 *
 * - A kept block whose segments are all removed is removed; its reason is that of its longest removed segment,
 *   with the count of the others ("… and 2 more segments").
 * - A kept block with some or no segments removed stays kept, with the evidence of its best kept segment (core
 *   similarity, else the smallest core distance); the removed segments are only in the segment verdicts, for the
 *   reader to dim.
 * - A block the structural stage removed is restored only when `rescue` is on, one of its segments is as similar
 *   to the anchor as the least similar core segment, and none of its segments matched an outlier group. Otherwise
 *   SORE makes no decision for it.
 */
import type { Decision } from '../decisions/types';
import type { SoreParams } from './params';
import { fmt } from './outliers';
import type { SegmentVerdict } from './types';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function byBlock(verdicts: SegmentVerdict[]): Map<number, SegmentVerdict[]> {
  const out = new Map<number, SegmentVerdict[]>();
  for (const v of verdicts) {
    const list = out.get(v.block);
    if (list) list.push(v);
    else out.set(v.block, [v]);
  }
  return out;
}

function removedDecision(block: number, removed: SegmentVerdict[]): Decision {
  let longest = removed[0];
  for (const v of removed) if (v.end - v.start > longest.end - longest.start) longest = v;
  const more = removed.length - 1;
  return {
    block,
    kept: false,
    stage: 'sore',
    reason: more > 0 ? `${longest.reason} and ${plural(more, 'more segment')}` : longest.reason,
    cause: longest.evidence.kind === 'outlier-group' ? 'outlier-group' : 'far-from-core',
    score: longest.score,
    threshold: longest.threshold,
    evidence: longest.evidence,
  };
}

function keptDecision(block: number, all: SegmentVerdict[]): Decision {
  const kept = all.filter((v) => v.kept);
  const core = kept.filter((v) => v.rule === 'core');
  const best = core.length
    ? core.reduce((a, b) => (b.score > a.score ? b : a))
    : kept.reduce((a, b) => (b.score < a.score ? b : a));
  const removed = all.length - kept.length;
  return {
    block,
    kept: true,
    stage: 'sore',
    reason: removed > 0 ? `${best.reason}; ${removed} of ${plural(all.length, 'segment')} removed` : best.reason,
    score: best.score,
    threshold: best.threshold,
    evidence: best.evidence,
  };
}

function rescueDecision(block: number, all: SegmentVerdict[], coreCutoff: number): Decision | null {
  if (all.some((v) => v.rule === 'outlier-group')) return null;
  const best = Math.max(...all.map((v) => v.anchorSimilarity));
  if (!(best >= coreCutoff)) return null;
  return {
    block,
    kept: true,
    stage: 'sore',
    reason: `Restored: as close to the page's topic as its core (similarity ${fmt(best)} ≥ ${fmt(coreCutoff)})`,
    score: best,
    threshold: coreCutoff,
    evidence: { kind: 'core', similarity: best },
  };
}

/** One decision per examined block that SORE has a say on, in document order of first segment. */
export function blockDecisions(
  verdicts: SegmentVerdict[],
  params: Pick<SoreParams, 'rescue'>,
  coreCutoff: number,
): Decision[] {
  const out: Decision[] = [];
  for (const [block, all] of byBlock(verdicts)) {
    if (all[0].origin === 'removed-nearby') {
      const rescued = params.rescue ? rescueDecision(block, all, coreCutoff) : null;
      if (rescued) out.push(rescued);
      continue;
    }
    const removed = all.filter((v) => !v.kept);
    out.push(removed.length === all.length ? removedDecision(block, removed) : keptDecision(block, all));
  }
  return out;
}
