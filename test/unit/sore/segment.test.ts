import { describe, expect, it } from 'vitest';
import { USE_LITE_CALIBRATION } from '../../../src/sore/calibration';
import { DEFAULT_SORE_PARAMS, resolveSoreParams } from '../../../src/sore/params';
import { candidateBlocks, lendingSample, lendsOnly, segmentBlocks, segmentsToEmbed, segmentText, weightedLength } from '../../../src/sore/segment';
import type { Segment } from '../../../src/sore/types';
import { block, recordKeeping, removed, snapshot } from './fixtures';

const P = DEFAULT_SORE_PARAMS;

function segs(text: string, lang = 'en', extra: Parameters<typeof block>[3] = {}): Segment[] {
  return segmentBlocks([{ block: block(0, 'text', text, extra), origin: 'kept' }], lang, P);
}

function expectRangesMapBack(text: string, segments: Segment[]): void {
  for (const s of segments) expect(text.slice(s.start, s.end)).toBe(s.text);
  // Ranges are ordered and do not overlap.
  for (let i = 1; i < segments.length; i++) expect(segments[i].start).toBeGreaterThanOrEqual(segments[i - 1].end);
}

describe('segmentation', () => {
  it('splits English text into sentences whose ranges map back to the block text', () => {
    const text =
      'The volcano began erupting on Monday night.  Lava flows reached the edge of the town by morning. ' +
      'Residents were evacuated before the fissure opened.';
    const out = segs(text);
    expect(out.map((s) => s.text)).toEqual([
      'The volcano began erupting on Monday night.',
      'Lava flows reached the edge of the town by morning.',
      'Residents were evacuated before the fissure opened.',
    ]);
    expectRangesMapBack(text, out);
    expect(out.every((s) => s.block === 0 && s.origin === 'kept')).toBe(true);
  });

  it('splits Japanese sentences on 。 (no spaces, characters counted)', () => {
    const text = '東京の気温は今朝から急に下がり始めました。気象庁は週末にかけて雪が降る可能性があると発表しました。外出の際は十分に注意してください。';
    const out = segs(text, 'ja');
    expect(out.map((s) => s.text)).toEqual([
      '東京の気温は今朝から急に下がり始めました。',
      '気象庁は週末にかけて雪が降る可能性があると発表しました。',
      '外出の際は十分に注意してください。',
    ]);
    expectRangesMapBack(text, out);
  });

  it("splits Chinese sentences on 。 using the block's own lang over the page's", () => {
    const text = '今天早上北京的气温突然下降了很多。气象台预计周末可能会有大雪天气出现。请大家出门时注意保暖和交通安全。';
    const out = segs(text, 'en', { lang: 'zh' });
    expect(out).toHaveLength(3);
    expect(out[0].text).toBe('今天早上北京的气温突然下降了很多。');
    expectRangesMapBack(text, out);
  });

  it('splits Arabic sentences (including on ؟)', () => {
    const text = 'بدأ البركان في الثوران مساء يوم الاثنين الماضي. هل وصلت الحمم إلى أطراف البلدة في الصباح؟ تم إجلاء السكان قبل انفتاح الشق بوقت كاف.';
    const out = segs(text, 'ar');
    expect(out.map((s) => s.text)).toEqual([
      'بدأ البركان في الثوران مساء يوم الاثنين الماضي.',
      'هل وصلت الحمم إلى أطراف البلدة في الصباح؟',
      'تم إجلاء السكان قبل انفتاح الشق بوقت كاف.',
    ]);
    expectRangesMapBack(text, out);
  });

  it('merges very short sentences into a neighbour', () => {
    const text = 'Dr. Smith arrived at the observatory at dawn. Yes. No. The readings were far higher than anyone expected. Wow.';
    const out = segs(text);
    expectRangesMapBack(text, out);
    for (const s of out) expect(s.text.length).toBeGreaterThanOrEqual(P.minSegmentChars);
    expect(out[0].text.startsWith('Dr. Smith arrived')).toBe(true);
    expect(out.map((s) => s.text).join(' ')).toBe(text);
  });

  it('weights CJK characters so a short Japanese sentence counts as a short sentence', () => {
    expect(weightedLength('今日は晴れ', 2)).toBe(10);
    expect(weightedLength('abc', 2)).toBe(3);
    const text = '今日は晴れです。東京の気温は今朝から急に下がり始めました。気象庁は週末に雪が降る可能性があると発表しました。';
    const out = segs(text, 'ja');
    expect(out[0].text).toBe('今日は晴れです。東京の気温は今朝から急に下がり始めました。');
    expectRangesMapBack(text, out);
  });

  it('cuts a sentence longer than the maximum at a space', () => {
    const long = Array.from({ length: 120 }, (_, i) => `word${i}`).join(' ') + '.';
    const ranges = segmentText(long, 'en', P);
    expect(ranges.length).toBeGreaterThan(1);
    for (const r of ranges) {
      expect(r.end - r.start).toBeLessThanOrEqual(P.maxSegmentChars);
      expect(long.slice(r.start, r.end)).toMatch(/^word\d+/);
    }
  });

  it('keeps headings, list items and short blocks as one segment each', () => {
    const heading = block(0, 'heading', 'Eruption update. Day two. What we know so far about the fissure and the lava.');
    const item = block(1, 'list-item', 'First point. Second point that is somewhat longer than thirty characters.');
    const short = block(2, 'text', 'Short one. Another.');
    const out = segmentBlocks(
      [heading, item, short].map((b) => ({ block: b, origin: 'kept' as const })),
      'en',
      P,
    );
    expect(out.map((s) => [s.block, s.text])).toEqual([
      [0, heading.text],
      [1, item.text],
      [2, short.text],
    ]);
  });

  it('ignores whitespace-only blocks and trims ranges', () => {
    const b = block(0, 'text', '   Padded text that is short.   ');
    const out = segmentBlocks([{ block: b, origin: 'kept' }, { block: block(1, 'text', '   '), origin: 'kept' }], 'en', P);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ start: 3, end: 29, text: 'Padded text that is short.' });
  });
});

