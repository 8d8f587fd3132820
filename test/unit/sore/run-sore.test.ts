import { describe, expect, it } from 'vitest';
import { decide } from '../../../src/decisions/record';
import type { DecisionRecord } from '../../../src/decisions/types';
import { runSore } from '../../../src/sore';
import { removedChars, withFallback } from '../../../src/sore/fallback';
import { DEFAULT_SORE_PARAMS } from '../../../src/sore/params';
import type { PhraseIndex } from '../../../src/sore/types';
import { AXIS, GROUP_LABELS, KeywordEmbedder, axis, block, metadata, mix, phraseIndex, recordKeeping, snapshot, vec } from './fixtures';

const embedder = () =>
  new KeywordEmbedder([
    ['volcano', axis(AXIS.topic)],
    ['lava', vec(0.8, 0.6)], // cos 0.8 to the topic: near the core
    ['subscribe', axis(AXIS.cta, 5)],
    ['share on', axis(AXIS.social, 5)],
    ['recipe', axis(AXIS.other)],
  ]);

const blocks = [
  block(0, 'heading', 'Volcano erupts near Grindavik'),
  block(
    1,
    'text',
    'The volcano began erupting on Monday night. Lava flows reached the edge of the town by morning. ' +
      'Subscribe to our newsletter for daily updates on the eruption.',
  ),
  block(2, 'text', 'Lava fields now cover two of the roads into the town.'),
  block(3, 'text', 'Share on Facebook'),
  block(4, 'image', '', { images: [{ src: 'https://example.com/a.jpg', alt: 'recipe', width: 10, height: 10 }] }),
  block(5, 'text', 'Try this pasta recipe tonight, it takes twenty minutes.'),
  block(6, 'code', 'subscribe(newsletter) // recipe'),
  block(7, 'table', 'Share on Facebook | recipe'),
  block(8, 'text', 'Subscribe to our newsletter', { node: 3 }), // removed by GCE, next to kept content
];

function page(meta = metadata({ title: 'Volcano eruption in Iceland | Example News', siteName: 'Example News' })) {
  return { snapshot: snapshot(blocks, { metadata: meta }), record: recordKeeping(blocks, [0, 1, 2, 3, 4, 5, 6, 7]) };
}

/** The seed's distance rule and no block limits (the keyword embedder would otherwise get USE-lite's calibration). */
const SEED = { farDistance: 0.8, voteMargin: 0, groupMaxBlockChars: 100_000, longBlockSegments: 1000 };

