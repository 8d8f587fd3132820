/**
 * The per-segment rules. Core segments are kept. Every other segment is removed when its best phrase hit reaches
 * its group's cutoff c (the highest-similarity hit among those that pass, so a per-group cutoff can let a
 * lower-ranked hit decide), else when its cosine distance to the core centroid exceeds d; otherwise it is kept.
 */
import type { Evidence } from '../decisions/types';
import { cutoffFor, type SoreParams } from './params';
import type { PhraseHit, Segment, SegmentVerdict } from './types';

export interface SegmentFacts {
  segment: Segment;
  core: boolean;
  /** Cosine to the anchor. */
  anchorSimilarity: number;
  /** Cosine distance to the core centroid. */
  distance: number;
  /** Nearest phrases, best first (empty for core segments: they are not looked up). */
  hits: PhraseHit[];
}

export type ClassifyParams = Pick<SoreParams, 'groupCutoff' | 'groupCutoffs' | 'farDistance'> & Partial<Pick<SoreParams, 'farMaxBlockChars'>>;

export const fmt = (x: number): string => x.toFixed(2);

/** "calls-to-action" → "calls to action" when the group's label is not known. */
export function labelFor(labels: ReadonlyMap<string, string>, group: string): string {
  return labels.get(group) ?? group.replace(/-/g, ' ');
}

/** The hit that removes the segment, if any. */
export function matchingHit(hits: PhraseHit[], params: ClassifyParams): PhraseHit | undefined {
  let best: PhraseHit | undefined;
  for (const h of hits) {
    if (h.similarity >= cutoffFor(params, h.group) && (!best || h.similarity > best.similarity)) best = h;
  }
  return best;
}

export function classifySegment(
  facts: SegmentFacts,
  params: ClassifyParams,
  labels: ReadonlyMap<string, string>,
  coreCutoff: number,
): SegmentVerdict {
  const { segment: s } = facts;
  const base = { block: s.block, start: s.start, end: s.end, origin: s.origin, anchorSimilarity: facts.anchorSimilarity };
  const verdict = (
    kept: boolean,
    rule: SegmentVerdict['rule'],
    reason: string,
    evidence: Evidence,
    score: number,
    threshold: number,
  ): SegmentVerdict => ({ ...base, kept, rule, reason, evidence, score, threshold });

  if (facts.core) {
    const sim = facts.anchorSimilarity;
    return verdict(true, 'core', `Part of the page's core (similarity to its topic ${fmt(sim)})`, { kind: 'core', similarity: sim }, sim, coreCutoff);
  }
  const hit = matchingHit(facts.hits, params);
  if (hit) {
    const c = cutoffFor(params, hit.group);
    return verdict(
      false,
      'outlier-group',
      `Matched outlier group: ${labelFor(labels, hit.group)} ("${hit.phrase}", similarity ${fmt(hit.similarity)} ≥ ${fmt(c)})`,
      { kind: 'outlier-group', group: hit.group, phrase: hit.phrase, similarity: hit.similarity },
      hit.similarity,
      c,
    );
  }
  const d = params.farDistance;
  if (facts.distance > d && s.heading) {
    return verdict(
      true,
      'near-core',
      `A heading: kept whatever its distance to the page's core (${fmt(facts.distance)}); it matched no outlier group`,
      { kind: 'near-core', distance: facts.distance },
      facts.distance,
      d,
    );
  }
  const longBlock = (s.blockChars ?? 0) > (params.farMaxBlockChars ?? Infinity);
  if (facts.distance > d && longBlock) {
    return verdict(
      true,
      'near-core',
      `Far from the page's core (distance ${fmt(facts.distance)} > ${fmt(d)}), but part of a long paragraph: the distance rule removes only short blocks`,
      { kind: 'near-core', distance: facts.distance },
      facts.distance,
      d,
    );
  }
  if (facts.distance > d) {
    return verdict(
      false,
      'far-from-core',
      `Too far from the page's core (distance ${fmt(facts.distance)} > ${fmt(d)})`,
      { kind: 'far-from-core', distance: facts.distance },
      facts.distance,
      d,
    );
  }
  return verdict(
    true,
    'near-core',
    `Close to the page's core (distance ${fmt(facts.distance)} ≤ ${fmt(d)})`,
    { kind: 'near-core', distance: facts.distance },
    facts.distance,
    d,
  );
}