describe('candidate blocks', () => {
  it('takes kept text blocks, never non-text blocks', () => {
    const blocks = [
      block(0, 'text', 'Kept paragraph.'),
      block(1, 'image', 'alt text of a photo'),
      block(2, 'table', 'a b c'),
      block(3, 'code', 'subscribe()'),
      block(4, 'math', 'x^2'),
      block(5, 'figure', 'Caption'),
      block(6, 'quote', 'A quotation.'),
    ];
    const out = candidateBlocks(snapshot(blocks), recordKeeping(blocks, [0, 1, 2, 3, 4, 5, 6]), P);
    expect(out.map((c) => c.block.id)).toEqual([0, 6]);
  });

  it('neither judges nor brings back a block kept as its picture only (a lead photo: its caption is not the article)', () => {
    const blocks = [block(0, 'text', 'The harbour at dawn. Photograph: the agency'), block(1, 'text', 'The story begins here, at the quay.')];
    const record = recordKeeping(blocks, [0, 1]);
    record.decisions[0] = { ...record.decisions[0]!, pictureOnly: true };
    expect(candidateBlocks(snapshot(blocks), record, P).map((c) => c.block.id)).toEqual([1]);
  });

  it('adds structurally removed blocks within the window or inside the main container\'s parent', () => {
    const blocks = [
      block(0, 'text', 'Far away header text', { node: 3 }), // 4 blocks before a kept one, under <body>
      block(1, 'text', 'Menu', { node: 3 }),
      block(2, 'text', 'Hidden', { node: 3, visible: false }),
      block(3, 'text', 'Fixed overlay', { node: 3 }),
      block(4, 'text', 'Kept one'),
      block(5, 'text', 'Right after the kept block', { node: 3 }),
      ...Array.from({ length: 5 }, (_, i) => block(6 + i, 'text', `filler ${i}`, { node: 3 })),
      block(11, 'text', 'Sidebar next to the article', { node: 4 }), // far in order, but inside div 1
    ];
    const record = recordKeeping(blocks, [4]);
    record.decisions[2] = removed(2, { kind: 'hidden' });
    record.decisions[3] = removed(3, { kind: 'fixed-overlay', node: 3 });
    const out = candidateBlocks(snapshot(blocks), record, P);
    expect(out.map((c) => [c.block.id, c.origin])).toEqual([
      [1, 'removed-nearby'],
      [4, 'kept'],
      [5, 'removed-nearby'],
      [6, 'removed-nearby'],
      [7, 'removed-nearby'],
      [11, 'removed-nearby'],
    ]);
    // With no window, only the container-parent rule remains.
    const none = candidateBlocks(snapshot(blocks), record, { neighbourWindow: 0 });
    expect(none.map((c) => c.block.id)).toEqual([4, 11]);
  });

  it('does not apply the parent rule when the main container\'s parent is <body>', () => {
    const blocks = [block(0, 'text', 'Kept', { node: 1 }), ...Array.from({ length: 6 }, (_, i) => block(i + 1, 'text', `x ${i}`, { node: 3 }))];
    const record = recordKeeping(blocks, [0]);
    for (const d of record.decisions) if (d.kept) d.evidence = { kind: 'main-container', container: 1 };
    const out = candidateBlocks(snapshot(blocks), record, { neighbourWindow: 1 });
    expect(out.map((c) => c.block.id)).toEqual([0, 1]);
  });
});

