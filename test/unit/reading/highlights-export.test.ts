// @vitest-environment jsdom
// The Markdown and HTML exports sanitise with DOMPurify, which needs jsdom (see test/unit/render/article.test.ts).
import { describe, expect, it } from 'vitest';
import { exportAs } from '../../../src/export';
import { inArticleOrder, isHighlight, type Highlight } from '../../../src/reading/highlights';
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

describe('a highlight made in an appended page of a multi-page article', () => {
  const onPage2: Highlight = { ...highlightOf('bed of mercury', ''), page: { url: 'https://example.org/lens?page=2', number: 2 } };

  it('says its page in Markdown and text, and names the page as its source in JSON', () => {
    expect(exportAs(extraction, 'md', { highlights: [highlights[0], onPage2], frontMatter: false })).toMatch(/- ==trimmed the wicks==\n- ==bed of mercury== \(page 2\)\n$/);
    expect(exportAs(extraction, 'text', { highlights: [onPage2] })).toContain('- “bed of mercury” (page 2)');
    expect(JSON.parse(exportAs(extraction, 'json', { highlights: [onPage2] })).highlights[0].target.source).toBe('https://example.org/lens?page=2');
  });

  it('is kept from storage with its page, and a damaged page makes it left out', () => {
    expect(isHighlight(onPage2)).toBe(true);
    expect(isHighlight({ ...onPage2, page: { url: 'https://example.org/lens?page=2', number: 1 } })).toBe(false);
    expect(isHighlight({ ...onPage2, page: 'page 2' })).toBe(false);
  });

  it('is listed after the highlights of the pages before it', () => {
    const starts = new Map([[onPage2.id, 0], [highlights[0].id, 500]]);
    expect(inArticleOrder([onPage2, highlights[0]], starts).map((h) => h.page?.number ?? 1)).toEqual([1, 2]);
  });
});
