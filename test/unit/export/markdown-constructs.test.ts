// @vitest-environment jsdom
// Markdown export per construct, on the markups pages use. Exports go through DOMPurify (jsdom, not happy-dom).
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { exportAs } from '../../../src/export/index';
import { buildExtraction, kept, removed, sampleArticle } from '../render/fixtures';

const URL = 'https://blog.example.net/posts/notes.html';

/** Markdown of a page whose blocks (data-pith-block) are all kept unless listed in `drop`. */
function md(html: string, drop: number[] = []): string {
  const ids = Array.from(html.matchAll(/data-pith-block="(\d+)"/g), (m) => Number(m[1]));
  const decisions = Object.fromEntries(ids.map((id) => [id, drop.includes(id) ? removed() : kept()]));
  return exportAs(buildExtraction({ html, url: URL, decisions, metadata: { title: 'Notes' } }), 'md', { frontMatter: false });
}

function footnotesResolve(out: string): void {
  const refs = new Set(Array.from(out.matchAll(/\[\^(\d+)\](?!:)/g), (m) => m[1]));
  const defs = new Set(Array.from(out.matchAll(/^\[\^(\d+)\]: \S/gm), (m) => m[1]));
  expect(refs.size).toBeGreaterThan(0);
  expect([...refs].sort()).toEqual([...defs].sort());
}

