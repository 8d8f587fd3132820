// @vitest-environment node
/**
 * The known-line vote on hand-made vectors: a segment is removed by an outlier group only when its nearest
 * boilerplate line reaches c and its k nearest known lines vote boilerplate by the margin.
 */
import { describe, expect, it } from 'vitest';
import { classifySegment, CONTENT_GROUP, vote, type SegmentFacts } from '../../../src/sore/outliers';
import { embedExemplars, MISC_GROUP } from '../../../src/sore/outlier-index-build';
import { BruteForcePhraseIndex, type PhraseEntry } from '../../../src/sore/phrase-index';
import { DEFAULT_SORE_PARAMS } from '../../../src/sore/params';
import type { PhraseHit, SoreEmbedder } from '../../../src/sore/types';

const unit = (...xs: number[]) => {
  const n = Math.hypot(...xs);
  return Float32Array.from(xs.map((x) => x / n));
};

/** Boilerplate "ad" lines near the x axis, content lines near the y axis. */
const entries: PhraseEntry[] = [
  { group: 'commercial', phrase: 'Advertisement', vector: unit(1, 0, 0) },
  { group: 'commercial', phrase: 'Advert', vector: unit(1, 0.05, 0) },
  { group: 'commercial', phrase: 'Sponsored content', vector: unit(1, 0.1, 0.02) },
  { group: 'related-content', phrase: 'You may also like', vector: unit(1, 0, 0.15) },
  { group: 'commercial', phrase: 'Paid promotion', vector: unit(1, 0.12, 0.05) },
  { group: CONTENT_GROUP, phrase: 'An advertising agency won the contract.', vector: unit(0.3, 1, 0.3) },
  { group: CONTENT_GROUP, phrase: 'The council met on Tuesday.', vector: unit(0.1, 1, 0) },
  { group: CONTENT_GROUP, phrase: 'Rain fell across the valley.', vector: unit(0, 1, 0.1) },
  { group: CONTENT_GROUP, phrase: 'The bridge opened in May.', vector: unit(0.05, 1, 0.05) },
  { group: CONTENT_GROUP, phrase: 'Traders sold the first catch.', vector: unit(0.15, 1, 0) },
];
const index = new BruteForcePhraseIndex(entries);
const labels = new Map([['commercial', 'commercial']]);

function facts(vector: Float32Array, k: number): SegmentFacts {
  return {
    segment: { block: 1, start: 0, end: 13, text: 'segment', origin: 'kept' },
    core: false,
    anchorSimilarity: 0.2,
    distance: 0.3,
    hits: index.nearest(vector, k),
  };
}

