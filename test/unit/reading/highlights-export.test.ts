// @vitest-environment jsdom
// The Markdown and HTML exports sanitise with DOMPurify, which needs jsdom (see test/unit/render/article.test.ts).
import { describe, expect, it } from 'vitest';
import { exportAs } from '../../../src/export';
import type { Highlight } from '../../../src/reading/highlights';
import { describeRange } from '../../../src/reading/text-quote';
import { buildExtraction, kept } from '../render/fixtures';
import '../../../src/render/temml-tex';

const TEXT = 'Keepers trimmed the wicks at dusk. The lens turned all night on its bed of mercury.';
const extraction = buildExtraction({
  html: `<h1 data-pith-block="0">The keeper</h1><p data-pith-block="1">${TEXT}</p>`,
  decisions: { 0: kept(), 1: kept() },
});

function highlightOf(passage: string, note: string): Highlight {
  const start = TEXT.indexOf(passage);
  return { id: passage, color: 'yellow', note, anchor: describeRange(TEXT, start, start + passage.length), created: '2026-11-28T03:00:00Z' };
}

const highlights = [highlightOf('trimmed the wicks', ''), highlightOf('bed of mercury', 'Mercury let the heavy lens turn easily.')];

describe('highlights in the exports', () => {
  it('Markdown ends with a Highlights section: ==text==, notes as footnotes', () => {
    const md = exportAs(extraction, 'md', { highlights, frontMatter: false });
    expect(md).toMatch(/## Highlights\n\n- ==trimmed the wicks==\n- ==bed of mercury==\[\^h1\]\n\n\[\^h1\]: Mercury let the heavy lens turn easily\.\n$/);
  });

  it('JSON carries each highlight with its W3C text-quote and position selectors', () => {
    const json = JSON.parse(exportAs(extraction, 'json', { highlights }));
    expect(json.highlights[1].target.selector).toEqual([
      { type: 'TextQuoteSelector', exact: 'bed of mercury', prefix: TEXT.slice(TEXT.indexOf('bed of mercury') - 32, TEXT.indexOf('bed of mercury')), suffix: '.' },
      { type: 'TextPositionSelector', start: TEXT.indexOf('bed of mercury'), end: TEXT.indexOf('bed of mercury') + 14 },
    ]);
    expect(json.highlights[1].note).toBe('Mercury let the heavy lens turn easily.');
  });

  it('HTML and plain text list them; without highlights every export is as before', () => {
    expect(exportAs(extraction, 'html', { highlights })).toContain('<mark data-color="yellow">bed of mercury</mark><br><small>Mercury let');
    expect(exportAs(extraction, 'text', { highlights })).toContain('- “trimmed the wicks”');
    for (const format of ['md', 'html', 'text', 'json'] as const) {
      expect(exportAs(extraction, format, { highlights: [], now: new Date(0) })).toBe(exportAs(extraction, format, { now: new Date(0) }));
    }
  });
});
