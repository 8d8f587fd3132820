// @vitest-environment jsdom
// MathJax 3's CommonHTML output kept without its assistive MathML: the formula is read back from the mjx-* layout
// (glyphs named by code point in their class) and the Markdown export writes its TeX, inline or display.
import { describe, expect, it } from 'vitest';
import { exportAs } from '../../../src/export/index';
import { buildExtraction, kept } from '../render/fixtures';

function md(html: string): string {
  let id = 0;
  const numbered = html.replace(/<(p|div)\b/g, (m) => `${m} data-pith-block="${id++}"`);
  const decisions = Object.fromEntries(Array.from({ length: id }, (_, i) => [i, kept()]));
  return exportAs(buildExtraction({ html: numbered, url: 'https://notes.example.org/flow', decisions, metadata: { title: 'Flow' } }), 'md', { frontMatter: false });
}

const c = (hex: string) => `<mjx-c class="mjx-c${hex}"></mjx-c>`;
const mi = (hex: string) => `<mjx-mi class="mjx-i">${c(hex)}</mjx-mi>`;

describe('MathJax CommonHTML without assistive MathML', () => {
  it('a display fraction with a subscript and an inline square root come out as TeX', () => {
    const display = `<mjx-container class="MathJax" jax="CHTML" display="true"><mjx-math display="true" class="MJX-TEX"><mjx-msub>${mi('1D444')}<mjx-script style="vertical-align:-0.15em"><mjx-mn size="s">${c('30')}</mjx-mn></mjx-script></mjx-msub><mjx-mo class="mjx-n" space="4">${c('3D')}</mjx-mo><mjx-mfrac space="4"><mjx-frac type="d"><mjx-num><mjx-nstrut type="d"></mjx-nstrut>${mi('1D45E')}</mjx-num><mjx-dbox><mjx-dtable><mjx-line type="d"></mjx-line><mjx-row><mjx-den><mjx-dstrut type="d"></mjx-dstrut>${mi('1D434')}</mjx-den></mjx-row></mjx-dtable></mjx-dbox></mjx-frac></mjx-mfrac></mjx-math></mjx-container>`;
    const inline = `<mjx-container class="MathJax" jax="CHTML"><mjx-math class="MJX-TEX"><mjx-msqrt><mjx-sqrt><mjx-surd><mjx-mo>${c('221A')}</mjx-mo></mjx-surd><mjx-box>${mi('1D454')}${mi('1D45D')}</mjx-box></mjx-sqrt></mjx-msqrt></mjx-math></mjx-container>`;
    const out = md(`<p>The mean flow is</p><div>${display}</div><p>and the wave speed is ${inline} in shallow water.</p>`);
    expect(out.replace(/\s+/g, '')).toContain('$$Q_{0}=\\frac{q}{A}$$');
    expect(out).toMatch(/the wave speed is \$\\sqrt\{g ?p\}\$ in shallow water/);
  });

  it('a formula MathJax never rendered (a lazy placeholder) is left out', () => {
    const out = md(`<p>Before.</p><div><mjx-container class="MathJax"><mjx-lazy data-mjx-lazy="3"></mjx-lazy></mjx-container></div><p>After.</p>`);
    expect(out).not.toContain('$');
  });
});
