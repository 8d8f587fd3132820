import { describe, expect, it } from 'vitest';
import { anchorQuote, describeRange } from '../../../src/reading/text-quote';

const ARTICLE = [
  'The harbour was quiet before dawn.',
  'Fishing boats left one by one, their lamps swinging over the water.',
  'By seven the market had opened and the first crates of sardines were sold.',
].join(' ');

function select(text: string, passage: string) {
  const start = text.indexOf(passage);
  return describeRange(text, start, start + passage.length);
}

describe('text-quote anchoring', () => {
  it('finds the same words again after a paragraph is inserted before them', () => {
    const anchor = select(ARTICLE, 'their lamps swinging');
    const changed = `A new opening paragraph the editor added later, about the town's history. ${ARTICLE}`;
    const found = anchorQuote(changed, anchor);
    expect(found.found).toBe(true);
    if (found.found) expect(changed.slice(found.start, found.end)).toBe('their lamps swinging');
    expect(found.found && found.start).not.toBe(anchor.position.start);
  });

  it('reports an orphan when the highlighted words were removed, rather than matching elsewhere', () => {
    const anchor = select(ARTICLE, 'first crates of sardines');
    const changed = ARTICLE.replace('first crates of sardines', 'last of the mackerel');
    expect(anchorQuote(changed, anchor)).toEqual({ found: false, why: 'text-gone' });
  });

  it('reports an orphan when a short quote is left only in another context', () => {
    const anchor = select(ARTICLE, 'the water');
    // The sentence with "the water" is rewritten; the words now occur only in an unrelated sentence.
    const changed = ARTICLE.replace('their lamps swinging over the water', 'lamps lit').replace('sardines were sold', 'sardines were sold by the water');
    expect(anchorQuote(changed, anchor).found).toBe(false);
  });

  it('chooses the occurrence whose context matches when the words occur twice', () => {
    const text = 'one by one they came. Later, one by one they went home.';
    const anchor = select(text, 'Later, one by one');
    const second = text.lastIndexOf('one by one');
    const narrow = describeRange(text, second, second + 'one by one'.length);
    const found = anchorQuote(`Intro. ${text}`, narrow);
    expect(found).toEqual({ found: true, start: second + 7, end: second + 7 + 10 });
    expect(anchorQuote(text, anchor).found).toBe(true);
  });

  it('reports an ambiguous quote as an orphan when the context cannot tell the occurrences apart', () => {
    const text = 'Yes. Yes. Yes.';
    const anchor = { quote: { type: 'TextQuoteSelector' as const, exact: 'Yes.', prefix: 'No. ', suffix: ' No' }, position: { type: 'TextPositionSelector' as const, start: 0, end: 4 } };
    expect(anchorQuote(text, anchor).found).toBe(false);
  });
});
