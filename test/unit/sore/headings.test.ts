import { describe, expect, it } from 'vitest';
import { classifySegment } from '../../../src/sore/outliers';
import type { Segment } from '../../../src/sore/types';

const params = { groupCutoff: 0.6, groupCutoffs: {}, farDistance: 0.8 };
const labels = new Map([['related-content', 'related content']]);
const segment = (text: string, heading: boolean): Segment => ({ block: 3, start: 0, end: text.length, text, origin: 'kept', heading });
const far = { core: false, anchorSimilarity: 0.05, distance: 0.93, hits: [] };

describe('headings under SORE', () => {
  it('keeps a heading that is far from the core, and says why', () => {
    const v = classifySegment({ ...far, segment: segment('I. Introduction', true) }, params, labels, 0.5);
    expect(v.kept).toBe(true);
    expect(v.reason).toMatch(/heading/);
  });

  it('still removes a far paragraph by distance', () => {
    const v = classifySegment({ ...far, segment: segment('Our office is closed on public holidays.', false) }, params, labels, 0.5);
    expect(v.kept).toBe(false);
    expect(v.reason).toMatch(/Too far from the page's core \(distance 0\.93 > 0\.80\)/);
  });

  it('removes a heading that matches an outlier group', () => {
    const hits = [{ group: 'related-content', phrase: 'Related articles', similarity: 0.97 }];
    const v = classifySegment({ ...far, hits, segment: segment('Related articles', true) }, params, labels, 0.5);
    expect(v.kept).toBe(false);
    expect(v.evidence).toMatchObject({ kind: 'outlier-group', group: 'related-content' });
  });
});

describe('long paragraphs under the distance rule', () => {
  const long = 'The team spent the winter measuring the old stumps one by one. '.repeat(3);
  const seg = (text: string, blockChars: number): Segment => ({ block: 4, start: 0, end: text.length, text, origin: 'kept', blockChars });

  it('keeps a far sentence of a long paragraph, saying why', () => {
    const v = classifySegment({ ...far, segment: seg(long, long.length) }, { ...params, farMaxBlockChars: 120 }, labels, 0.5);
    expect(v.kept).toBe(true);
    expect(v.reason).toMatch(/long paragraph/);
  });

  it('removes a far short block', () => {
    const v = classifySegment({ ...far, segment: seg('Printer-friendly version', 24) }, { ...params, farMaxBlockChars: 120 }, labels, 0.5);
    expect(v.kept).toBe(false);
  });
});