describe('front matter', () => {
  it('is YAML with title, source, author, published, site, description, tags, lang and clipped date', () => {
    const extraction = sampleArticle();
    extraction.snapshot.metadata.description = 'Rayleigh: "why" it is blue';
    extraction.snapshot.metadata.keywords = ['physics', 'sky: colour'];
    const out = exportAs(extraction, 'md', { now: new Date('2026-11-22T10:00:00Z') });
    const m = /^---\n([\s\S]*?)\n---\n/.exec(out);
    expect(m).not.toBeNull();
    expect(parse(m![1])).toEqual({
      title: 'Why the sky is blue',
      source: 'https://news.example.org/2024/05/sky/index.html',
      author: 'Ada Lovelace',
      published: '2024-05-01',
      site: 'Example News',
      description: 'Rayleigh: "why" it is blue',
      tags: ['physics', 'sky: colour'],
      lang: 'en',
      clipped: '2026-11-22',
    });
    expect(out).not.toContain('1 min read');
    expect(out.slice(m![0].length)).toMatch(/^\n# Why the sky is blue\n/);
  });

  it('can be left out', () => {
    expect(exportAs(sampleArticle(), 'md', { frontMatter: false }).startsWith('# Why the sky is blue\n')).toBe(true);
  });
});

describe('footnotes', () => {
  const cases: Record<string, string> = {
    pandoc: `<p data-pith-block="0">Claim<a href="#fn1" class="footnote-ref" id="fnref1" role="doc-noteref"><sup>1</sup></a> and more<a href="#fn2" class="footnote-ref" id="fnref2" role="doc-noteref"><sup>2</sup></a>.</p>
      <section class="footnotes" role="doc-endnotes"><hr><ol><li id="fn1" data-pith-block="1"><p>First note.<a href="#fnref1" class="footnote-back" role="doc-backlink">↩︎</a></p></li><li id="fn2" data-pith-block="2"><p>Second note.<a href="#fnref2" class="footnote-back" role="doc-backlink">↩︎</a></p></li></ol></section>`,
    hugo: `<p data-pith-block="0">Claim<sup id="fnref:1"><a href="#fn:1" class="footnote-ref" role="doc-noteref">1</a></sup> and more<sup id="fnref:2"><a href="#fn:2" class="footnote-ref" role="doc-noteref">2</a></sup>.</p>
      <div class="footnotes" role="doc-endnotes"><hr><ol><li id="fn:1" data-pith-block="1"><p>First note.&#160;<a href="#fnref:1" class="footnote-backref" role="doc-backlink">&#x21a9;&#xfe0e;</a></p></li><li id="fn:2" data-pith-block="2"><p>Second note.&#160;<a href="#fnref:2" class="footnote-backref" role="doc-backlink">&#x21a9;&#xfe0e;</a></p></li></ol></div>`,
    wordpress: `<p data-pith-block="0">Claim<sup data-fn="a1" class="fn"><a href="#a1" id="a1-link">1</a></sup> and more<sup data-fn="b2" class="fn"><a href="#b2" id="b2-link">2</a></sup>.</p>
      <ol class="wp-block-footnotes"><li id="a1" data-pith-block="1">First note. <a href="#a1-link" aria-label="Jump to footnote reference 1">↩︎</a></li><li id="b2" data-pith-block="2">Second note. <a href="#b2-link">↩︎</a></li></ol>`,
    googleDocs: `<p data-pith-block="0">Claim<sup><a href="#ftnt1" id="ftnt_ref1">[1]</a></sup> and more<sup><a href="#ftnt2" id="ftnt_ref2">[2]</a></sup>.</p>
      <div><p data-pith-block="1"><a href="#ftnt_ref1" id="ftnt1">[1]</a><span> First note.</span></p></div><div><p data-pith-block="2"><a href="#ftnt_ref2" id="ftnt2">[2]</a><span> Second note.</span></p></div>`,
    word: `<p data-pith-block="0">Claim<a href="#_ftn1" name="_ftnref1"><span class="MsoFootnoteReference">[1]</span></a> and more<a href="#_ftn2" name="_ftnref2"><span class="MsoFootnoteReference">[2]</span></a>.</p>
      <div id="ftn1"><p class="MsoFootnoteText" data-pith-block="1"><a href="#_ftnref1" name="_ftn1"><span class="MsoFootnoteReference">[1]</span></a> First note.</p></div><div id="ftn2"><p class="MsoFootnoteText" data-pith-block="2"><a href="#_ftnref2" name="_ftn2">[2]</a> Second note.</p></div>`,
    marginnotes: `<p data-pith-block="0">Claim<label for="mn-1" class="margin-toggle">&#8853;</label><input type="checkbox" id="mn-1" class="margin-toggle"><span class="marginnote">First note.</span> and more<label for="mn-2" class="margin-toggle">&#8853;</label><input type="checkbox" id="mn-2" class="margin-toggle"><span class="marginnote">Second note.</span>.</p>`,
    sidenotes: `<p data-pith-block="0">Claim<label for="sn-1" class="margin-toggle sidenote-number"></label><span class="sidenote">First note.</span> and more<label for="sn-2" class="margin-toggle sidenote-number"></label><span class="sidenote">Second note.</span>.</p>`,
  };
  for (const [markup, html] of Object.entries(cases)) {
    it(`${markup}: references become [^n] and notes [^n]: … at the end, without back-links`, () => {
      const out = md(html);
      expect(out).toContain('Claim[^1] and more[^2].');
      expect(out).toMatch(/^\[\^1\]: First note\.$/m);
      expect(out).toMatch(/^\[\^2\]: Second note\.$/m);
      expect(out).not.toMatch(/↩|\]\(https?:[^)]*#/);
      footnotesResolve(out);
    });
  }

  it('a reference whose note was removed is no link and no dangling footnote', () => {
    const out = md(cases.pandoc, [2]);
    expect(out).toContain('Claim[^1] and more2.');
    expect(out).not.toContain('[^2]');
    footnotesResolve(out);
  });

  it('a table of contents is not taken for footnotes', () => {
    const out = md(`<ul><li data-pith-block="0"><a href="#intro">1</a> Intro</li></ul><h2 id="intro" data-pith-block="1">Intro</h2><p data-pith-block="2">Text.</p>`);
    expect(out).not.toContain('[^');
    expect(out).toContain('[1](#intro)');
  });
});

describe('in-page links', () => {
  it('stay relative into kept content and lose their link when the target was removed', () => {
    const out = md(
      `<p data-pith-block="0">See <a href="#results">the results</a>, <a href="#ads">the offer</a> and <a href="https://other.example.org/x#y">elsewhere</a>.</p>
       <h2 id="results" data-pith-block="1">Results</h2><div id="ads"><p data-pith-block="2">Buy now</p></div>`,
      [2],
    );
    expect(out).toContain('See [the results](#results), the offer and [elsewhere](https://other.example.org/x#y).');
  });
});

describe('math', () => {
  const annotated = (tex: string, display = false) =>
    `<math${display ? ' display="block"' : ''}><semantics><mrow><mi>x</mi></mrow><annotation encoding="application/x-tex">${tex}</annotation></semantics></math>`;
  it('KaTeX inline formulas stay in their sentence; display formulas are $$ blocks', () => {
    const out = md(`<p data-pith-block="0">For all <span class="katex"><span class="katex-mathml">${annotated('x')}</span><span class="katex-html" aria-hidden="true"><span class="mord">x</span></span></span>, if <span class="katex"><span class="katex-mathml">${annotated('x \\in M')}</span><span class="katex-html">x∈M</span></span> then mortal.</p>
      <p data-pith-block="1"><span class="katex-display"><span class="katex"><span class="katex-mathml">${annotated('\\sum_i a_i', true)}</span><span class="katex-html">∑</span></span></span></p>`);
    expect(out).toContain('For all $x$, if $x \\in M$ then mortal.');
    expect(out).toContain('$$\n\\sum_i a_i\n$$');
  });
  it('MathJax 2: TeX from the script the snapshot kept as data-pith-tex', () => {
    const out = md(`<p data-pith-block="0">Energy <span class="MathJax_Preview"></span><span class="MathJax" id="MathJax-Element-1-Frame" data-pith-tex="E = mc^2"><nobr>E=mc2</nobr></span> is conserved.</p>`);
    expect(out).toContain('Energy $E = mc^2$ is conserved.');
  });
  it('MathJax 3: TeX recovered from the assistive MathML', () => {
    const out = md(`<p data-pith-block="0">Then <mjx-container class="MathJax" jax="CHTML"><mjx-math aria-hidden="true"><mjx-mi>k</mjx-mi></mjx-math><mjx-assistive-mml><math><msub><mi>k</mi><mrow><mi>n</mi><mo>+</mo><mn>1</mn></mrow></msub></math></mjx-assistive-mml></mjx-container>, followed by text.</p>`);
    expect(out).toContain('Then $k_{n + 1}$, followed by text.');
  });
  it('data-math attributes and Pandoc delimiters', () => {
    const out = md(`<p data-pith-block="0">Area <span class="math" data-math="\\pi r^2"></span> and <span class="math inline">\\(a+b\\)</span> then</p><p data-pith-block="1"><span class="math display">\\[\\int f\\]</span></p>`);
    expect(out).toContain('Area $\\pi r^2$ and $a+b$ then');
    expect(out).toContain('$$\n\\int f\n$$');
  });
});

describe('code', () => {
  const cases: [string, string, string][] = [
    ['prism', '<pre class="language-js line-numbers"><code class="language-js">if (a &lt; b) {\n  go();\n}<span class="line-numbers-rows"><span></span></span></code></pre>', 'js'],
    ['highlight.js', '<pre><code class="hljs language-python">if a &lt; b:\n  go()</code></pre>', 'python'],
    ['highlight.js old', '<pre><code class="hljs ruby">if a &lt; b\n  go\nend</code></pre>', 'ruby'],
    ['shiki', '<pre class="shiki github-dark" data-language="ts"><code><span class="line">if (a &lt; b) {</span>\n<span class="line">  go();</span>\n<span class="line">}</span></code></pre>', 'ts'],
    ['chroma', '<div class="highlight"><pre class="chroma"><code class="language-go" data-lang="go"><span class="line"><span class="ln">1</span><span class="cl">if a &lt; b {\n</span></span><span class="line"><span class="ln">2</span><span class="cl">  go()\n</span></span><span class="line"><span class="ln">3</span><span class="cl">}</span></span></code></pre></div>', 'go'],
    ['pygments', '<div class="highlight-rust notranslate"><div class="highlight"><pre><span></span>if a &lt; b {\n  go();\n}</pre></div></div>', 'rust'],
    ['rouge table', '<div class="language-java highlighter-rouge"><div class="highlight"><table class="rouge-table"><tbody><tr><td class="rouge-gutter gl"><pre class="lineno">1\n2\n3</pre></td><td class="rouge-code"><pre>if (a &lt; b) {\n  go();\n}</pre></td></tr></tbody></table></div></div>', 'java'],
    ['highlight.js line numbers (hljs-ln)', '<pre><code class="hljs language-kotlin hljs-ln"><table class="hljs-ln"><tbody><tr><td class="hljs-ln-line hljs-ln-numbers" data-line-number="1"><div class="hljs-ln-n" data-line-number="1"></div></td><td class="hljs-ln-line hljs-ln-code" data-line-number="1">if (a &lt; b) {</td></tr><tr><td class="hljs-ln-line hljs-ln-numbers" data-line-number="2"><div class="hljs-ln-n" data-line-number="2"></div></td><td class="hljs-ln-line hljs-ln-code" data-line-number="2">  go();</td></tr><tr><td class="hljs-ln-line hljs-ln-numbers" data-line-number="3"><div class="hljs-ln-n"></div></td><td class="hljs-ln-line hljs-ln-code">}</td></tr></tbody></table></code></pre>', 'kotlin'],
    ['numbered line table (GitHub file view)', '<div class="blob-wrapper" data-lang="swift"><table class="highlight tab-size js-file-line-container"><tbody><tr><td id="L1" class="blob-num js-line-number" data-line-number="1"></td><td id="LC1" class="blob-code blob-code-inner js-file-line">if (a &lt; b) {</td></tr><tr><td id="L2" class="blob-num js-line-number">2</td><td id="LC2" class="blob-code blob-code-inner js-file-line">  go();</td></tr><tr><td class="blob-num">3</td><td class="blob-code">}</td></tr></tbody></table></div>', 'swift'],
    ['github', '<div class="highlight highlight-source-c notranslate position-relative overflow-auto"><pre>if (a &lt; b) {\n  go();\n}</pre><div class="zeroclipboard-container"><span class="copy">Copy</span></div></div>', 'c'],
  ];
  for (const [name, html, lang] of cases) {
    it(`${name}: fenced with "${lang}", indentation and < kept, no line numbers or copy button`, () => {
      const blockHtml = html.replace(/<pre/, '<pre data-pith-block="0"').replace(/<table/, '<table data-pith-block="1"');
      const out = md(`<div>${blockHtml}</div>`);
      expect(out).toMatch(new RegExp(`\`\`\`${lang}\\n(if \\(?a < b\\)?[^\\n]*)\\n  go\\(?\\)?;?\\n`));
      expect(out).not.toMatch(/^\d$|Copy/m);
    });
  }

  it('a data table whose first column holds numbers stays a table', () => {
    const out = md('<table data-pith-block="0"><tr><td>1</td><td>North</td></tr><tr><td>2</td><td>River</td></tr></table>');
    expect(out).toContain('| 1 | North |');
    expect(out).not.toContain('```');
  });
});

describe('tables', () => {
  it('a table without thead gets its first row as header', () => {
    const out = md('<table data-pith-block="0"><tr><td>Name</td><td>Size</td></tr><tr><td>a|b</td><td>2</td></tr></table>');
    expect(out).toContain('| Name | Size |\n| --- | --- |\n| a\\|b | 2 |');
  });
  it('a table kept as HTML names itself once, in its own caption', () => {
    const out = md('<table data-pith-block="0"><caption>Arden Works</caption><tr><th>Founded</th><td rowspan="2">1998</td></tr><tr><th>Opened</th></tr></table>');
    expect(out.match(/Arden Works/g)).toHaveLength(1);
    expect(out).toContain('<caption>Arden Works</caption>');
  });

  it('a table with row or column spans stays HTML', () => {
    const out = md('<table data-pith-block="0"><tr><th>A</th><th>B</th></tr><tr><td colspan="2">both</td></tr></table>');
    expect(out).toContain('<td colspan="2">both</td>');
    expect(out).not.toContain('data-pith');
  });
});

describe('figures, images and callouts', () => {
  it('a figure keeps its image with alt and absolute src, and its caption', () => {
    const out = md('<figure data-pith-block="0"><img src="/img/a.png" alt="A chart"><figcaption>Figure 1: growth.</figcaption></figure>');
    expect(out).toContain('![A chart](https://blog.example.net/img/a.png)');
    expect(out).toContain('_Figure 1: growth._');
  });
  it('admonitions become > [!kind] blocks', () => {
    const out = md(`<div class="admonition warning"><p class="admonition-title" data-pith-block="0">Careful</p><p data-pith-block="1">Hot surface.</p></div>
      <div class="markdown-alert markdown-alert-tip"><p class="markdown-alert-title" data-pith-block="2">Tip</p><p data-pith-block="3">Use gloves.</p></div>`);
    expect(out).toContain('> [!warning] Careful\n> Hot surface.');
    expect(out).toContain('> [!tip] Tip\n> Use gloves.');
  });
});