describe('known-line vote', () => {
  it('counts boilerplate and content neighbours', () => {
    const hits: PhraseHit[] = [
      { group: 'commercial', phrase: 'a', similarity: 0.9 },
      { group: CONTENT_GROUP, phrase: 'b', similarity: 0.8 },
      { group: 'legal', phrase: 'c', similarity: 0.7 },
      { group: 'legal', phrase: 'd', similarity: 0.6 },
    ];
    expect(vote(hits)).toEqual({ boilerplate: 3, content: 1, margin: 0.5 });
    expect(vote([])).toEqual({ boilerplate: 0, content: 0, margin: 0 });
  });

  it('removes a line among boilerplate neighbours, naming the group, the nearest line and the vote', () => {
    const v = classifySegment(facts(unit(1, 0.01, 0), 6), { ...DEFAULT_SORE_PARAMS, groupCutoff: 0.9, voteMargin: 0.5 }, labels, 0.9);
    expect(v.kept).toBe(false);
    expect(v.rule).toBe('outlier-group');
    expect(v.evidence).toMatchObject({ kind: 'outlier-group', group: 'commercial', phrase: 'Advertisement' });
    expect(v.reason).toMatch(/^Matched outlier group: commercial — like "Advertisement" \(1\.00 ≥ 0\.90\); 5 of 6 nearest known lines are boilerplate$/);
  });

  it('keeps a line close to a boilerplate phrase when its neighbourhood is content', () => {
    // Between the ad lines and the content lines: the nearest line is boilerplate and above c, but most of the
    // k nearest are content.
    const between = unit(1, 0.75, 0);
    const hits = index.nearest(between, 10);
    expect(hits[0].group).not.toBe(CONTENT_GROUP);
    expect(vote(hits)).toMatchObject({ boilerplate: 5, content: 5 });
    const v = classifySegment(facts(between, 10), { ...DEFAULT_SORE_PARAMS, groupCutoff: 0.7, voteMargin: 0.5, farDistance: 0.8 }, labels, 0.9);
    expect(v.kept).toBe(true);
    expect(v.rule).toBe('near-core');
  });

  it('a group match removes a short block but not a sentence of a long paragraph, unless it is the known line itself', () => {
    const params = { ...DEFAULT_SORE_PARAMS, groupCutoff: 0.8, voteMargin: 0.5, farDistance: 0.8, groupMaxBlockChars: 150 };
    const inBlock = (vector: Float32Array, blockChars: number): SegmentFacts => ({ ...facts(vector, 6), segment: { ...facts(vector, 6).segment, blockChars } });
    const nearAd = unit(1, -0.5, 0); // cosine 0.89 to "Advertisement": a match, not the same line
    expect(classifySegment(inBlock(nearAd, 40), params, labels, 0.9).kept).toBe(false);
    const long = classifySegment(inBlock(nearAd, 600), params, labels, 0.9);
    expect(long.kept).toBe(true);
    expect(long.reason).toMatch(/^Like known boilerplate \("Advertisement", 0\.89\), but part of a paragraph of 600 characters/);
    // All but identical to "Advertisement": removed wherever it stands.
    expect(classifySegment(inBlock(unit(1, 0.01, 0), 600), params, labels, 0.9).kept).toBe(false);
  });

  it('a model whose same-line cutoff is higher needs the vote even for a very close line', () => {
    // Cosine 0.95 to "Advertisement", among content neighbours (k = 10: 5 boilerplate, 5 content).
    const close = unit(1, 0.33, 0);
    const f = facts(close, 10);
    expect(f.hits[0].similarity).toBeGreaterThan(0.94);
    const params = { ...DEFAULT_SORE_PARAMS, groupCutoff: 0.7, voteMargin: 0.8, farDistance: 3 };
    expect(classifySegment(f, params, labels, 0.9).kept).toBe(false); // USE-lite's 0.9: the same line
    const strict = classifySegment(f, { ...params, sameLineCutoff: 0.99 }, labels, 0.9);
    expect(strict.kept).toBe(true);
    expect(strict.rule).toBe('near-core');
  });

  it('without content lines in the index the rule is the seed phrase cutoff', () => {
    const phrasesOnly = new BruteForcePhraseIndex(entries.filter((e) => e.group !== CONTENT_GROUP));
    const v = classifySegment(
      { ...facts(unit(1, 0.3, 0), 4), hits: phrasesOnly.nearest(unit(1, 0.3, 0), 4) },
      { ...DEFAULT_SORE_PARAMS, groupCutoff: 0.9, voteMargin: 0.9 },
      labels,
      0.9,
    );
    expect(v.kept).toBe(false);
    expect(v.reason).toContain('4 of 4 nearest known lines are boilerplate');
  });
});

describe('mined known lines in the index', () => {
  const vectors: Record<string, Float32Array> = {
    'Advertisement': unit(1, 0, 0),
    'Read more': unit(0, 0, 1),
    'ADVERTISEMENT - SCROLL TO CONTINUE': unit(1, 0.1, 0),
    'Image 1 of 23': unit(0, 1, 0.3),
    'The mayor spoke.': unit(0, 1, 0),
  };
  const embedder: SoreEmbedder = { id: 'use-lite', embed: async (texts) => texts.map((t) => vectors[t]) };
  const phrases: PhraseEntry[] = [
    { group: 'commercial', phrase: 'Advertisement', vector: vectors['Advertisement'] },
    { group: 'related-content', phrase: 'Read more', vector: vectors['Read more'] },
  ];

  it('gives each boilerplate line the group of its nearest phrase when it is within c, else misc; content stays content', async () => {
    const mined = await embedExemplars(
      [
        { text: 'ADVERTISEMENT - SCROLL TO CONTINUE', label: 'boilerplate', pages: 9 },
        { text: 'Image 1 of 23', label: 'boilerplate', pages: 4 },
        { text: 'The mayor spoke.', label: 'content', pages: 1 },
      ],
      phrases,
      embedder,
    );
    expect(mined.map((m) => [m.phrase, m.group])).toEqual([
      ['ADVERTISEMENT - SCROLL TO CONTINUE', 'commercial'],
      ['Image 1 of 23', MISC_GROUP], // cosine 0.29 to "Read more": below use-lite's c
      ['The mayor spoke.', CONTENT_GROUP],
    ]);
  });
});
