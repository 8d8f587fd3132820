import { describe, expect, it } from 'vitest';
import { countConstructs } from '../../../scripts/lib/markdown-constructs';
import { countHtmlConstructs } from '../../../scripts/lib/markdown-html-constructs';

describe('constructs counted in a Markdown export', () => {
  it('counts an image whose alt text holds escaped brackets, and not a link', () => {
    const md = '![\\[QGIS main interface\\]](https://example.org/qgis.png)\n\n![A lake](https://example.org/lake.png)\n\n[\\[ up \\]](https://example.org/)\n';
    expect(countConstructs(md).images).toBe(2);
  });

  it('counts a code fence inside a block quote', () => {
    const md = 'He wrote:\n\n> ```javascript\n> rekt: {}\n> ```\n\n```\nplain\n```\n';
    expect(countConstructs(md)['code fences']).toBe(2);
  });

  it('counts a table inside a block quote', () => {
    const md = '> | Release | Date |\n> | --- | --- |\n> | 4.3 | July 2014 |\n\n| A | B |\n| --- | --- |\n| 1 | 2 |\n';
    expect(countConstructs(md).tables).toBe(2);
  });

  it('counts the pictures of a table written as HTML, and not an <img> shown as code', () => {
    const md = '<table><tr><td><img src="https://example.org/harbour.jpg" alt="Harbour"></td><td>Arden</td></tr></table>\n\n`<img src="x.png">`\n';
    expect(countConstructs(md).images).toBe(1);
  });
});

describe('what counts as a table of data', () => {
  it('counts a table with a header and a row, not a row of cells written as a header alone', () => {
    const md = '| Year | Crop |\n| --- | --- |\n| 1921 | Barley |\n\n| ![Map](https://example.org/map.png) | North · South · East |\n| --- | --- |\n\nText.\n';
    expect(countConstructs(md).tables).toBe(1);
  });

  it('counts a table written as HTML when it has two rows or more', () => {
    const md = '<table><tr><td>a</td><td>b</td></tr></table>\n\n<table><tr><th>Town</th><th>Mills</th></tr><tr><td>Arden</td><td>3</td></tr></table>\n';
    expect(countConstructs(md).tables).toBe(1);
  });
});

describe('constructs counted in an expected article given as HTML', () => {
  it('counts a formula shown as MathML with its fallback picture once, as a formula', () => {
    const html =
      '<p>Energy <span class="math"><span style="display:none"><math><mi>E</mi></math></span><img src="https://example.org/render/e.svg" alt="E"></span> and a photo:</p><p><img src="https://example.org/mill.jpg" alt="The mill"></p>';
    const counts = countHtmlConstructs(html);
    expect(counts.formulas).toBe(1);
    expect(counts.images).toBe(1);
  });

  it('counts a formula drawn by a math renderer as a formula, whether its alt holds TeX or a single letter', () => {
    const html =
      '<p>For all <img src="https://example.org/api/media/math/render/svg/9f1c" aria-hidden="true" alt="{\\displaystyle a_{ij}={\\overline {a_{ji}}}}"> the matrix <img src="https://example.org/api/media/math/render/svg/7d0a" aria-hidden="true" alt="A"> is Hermitian.</p><p><img src="https://example.org/photos/matrix-poster.jpg" alt="A poster"></p>';
    const counts = countHtmlConstructs(html);
    expect(counts.formulas).toBe(2);
    expect(counts.images).toBe(1);
  });
});
