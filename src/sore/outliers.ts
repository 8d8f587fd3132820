/**
 * The per-segment rules. Core segments are kept. Every other segment is looked up among the known lines (the
 * hand-written outlier phrases, and boilerplate and content lines mined from training pages) and removed when
 *   - its nearest boilerplate line reaches its group's cutoff c (the highest-similarity such hit, so a per-group
 *     cutoff can let a lower-ranked hit decide), and
 *   - its k nearest known lines vote boilerplate by the margin: (boilerplate − content) / k ≥ voteMargin;
 * else when its cosine distance to the core centroid exceeds d (the seed's distance rule); otherwise it is kept.
 * A short block shaped like boilerplate (mostly links, recurring on the page, in capitals: line-shape.ts) needs
 * only the smaller shapeVoteMargin, and is removed from the smaller distance shapeFarDistance.
 * Without content lines in the index the vote is always unanimous and the rule is the seed's phrase cutoff.
 */
import type { Evidence } from '../decisions/types';
import { boilerplateShape, isProse } from './line-shape';
import {
  cutoffFor,
  DEFAULT_PROSE_MIN_WORDS,
  DEFAULT_SAME_LINE_CUTOFF,
  DEFAULT_SHAPE_FAR_DISTANCE,
  DEFAULT_SHAPE_LINK_SHARE,
  DEFAULT_SHAPE_MAX_CHARS,
  DEFAULT_SHAPE_VOTE_MARGIN,
  type SoreParams,
} from './params';
import type { ItemField } from './item-fields';
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
  /** The segment's block is one field of repeated items (item-fields.ts). */
  itemField?: ItemField;
}

export type ClassifyParams = Pick<SoreParams, 'groupCutoff' | 'groupCutoffs' | 'farDistance'> &
  Partial<Pick<SoreParams, 'farMaxBlockChars' | 'groupMaxBlockChars' | 'voteMargin' | 'sameLineCutoff'>> &
  Partial<Pick<SoreParams, 'shapeMaxChars' | 'shapeLinkShare' | 'shapeVoteMargin' | 'shapeFarDistance' | 'proseMinWords'>>;

/** Group of the mined content lines in the index: they vote against removal and never match. */
export const CONTENT_GROUP = '__content__';

export const fmt = (x: number): string => x.toFixed(2);

/** "calls-to-action" → "calls to action" when the group's label is not known. */
export function labelFor(labels: ReadonlyMap<string, string>, group: string): string {
  return labels.get(group) ?? group.replace(/-/g, ' ');
}

/** The nearest boilerplate line that reaches its group's cutoff, if any. */
export function matchingHit(hits: PhraseHit[], params: ClassifyParams): PhraseHit | undefined {
  let best: PhraseHit | undefined;
  for (const h of hits) {
    if (h.group === CONTENT_GROUP) continue;
    if (h.similarity >= cutoffFor(params, h.group) && (!best || h.similarity > best.similarity)) best = h;
  }
  return best;
}

export interface Vote {
  boilerplate: number;
  content: number;
  /** (boilerplate − content) / number of neighbours; 1 when every neighbour is boilerplate. */
  margin: number;
}

/** How the nearest known lines vote. */
export function vote(hits: PhraseHit[]): Vote {
  const content = hits.filter((h) => h.group === CONTENT_GROUP).length;
  const boilerplate = hits.length - content;
  return { boilerplate, content, margin: hits.length > 0 ? (boilerplate - content) / hits.length : 0 };
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
  const votes = vote(facts.hits);
  const blockChars = s.blockChars ?? 0;
  const shape = boilerplateShape(s.shape, blockChars, {
    shapeMaxChars: params.shapeMaxChars ?? DEFAULT_SHAPE_MAX_CHARS,
    shapeLinkShare: params.shapeLinkShare ?? DEFAULT_SHAPE_LINK_SHARE,
  });
  const margin = Math.min(params.voteMargin ?? 0, shape ? (params.shapeVoteMargin ?? DEFAULT_SHAPE_VOTE_MARGIN) : Infinity);
  const shapeNote = shape && margin < (params.voteMargin ?? 0) ? ` (${shape})` : '';
  // A segment all but identical to a known boilerplate line is that line, whatever lines of the other kind lie near.
  const sameLine = hit !== undefined && facts.hits[0] === hit && hit.similarity >= (params.sameLineCutoff ?? DEFAULT_SAME_LINE_CUTOFF);
  if (!sameLine && facts.itemField) {
    return verdict(
      true,
      'near-core',
      `One field of ${facts.itemField.items} repeated items (the same place in each, with its own text): only a line all but ` +
        `identical to known boilerplate removes it${hit ? ` (nearest: "${hit.phrase}", ${fmt(hit.similarity)})` : ''}`,
      { kind: 'near-core', distance: facts.distance },
      facts.distance,
      params.farDistance,
    );
  }
  if (!sameLine && isProse(s.shape, params.proseMinWords ?? DEFAULT_PROSE_MIN_WORDS)) {
    return verdict(
      true,
      'near-core',
      `Written as prose (${s.shape?.words} words ending like a sentence): only a line all but identical to known ` +
        `boilerplate removes it${hit ? ` (nearest: "${hit.phrase}", ${fmt(hit.similarity)})` : ''}`,
      { kind: 'near-core', distance: facts.distance },
      facts.distance,
      params.farDistance,
    );
  }
  if (hit && !sameLine && votes.margin >= margin && blockChars > (params.groupMaxBlockChars ?? Infinity)) {
    return verdict(
      true,
      'near-core',
      `Like known boilerplate ("${hit.phrase}", ${fmt(hit.similarity)}), but part of a paragraph of ${blockChars} characters: ` +
        `group matches remove only blocks of up to ${params.groupMaxBlockChars} characters`,
      { kind: 'near-core', distance: facts.distance },
      facts.distance,
      params.farDistance,
    );
  }
  if (hit && (sameLine || votes.margin >= margin)) {
    const c = cutoffFor(params, hit.group);
    return verdict(
      false,
      'outlier-group',
      `Matched outlier group: ${labelFor(labels, hit.group)} — like "${hit.phrase}" (${fmt(hit.similarity)} ≥ ${fmt(c)}); ` +
        `${votes.boilerplate} of ${facts.hits.length} nearest known lines are boilerplate${shapeNote}`,
      { kind: 'outlier-group', group: hit.group, phrase: hit.phrase, similarity: hit.similarity },
      hit.similarity,
      c,
    );
  }
  const shapeFar = params.shapeFarDistance ?? DEFAULT_SHAPE_FAR_DISTANCE;
  if (shape && !s.heading && facts.distance > shapeFar) {
    return verdict(
      false,
      'far-from-core',
      `Far from the page's core (distance ${fmt(facts.distance)} > ${fmt(shapeFar)}) and ${shape}`,
      { kind: 'far-from-core', distance: facts.distance },
      facts.distance,
      shapeFar,
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
  const longBlock = blockChars > (params.farMaxBlockChars ?? Infinity);
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
