// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { renderArticleHtml } from '../../../src/render/article';
import { setTexRenderer } from '../../../src/render/tex-renderer';
import { buildExtraction, kept } from './fixtures';

const extraction = () =>
  buildExtraction({
    html: '<p data-pith-block="0">The energy is <span class="math" data-math="E = mc^2">E = mc^2</span> exactly.</p>',
    decisions: { 0: kept() },
  });

describe('TeX-only formulas', () => {
  afterEach(() => setTexRenderer(null));

  it('show their TeX, readable, while no converter is loaded (the reader first paint)', () => {
    setTexRenderer(null);
    const html = renderArticleHtml(extraction(), { showRemoved: false });
    expect(html).toContain('E = mc^2');
    expect(html).not.toContain('<mi>');
  });

  it('become MathML with Temml once it is loaded (full reader, exports, CLI)', async () => {
    await import('../../../src/render/temml-tex');
    const html = renderArticleHtml(extraction(), { showRemoved: false });
    expect(html).toMatch(/<math[^>]*>/);
    expect(html).toContain('<mi>E</mi>');
    expect(html).toContain('application/x-tex');
  });
});
