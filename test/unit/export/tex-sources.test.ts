// @vitest-environment jsdom
// TeX a page holds as source rather than as rendered math: delimiters left in the text for MathJax or KaTeX's
// auto-render, and formula images whose URL carries the TeX. The Markdown export writes each as $…$ / $$…$$.
import { describe, expect, it } from 'vitest';
import { exportAs } from '../../../src/export/index';
import '../../../src/render/temml-tex';
import { buildExtraction, kept } from '../render/fixtures';

function md(html: string): string {
  let id = 0;
  const numbered = html.replace(/<(p|pre)\b/g, (m) => `${m} data-pith-block="${id++}"`);
  const decisions = Object.fromEntries(Array.from({ length: id }, (_, i) => [i, kept()]));
  return exportAs(buildExtraction({ html: numbered, url: 'https://notes.example.org/waves', decisions, metadata: { title: 'Waves' } }), 'md', { frontMatter: false });
}

describe('TeX left for a client renderer', () => {
  it('\\(…\\) stays inline in its sentence, \\[…\\] and $$…$$ become display formulas', () => {
    const out = md(`<p>The speed is \\(c = \\sqrt{g h}\\) in shallow water.</p><p>\\[E = \\frac{1}{2} \\rho g a^2\\]</p><p>$$\\omega^2 = g k$$</p>`);
    expect(out).toMatch(/The speed is \$c = \\sqrt\{g h\}\$ in shallow water\./);
    expect(out.replace(/\s+/g, ' ')).toContain('$$ E = \\frac{1}{2} \\rho g a^2 $$');
    expect(out.replace(/\s+/g, ' ')).toContain('$$ \\omega^2 = g k $$');
  });

  it('leaves code, single dollars and money alone', () => {
    const out = md(`<pre>let s = "\\(x\\)";</pre><p>It costs $$5 or $$10, and $x$ stays as written.</p>`);
    expect(out).toContain('let s = "\\(x\\)";');
    expect(out).toContain('It costs $$5 or $$10, and $x$ stays as written.');
  });
});

describe('formula images', () => {
  it('read the TeX from a rendering service URL whose TeX holds an "=" (i=1)', () => {
    const out = md(`<p>Sum notation: <img src="https://latex.codecogs.com/png.latex?%5Csum_%7Bi%3D1%7D%5E%7Bn%7Da_i">.</p>`);
    expect(out).toContain('Sum notation: $\\sum_{i=1}^{n}a_i$.');
  });

  it('read a formula without TeX commands from a LaTeX renderer parameter (WordPress latex.php), not from any parameter', () => {
    const out = md(`<p>Take <img src="https://s0.wp.com/latex.php?latex=A%2C+B&bg=ffffff&s=0" alt="A, B" class="latex"> and their product <img src="https://s0.wp.com/latex.php?latex=AB&bg=ffffff" alt="AB" class="latex">.</p>
      <p>A chart: <img src="https://charts.example.org/render?eq=sales" alt="sales"></p>`);
    expect(out).toContain('Take $A, B$ and their product $AB$.');
    expect(out).toContain('![sales](https://charts.example.org/render?eq=sales)');
  });
});
