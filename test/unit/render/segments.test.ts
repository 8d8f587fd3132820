// @vitest-environment jsdom
// jsdom, as in article.test.ts: DOMPurify (renderArticleHtml's sanitiser) is only reliable there outside browsers.
import { describe, expect, it } from 'vitest';
import type { Extraction } from '../../../src/pipeline/types';
import { renderArticleHtml } from '../../../src/render/article';
import { markRemovedSegments } from '../../../src/render/segments';
import type { SegmentVerdict } from '../../../src/sore/types';
import { buildExtraction, kept, removed } from './fixtures';

function parse(html: string): HTMLElement {
  return new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html').body;
}

/** A verdict for the first occurrence of `text` in block `block`'s text. */
function verdict(extraction: Extraction, block: number, text: string, keptSegment: boolean, reason = 'Matched outlier group: calls to action'): SegmentVerdict {
  const blockText = extraction.snapshot.blocks.find((b) => b.id === block)?.text ?? '';
  const start = blockText.indexOf(text);
  if (start < 0) throw new Error(`"${text}" is not in block ${block}: "${blockText}"`);
  return {
    block,
    start,
    end: start + text.length,
    kept: keptSegment,
    rule: keptSegment ? 'core' : 'outlier-group',
    reason: keptSegment ? 'In the core' : reason,
    evidence: keptSegment ? { kind: 'core', similarity: 0.9 } : { kind: 'outlier-group', group: 'calls-to-action', phrase: 'Subscribe', similarity: 0.8 },
    score: 0.8,
    threshold: 0.6,
    anchorSimilarity: 0.5,
    origin: 'kept',
  };
}

function article(): Extraction {
  return buildExtraction({
    html: `<body><article>
<p data-pith-block="0">The harbour reopened on Monday after the storm. <a href="https://example.com/sub">Subscribe to
  our <em>newsletter</em></a> for daily updates. Ships were waiting outside.</p>
<p data-pith-block="1">Share on Facebook. Share on Twitter.</p>
<p data-pith-block="2">Crews worked through the night to clear the debris.</p>
</article></body>`,
    decisions: { 0: kept('Kept by SORE', 'sore'), 1: removed('Matched outlier group: social media', 'sore'), 2: kept() },
  });
}

describe('removed segments inside kept blocks', () => {
  it('wraps the segment range across inline markup, with its index, reason and stage, when showRemoved', () => {
    const extraction = article();
    const sentence = 'Subscribe to our newsletter for daily updates.';
    extraction.segments = [
      verdict(extraction, 0, 'The harbour reopened on Monday after the storm.', true),
      verdict(extraction, 0, sentence, false),
      verdict(extraction, 0, 'Ships were waiting outside.', true),
      verdict(extraction, 1, 'Share on Facebook.', false), // a removed block: marked as a whole, not per segment
    ];
    const body = parse(renderArticleHtml(extraction, { showRemoved: true }));
    const spans = Array.from(body.querySelectorAll('.pith-removed-segment'));
    expect(spans.length).toBeGreaterThan(1); // the range crosses <a> and <em>
    expect(new Set(spans.map((s) => s.getAttribute('data-pith-segment')))).toEqual(new Set(['1']));
    for (const span of spans) {
      expect(span.getAttribute('data-reason')).toBe('Matched outlier group: calls to action');
      expect(span.getAttribute('data-stage')).toBe('sore');
      expect(span.getAttribute('tabindex')).toBe('0');
      expect(span.closest('[data-pith-block="0"]')).not.toBeNull();
    }
    // Whitespace between text nodes stays outside the spans; every character of the sentence is inside one.
    expect(spans.map((s) => s.textContent).join('').replace(/\s+/g, '')).toBe(sentence.replace(/\s+/g, ''));
    // The block's text and links are unchanged by the wrapping.
    const block = body.querySelector('[data-pith-block="0"]');
    expect(block?.textContent?.replace(/\s+/g, ' ').trim()).toBe(extraction.snapshot.blocks[0].text);
    expect(block?.querySelector('a em')?.textContent).toContain('newsletter');
    expect(body.querySelector('[data-pith-block="1"]')?.classList.contains('pith-removed')).toBe(true);
    expect(body.querySelector('[data-pith-block="1"] .pith-removed-segment')).toBeNull();
  });

  it('leaves the text alone when showRemoved is off', () => {
    const extraction = article();
    extraction.segments = [verdict(extraction, 0, 'Ships were waiting outside.', false, 'Too far from the page\'s core (distance 0.9 > 0.8)')];
    const body = parse(renderArticleHtml(extraction, { showRemoved: false }));
    expect(body.querySelector('.pith-removed-segment')).toBeNull();
    expect(body.textContent).toContain('Ships were waiting outside.');
  });

  it('finds the segment by its text when the rendered block text differs from the snapshot', () => {
    const extraction = article();
    const verdicts = [verdict(extraction, 2, 'through the night', false)];
    const body = parse('<p data-pith-block="2">[note] Crews worked through the night to clear the debris.</p>');
    expect(markRemovedSegments(body, extraction.snapshot.blocks, verdicts, () => true)).toBe(1);
    expect(body.querySelector('.pith-removed-segment')?.textContent).toBe('through the night');
    // Not found at all: nothing is dimmed.
    const other = parse('<p data-pith-block="2">Something else entirely.</p>');
    expect(markRemovedSegments(other, extraction.snapshot.blocks, verdicts, () => true)).toBe(0);
    expect(other.querySelector('.pith-removed-segment')).toBeNull();
  });

  it('dims several segments of one block, including two in one text node', () => {
    const extraction = buildExtraction({
      html: '<p data-pith-block="0">First sentence here. Second one follows. Third closes it.</p>',
      decisions: { 0: kept() },
    });
    extraction.segments = [verdict(extraction, 0, 'First sentence here.', false), verdict(extraction, 0, 'Third closes it.', false)];
    const body = parse(renderArticleHtml(extraction, { showRemoved: true }));
    const spans = Array.from(body.querySelectorAll('.pith-removed-segment'));
    expect(spans.map((s) => [s.getAttribute('data-pith-segment'), s.textContent])).toEqual([
      ['0', 'First sentence here.'],
      ['1', 'Third closes it.'],
    ]);
    expect(body.textContent?.trim()).toBe('First sentence here. Second one follows. Third closes it.');
  });
});
