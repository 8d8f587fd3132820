// @vitest-environment node
/**
 * The line-shape rule: a short block that is mostly links, recurs on the page or is in capitals needs a weaker
 * known-line vote (and a smaller core distance) to be removed; a sentence-like paragraph with the same vectors
 * does not.
 */
import { describe, expect, it } from 'vitest';
import { boilerplateShape, lineKey, lineShapes } from '../../../src/sore/line-shape';
import { classifySegment, CONTENT_GROUP, type SegmentFacts } from '../../../src/sore/outliers';
import { DEFAULT_SORE_PARAMS } from '../../../src/sore/params';
import type { PhraseHit } from '../../../src/sore/types';

const limits = { shapeMaxChars: 150, shapeLinkShare: 0.6 };

describe('line shapes', () => {
  it('counts a line that recurs with other numbers as the same line', () => {
    expect(lineKey('Posted by ann at 09:41 PM | Comments (6)')).toBe(lineKey('posted by ann at 05:35 PM | Comments (9)'));
    const shapes = lineShapes([
      { id: 0, text: 'Posted by ann at 09:41 PM | Comments (6)', linkTextLength: 12 },
      { id: 1, text: 'The river rose overnight and the road was closed.', linkTextLength: 0 },
      { id: 2, text: 'Posted by ann at 05:35 PM | Comments (9)', linkTextLength: 12 },
    ]);
    expect(shapes.get(0)?.repeats).toBe(2);
    expect(shapes.get(1)?.repeats).toBe(1);
    expect(shapes.get(1)?.sentence).toBe(true);
  });

  it('names what makes a short line look like boilerplate, and nothing for a plain or long one', () => {
    const [links, caps, plain] = [...lineShapes([
      { id: 0, text: 'Home | News | Sport | Weather', linkTextLength: 24 },
      { id: 1, text: 'GET THE APP ON THE GO', linkTextLength: 0 },
      { id: 2, text: 'The mayor said the work would finish in May.', linkTextLength: 0 },
    ]).values()];
    expect(boilerplateShape(links, 29, limits)).toMatch(/line of links \(83% link text\)/);
    expect(boilerplateShape(caps, 21, limits)).toMatch(/capitals/);
    expect(boilerplateShape(plain, 44, limits)).toBeNull();
    expect(boilerplateShape(links, 400, limits)).toBeNull();
  });
});

/** Nearest known lines: an ad line first, then 4 boilerplate and 5 content lines (vote margin 0). */
const hits: PhraseHit[] = [
  { group: 'commercial', phrase: 'Advertisement', similarity: 0.7 },
  ...Array.from({ length: 4 }, (_, i) => ({ group: 'commercial', phrase: `ad ${i}`, similarity: 0.6 - i * 0.01 })),
  ...Array.from({ length: 5 }, (_, i) => ({ group: CONTENT_GROUP, phrase: `content ${i}`, similarity: 0.55 - i * 0.01 })),
];

function facts(text: string, linkTextLength: number, distance = 0.5): SegmentFacts {
  const shape = lineShapes([{ id: 3, text, linkTextLength }]).get(3);
  return {
    segment: { block: 3, start: 0, end: text.length, text, origin: 'kept', blockChars: text.length, shape },
    core: false,
    anchorSimilarity: 0.1,
    distance,
    hits,
  };
}

const params = { ...DEFAULT_SORE_PARAMS, groupCutoff: 0.6, voteMargin: 0.8, farDistance: 0.9, shapeVoteMargin: 0, shapeFarDistance: 0.7 };
const labels = new Map([['commercial', 'commercial']]);

describe('the vote with the line shape', () => {
  it('removes a short line of links on a split vote, and says why', () => {
    const v = classifySegment(facts('Shop deals | Sponsored offers', 25), params, labels, 0.9);
    expect(v.kept).toBe(false);
    expect(v.rule).toBe('outlier-group');
    expect(v.reason).toMatch(/5 of 10 nearest known lines are boilerplate \(a short line of links/);
  });

  it('keeps the same split vote for a line without link text, and when the shape rule is off', () => {
    expect(classifySegment(facts('Shop deals and sponsored offers', 0), params, labels, 0.9).kept).toBe(true);
    expect(classifySegment(facts('Shop deals | Sponsored offers', 25), { ...params, shapeVoteMargin: 2 }, labels, 0.9).kept).toBe(true);
  });

  it('removes a boilerplate-shaped line from the smaller core distance, but not a heading', () => {
    const far = { ...facts('More from the archive | Next', 25, 0.8), hits: [] };
    const v = classifySegment(far, params, labels, 0.9);
    expect(v.kept).toBe(false);
    expect(v.rule).toBe('far-from-core');
    expect(v.reason).toMatch(/0\.80 > 0\.70\) and a short line of links/);
    expect(classifySegment({ ...far, segment: { ...far.segment, heading: true } }, params, labels, 0.9).kept).toBe(true);
  });
});

describe('prose protection', () => {
  it('keeps a sentence-like paragraph on a boilerplate vote, unless it is all but a known line', () => {
    const text = 'The ferry to the island now runs twice a day.';
    const unanimous = { ...facts(text, 0), hits: hits.map((h) => ({ ...h, group: 'commercial' })) };
    const protectedParams = { ...params, proseMinWords: 5 };
    const kept = classifySegment(unanimous, protectedParams, labels, 0.9);
    expect(kept.kept).toBe(true);
    expect(kept.reason).toMatch(/Written as prose \(10 words ending like a sentence\)/);
    expect(classifySegment(unanimous, { ...params, proseMinWords: 100_000 }, labels, 0.9).kept).toBe(false);
    const sameLine = { ...unanimous, hits: [{ group: 'commercial', phrase: text, similarity: 0.99 }, ...unanimous.hits.slice(1)] };
    expect(classifySegment(sameLine, protectedParams, labels, 0.9).kept).toBe(false);
  });
});