describe('segments worth embedding', () => {
  const paragraph =
    'The volcano began erupting on Monday night. Lava flows reached the edge of the town by morning. ' +
    'Residents were evacuated before the fissure opened. Scientists expect the eruption to last for weeks.';
  const candidates = [
    { block: block(0, 'text', paragraph), origin: 'kept' as const },
    { block: block(1, 'text', 'Advertisement'), origin: 'kept' as const },
    { block: block(2, 'text', paragraph), origin: 'kept' as const },
  ];
  const all = segmentBlocks(candidates, 'en', P);

  it('embeds every segment by default', () => {
    expect(segmentsToEmbed(all, P)).toEqual(all);
  });

  it('takes only the first segments of a paragraph no rule could remove, and every segment of a short block', () => {
    const out = segmentsToEmbed(all, { ...P, groupMaxBlockChars: 150, farMaxBlockChars: 120, longBlockSegments: 1 });
    expect(out.map((s) => [s.block, s.text])).toEqual([
      [0, 'The volcano began erupting on Monday night.'],
      [1, 'Advertisement'],
      [2, 'The volcano began erupting on Monday night.'],
    ]);
  });
});

describe('lending segments a page embeds', () => {
  const lending = { ...P, groupMaxBlockChars: 150, farMaxBlockChars: 120, longBlockSegments: 1 };
  const paragraph = (i: number) =>
    `Paragraph ${i} of the report says the harbour road stayed closed for weeks while the lava kept flowing into the sea. ` +
    'Residents spent the following month with relatives inland, and the council met every evening in the school hall.';
  // A long article: 40 paragraphs no rule can remove, with a short line after every tenth.
  const candidates = Array.from({ length: 40 }, (_, i) => i).flatMap((i) => [
    { block: block(2 * i, 'text', paragraph(i)), origin: 'kept' as const },
    ...(i % 10 === 9 ? [{ block: block(2 * i + 1, 'text', `Advertisement ${i}`), origin: 'kept' as const }] : []),
  ]);
  const all = segmentBlocks(candidates, 'en', P);
  const lendingBlocks = (segments: Segment[]) => segments.filter((s) => lendsOnly(s, lending)).map((s) => s.block / 2);

  it('takes the first half of the allowance, then evenly spaced ones over the rest of the article', () => {
    expect([...lendingSample(40, 8)].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 8, 17, 26, 35]);
    expect([...lendingSample(5, 8)]).toEqual([0, 1, 2, 3, 4]);
    expect(lendingSample(1000, 16).size).toBe(16);
  });

  it('sends a spread sample of a long article\'s paragraphs and every line SORE could remove', () => {
    const out = segmentsToEmbed(all, { ...lending, maxLendingSegments: 8 });
    expect(lendingBlocks(out)).toEqual([0, 1, 2, 3, 8, 17, 26, 35]);
    expect(out.filter((s) => !lendsOnly(s, lending)).map((s) => s.text)).toEqual(['Advertisement 9', 'Advertisement 19', 'Advertisement 29', 'Advertisement 39']);
  });

  it('is capped for USE-lite by its calibration', () => {
    const params = resolveSoreParams(USE_LITE_CALIBRATION.params);
    const max = params.maxLendingSegments;
    expect(max).toBeLessThan(40);
    const out = segmentsToEmbed(all, params);
    expect(lendingBlocks(out)).toHaveLength(max);
    expect(lendingBlocks(out)[0]).toBe(0);
    expect(Math.max(...lendingBlocks(out))).toBeGreaterThan(30); // the end of the article is sampled too
    expect(out.filter((s) => !lendsOnly(s, params))).toHaveLength(4);
  });
});