describe('runSore', () => {
  it('removes outlier blocks and segments, keeps the core, leaves non-text blocks alone', async () => {
    const e = embedder();
    const result = await runSore(page(), { embedder: e, index: phraseIndex(), groups: GROUP_LABELS }, SEED);
    const byBlock = new Map(result.decisions.map((d) => [d.block, d]));

    expect(result.run).toMatchObject({ stage: 'sore', path: 'sore' });
    expect(result.run.note).toContain('anchor: metadata');
    expect(Object.keys(result.timings).sort()).toEqual(['embed', 'query', 'segment', 'total']);

    expect(byBlock.get(0)).toMatchObject({ kept: true, stage: 'sore', evidence: { kind: 'core' } });
    expect(byBlock.get(1)?.kept).toBe(true);
    expect(byBlock.get(1)?.reason).toMatch(/; 1 of 3 segments removed$/);
    expect(byBlock.get(2)).toMatchObject({ kept: true, evidence: { kind: 'near-core' } });
    expect(byBlock.get(3)).toMatchObject({ kept: false, evidence: { kind: 'outlier-group', group: 'social-media', phrase: 'Share on Facebook' } });
    expect(byBlock.get(3)?.reason).toBe('Matched outlier group: social media — like "Share on Facebook" (1.00 ≥ 0.60); 2 of 2 nearest known lines are boilerplate');
    expect(byBlock.get(5)).toMatchObject({ kept: false, evidence: { kind: 'far-from-core' } });
    expect(byBlock.get(5)?.reason).toBe("Too far from the page's core (distance 1.00 > 0.80)");
    // Image, code and table blocks: no decision, not segmented. The GCE-removed block: not rescued.
    for (const id of [4, 6, 7, 8]) expect(byBlock.has(id)).toBe(false);
    expect(result.segments.some((s) => [4, 6, 7].includes(s.block))).toBe(false);

    // The partly removed block carries its removed sentence, by range.
    const dimmed = result.segments.filter((s) => s.block === 1 && !s.kept);
    expect(dimmed).toHaveLength(1);
    expect(blocks[1].text.slice(dimmed[0].start, dimmed[0].end)).toBe('Subscribe to our newsletter for daily updates on the eruption.');
    expect(dimmed[0].reason).toMatch(/^Matched outlier group: calls to action/);
    // Without rescue the GCE-removed neighbour could change nothing, so it is not embedded at all.
    expect(result.segments.some((s) => s.block === 8)).toBe(false);
    expect(e.calls.flatMap((c) => c.texts)).not.toContain('Subscribe to our newsletter');

    // Embedding: the anchor as a query, the segments as passages in one batch.
    expect(e.calls.map((c) => c.role)).toEqual(['query', 'passage']);
    expect(e.calls[0].texts).toEqual(['Volcano eruption in Iceland']);
    expect(e.calls[1].texts).toHaveLength(result.segments.length);
  });

  it('examines the GCE-removed neighbour when rescue is on', async () => {
    const result = await runSore(page(), { embedder: embedder(), index: phraseIndex() }, { rescue: true });
    expect(result.segments.find((s) => s.block === 8)).toMatchObject({ origin: 'removed-nearby', kept: false });
  });

  it('applies with decide(), keeping the structural decision it supersedes', async () => {
    const input = page();
    const before = JSON.stringify(input.record);
    const result = await runSore(input, { embedder: embedder(), index: phraseIndex() });
    expect(JSON.stringify(input.record)).toBe(before); // runSore does not touch the record
    const record: DecisionRecord = structuredClone(input.record);
    for (const d of result.decisions) decide(record, d);
    expect(record.decisions[3]).toMatchObject({ kept: false, stage: 'sore', supersedes: { kept: true, stage: 'gce' } });
    expect(record.decisions[4]).toMatchObject({ kept: true, stage: 'gce' });
  });

  it('batches embedding calls', async () => {
    const e = embedder();
    const result = await runSore(page(), { embedder: e, index: phraseIndex() }, { embedBatchSize: 2 });
    const passages = e.calls.filter((c) => c.role === 'passage');
    expect(passages.length).toBe(Math.ceil(result.segments.length / 2));
    expect(passages.every((c) => c.texts.length <= 2)).toBe(true);
  });

  it('anchors on the first heading when metadata is empty, and says so', async () => {
    const e = embedder();
    const result = await runSore(page(metadata()), { embedder: e, index: phraseIndex() });
    expect(result.run.note).toContain('anchor: first-heading');
    expect(e.calls[0]).toEqual({ texts: ['Volcano erupts near Grindavik'], role: 'query' });
  });

  it('rescues a structurally removed block only when asked', async () => {
    const extra = [...blocks, block(9, 'text', 'The volcano had been dormant for eight hundred years.', { node: 4 })];
    const input = { snapshot: snapshot(extra, { metadata: metadata({ title: 'Volcano eruption in Iceland' }) }), record: recordKeeping(extra, [0, 1, 2, 3, 5]) };
    const off = await runSore(input, { embedder: embedder(), index: phraseIndex() });
    expect(off.decisions.find((d) => d.block === 9)).toBeUndefined();
    const on = await runSore(input, { embedder: embedder(), index: phraseIndex() }, { rescue: true });
    expect(on.decisions.find((d) => d.block === 9)).toMatchObject({ kept: true, evidence: { kind: 'core' } });
    expect(on.decisions.find((d) => d.block === 8)).toBeUndefined(); // matched an outlier group
  });

  it('skips when there is nothing to segment, and fails soft when the embedder throws', async () => {
    const input = page();
    const none = await runSore({ ...input, record: recordKeeping(blocks, [4, 6]) }, { embedder: embedder(), index: phraseIndex() });
    expect(none.run.path).toBe('skipped:no-segments');
    expect(none.decisions).toEqual([]);
    const failing = { id: 'broken', embed: async () => Promise.reject(new Error('model not loaded')) };
    const failed = await runSore(input, { embedder: failing, index: phraseIndex() });
    expect(failed.run.path).toBe('sore:failed');
    expect(failed.run.note).toContain('model not loaded');
    expect(failed.decisions).toEqual([]);
  });

  it('accepts an asynchronous index', async () => {
    const sync = phraseIndex();
    const index: PhraseIndex = { nearest: async (v, k) => sync.nearest(v, k) };
    const result = await runSore(page(), { embedder: embedder(), index });
    expect(result.decisions.find((d) => d.block === 3)?.kept).toBe(false);
  });
});

