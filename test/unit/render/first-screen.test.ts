// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderArticleHtml } from '../../../src/render/article';
import { FIRST_SCREEN, firstScreenSource } from '../../../src/render/first-screen';
import { buildExtraction, kept, removed } from './fixtures';

function parse(html: string): HTMLElement {
  return new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html').body;
}

/** A nav (removed), then `n` kept paragraphs inside a section, then a removed footer. */
function longArticle(n: number) {
  const paragraphs = Array.from({ length: n }, (_, i) => `<p data-pith-block="${i + 1}">Paragraph ${i + 1} of the story.</p>`).join('');
  const decisions: Record<number, ReturnType<typeof kept>> = { 0: removed('Menu'), [n + 1]: removed('Footer') };
  for (let i = 1; i <= n; i++) decisions[i] = kept();
  return buildExtraction({
    html: `<nav data-pith-block="0">Home News</nav><section><h2>Intro</h2>${paragraphs}</section><footer data-pith-block="${n + 1}">Copyright</footer>`,
    decisions,
  });
}

describe('the first screen of the article', () => {
  it('renders only the first kept blocks, in order, with their containers', () => {
    const extraction = longArticle(100);
    const first = parse(renderArticleHtml(extraction, { showRemoved: false, firstScreen: { blocks: 5, chars: 10_000 } }));
    const ids = Array.from(first.querySelectorAll('[data-pith-block]')).map((el) => el.getAttribute('data-pith-block'));
    expect(ids).toEqual(['1', '2', '3', '4', '5']);
    expect(first.querySelector('section > p')).not.toBeNull();
    // The full render is unchanged by the option's existence.
    const full = parse(renderArticleHtml(extraction, { showRemoved: false }));
    expect(full.querySelectorAll('[data-pith-block]').length).toBe(100);
  });

  it('stops once the kept text reaches the character limit, and a short article is rendered whole', () => {
    const extraction = longArticle(100);
    // "Paragraph N of the story." is 25–27 characters: 60 characters end at the third block.
    const first = parse(renderArticleHtml(extraction, { showRemoved: false, firstScreen: { blocks: 40, chars: 60 } }));
    expect(first.querySelectorAll('[data-pith-block]').length).toBe(3);
    const short = longArticle(3);
    const whole = parse(renderArticleHtml(short, { showRemoved: false, firstScreen: { blocks: 40, chars: 4_000 } }));
    expect(whole.textContent).toBe(parse(renderArticleHtml(short, { showRemoved: false })).textContent);
  });

  it('counts a kept block inside a removed one, and not the kept blocks inside a kept one', () => {
    const extraction = buildExtraction({
      html:
        '<div data-pith-block="0">Promo <p data-pith-block="1">Kept inside a removed box.</p></div>' +
        '<blockquote data-pith-block="2"><p data-pith-block="3">Quoted</p><p data-pith-block="4">twice</p></blockquote>' +
        '<p data-pith-block="5">After the quote.</p><p data-pith-block="6">Last.</p>',
      decisions: { 0: removed('Promo'), 1: kept(), 2: kept(), 3: kept(), 4: kept(), 5: kept(), 6: kept() },
    });
    const first = parse(renderArticleHtml(extraction, { showRemoved: false, firstScreen: { blocks: 3, chars: 10_000 } }));
    const text = first.textContent ?? '';
    expect(text).toContain('Kept inside a removed box.');
    expect(text).toContain('twice');
    expect(text).toContain('After the quote.');
    expect(text).not.toContain('Last.');
  });

  it('parses only the start of a huge page’s copy, and paints the same first screen as from the whole copy', () => {
    const extraction = longArticle(20_000);
    const { html, blocks } = extraction.snapshot;
    const source = firstScreenSource(html, blocks, extraction.record, FIRST_SCREEN);
    expect(source.length).toBeLessThan(html.length / 50);
    const first = parse(renderArticleHtml(extraction, { showRemoved: false, firstScreen: FIRST_SCREEN }));
    const ids = Array.from(first.querySelectorAll('[data-pith-block]')).map((el) => Number(el.getAttribute('data-pith-block')));
    expect(ids).toEqual(Array.from({ length: FIRST_SCREEN.blocks }, (_, i) => i + 1));
  });

  it('keeps the whole copy when the cut would not fall on a block’s start tag', () => {
    // The page's own text quotes the attribute right where the cut would go.
    const paragraphs = Array.from({ length: 6 }, (_, i) => `<p data-pith-block="${i}">Paragraph ${i}.</p>`).join('');
    const extraction = buildExtraction({
      html: `${paragraphs}<p>Quoting data-pith-block="9" in text.</p><p data-pith-block="6">After.</p>`,
      decisions: Object.fromEntries(Array.from({ length: 7 }, (_, i) => [i, kept()])),
    });
    const { html, blocks } = extraction.snapshot;
    expect(firstScreenSource(html, blocks, extraction.record, { blocks: 3, chars: 10_000 })).toBe(html);
    expect(firstScreenSource(html, blocks, extraction.record, { blocks: 2, chars: 10_000 })).toBe(html.slice(0, html.indexOf('<p data-pith-block="4"')));
  });
});