describe('fallback', () => {
  // One core heading and four long paragraphs whose similarity to "Share on Facebook" is `sim`.
  function shareHeavyPage(sim: number) {
    const e = new KeywordEmbedder([
      ['gardening', axis(AXIS.topic)],
      ['deals', mix(AXIS.social, sim, AXIS.topic)],
    ]);
    const bs = [
      block(0, 'heading', 'Gardening tips for spring'),
      ...[1, 2, 3, 4].map((i) => block(i, 'text', `Weekly deals corner number ${i}, with offers from our partners this week.`)),
    ];
    const input = { snapshot: snapshot(bs, { metadata: metadata({ title: 'Gardening tips for a spring garden' }) }), record: recordKeeping(bs, [0, 1, 2, 3, 4]) };
    return { e, input };
  }

  it('retries with raised cutoffs when too much would go, and says so', async () => {
    const { e, input } = shareHeavyPage(0.65);
    const result = await runSore(input, { embedder: e, index: phraseIndex() }, SEED);
    expect(result.run.path).toBe('sore:raised-cutoffs');
    expect(result.run.note).toMatch(/removed \d+% of kept text at c 0\.60, d 0\.80, then removed 0% of kept text at c 0\.70, d 0\.90/);
    expect(result.decisions.every((d) => d.kept)).toBe(true);
    expect(result.decisions.filter((d) => d.block > 0).every((d) => d.threshold === 0.9)).toBe(true);
  });

  it('keeps the structural result when raised cutoffs still remove too much', async () => {
    const { e, input } = shareHeavyPage(0.75);
    const result = await runSore(input, { embedder: e, index: phraseIndex() });
    expect(result.run.path).toBe('sore:kept-structural');
    expect(result.decisions).toEqual([]);
    expect(result.segments).toEqual([]);
    expect(result.run.note).toContain('sore:kept-structural');
  });

  it('does nothing special below the share', async () => {
    const { e, input } = shareHeavyPage(0.75);
    const result = await runSore(input, { embedder: e, index: phraseIndex() }, { fallbackShare: 0.95 });
    expect(result.run.path).toBe('sore');
    expect(result.decisions.filter((d) => !d.kept).map((d) => d.block)).toEqual([1, 2, 3, 4]);
  });

  it('counts whole removed blocks by their text and partial removals by their ranges', () => {
    const verdict = (block: number, start: number, end: number, kept: boolean) => ({
      block, start, end, kept, origin: 'kept' as const, rule: 'near-core' as const, reason: '', evidence: { kind: 'near-core' as const, distance: 0 }, score: 0, threshold: 0, anchorSimilarity: 0,
    });
    const evaluation = {
      verdicts: [verdict(0, 0, 10, false), verdict(0, 11, 20, false), verdict(1, 0, 5, true), verdict(1, 6, 30, false)],
      decisions: [{ block: 0, kept: false, stage: 'sore' as const, reason: '', evidence: { kind: 'far-from-core' as const, distance: 1 } }],
    };
    expect(removedChars(evaluation, () => 21)).toBe(21 + 24);
    const outcome = withFallback(() => evaluation, DEFAULT_SORE_PARAMS, 100, () => 21);
    expect(outcome.path).toBe('sore');
    expect(outcome.chosen?.removedShare).toBeCloseTo(0.45);
  });
});
