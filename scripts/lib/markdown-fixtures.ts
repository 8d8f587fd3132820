/**
 * Fixture pages for the Markdown-fidelity benchmark: one article per markup (footnotes, math, code highlighters,
 * tables, images, callouts), each in a page with site chrome and the renderer's own CSS where it matters, plus
 * what the export must keep. Written by `npm run bench:markdown -- --write-fixtures` to test/fixtures/markdown/.
 */

export interface Expectations {
  /** Footnote texts, in reference order. */
  footnotes?: string[];
  /** The words right before each footnote's reference, where the references are not all in the first sentence. */
  footnotesCitedAfter?: string[];
  /** Formulas: TeX (compared without spaces) and, for inline ones, the word right before it. */
  formulas?: { tex: string; inlineAfter?: string }[];
  code?: { lang: string; text: string }[];
  /** Table header cells (GFM) or, for complex tables, a cell text that must appear in the kept HTML table. */
  tables?: { header?: string[]; html?: string }[];
  images?: { alt: string; src: string }[];
  /** Image sources that must not be in the export (a site logo, an avatar). */
  imagesAbsent?: string[];
  callouts?: { kind: string; text: string }[];
}

export interface MarkdownFixture {
  name: string;
  construct: 'footnotes' | 'math' | 'code' | 'tables' | 'images' | 'callouts';
  html: string;
  expect: Expectations;
}

const SITE_CSS = `body{font:18px/1.6 Georgia,serif;margin:0;color:#222}
.site-header,.site-footer{background:#f4f4f4;padding:12px 24px}.site-header a{margin-right:16px}
main{max-width:720px;margin:40px auto;padding:0 20px}.sidebar{position:absolute;right:20px;top:120px;width:220px;font-size:14px}
.katex-mathml,mjx-assistive-mml,.MJX_Assistive_MathML{position:absolute;clip:rect(1px,1px,1px,1px);height:1px;width:1px;overflow:hidden}
.katex-display,.MathJax_Display{display:block;text-align:center;margin:1em 0}
mjx-container{display:inline-block}mjx-container[display="true"]{display:block;text-align:center}mjx-math,mjx-c{display:inline-block}
mjx-c.mjx-c1D44E::before{content:"a"}mjx-c.mjx-eq::before{content:"x² + y² = z²"}
pre{background:#f6f8fa;padding:12px;overflow:auto}.linenos,.lineno,.ln,.lnt{color:#999;user-select:none}
.admonition,.markdown-alert,.callout{border-left:4px solid #48f;padding:8px 16px;margin:1em 0}`;

/** A page that is the article alone, without the site's header, footer or filler paragraphs. */
function barePage(title: string, content: string): string {
  return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>\n<body><article>\n${content}\n</article></body></html>\n`;
}

const FILLER = [
  'Field work rarely goes to plan, and this season was no exception: the river rose early and the camp moved twice.',
  'We logged every measurement by hand before copying it into the shared notebook each evening by lamplight.',
  'The older instruments drift with temperature, so each reading was checked against the reference at dawn.',
  'Colleagues from the northern station joined for a week and brought a second set of sensors with them.',
  'What follows is a summary of the method, with the details that matter for anyone who wants to repeat it.',
  'In the end the data held up well, although a few days had to be discarded after a storm damaged the mast.',
];

function page(title: string, index: number, content: string, extraHead = ''): string {
  const f = (k: number) => FILLER[(index + k) % FILLER.length];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title} | Field Notes</title>
<meta name="author" content="Rosa Lind"><meta name="description" content="Notes from the field: ${title.toLowerCase()}.">
<meta property="article:published_time" content="2025-03-${String((index % 27) + 1).padStart(2, '0')}T08:00:00Z">
<meta name="keywords" content="field notes, method">
<style>${SITE_CSS}</style>${extraHead}</head>
<body>
<header class="site-header"><nav><a href="/">Home</a><a href="/archive">Archive</a><a href="/about">About</a><a href="/subscribe">Subscribe</a></nav></header>
<main><article>
<h1>${title}</h1>
<p>${f(0)} ${f(1)}</p>
${content}
<p>${f(2)} ${f(3)}</p>
</article></main>
<aside class="sidebar"><h3>Popular</h3><ul><li><a href="/p/1">The long winter</a></li><li><a href="/p/2">Building a weather mast</a></li><li><a href="/p/3">Notes on calibration</a></li></ul></aside>
<footer class="site-footer"><p>© 2025 Field Notes · <a href="/privacy">Privacy</a> · <a href="/terms">Terms</a></p></footer>
</body></html>
`;
}

const NOTES = ['The first station was rebuilt in 2019 after the flood.', 'Readings were taken at six in the morning and six in the evening.'];
const P_BEFORE = 'The river gauge was read twice daily';
const P_MIDDLE = 'and compared with the upstream station';

type FootnoteMarkup = (notes: string[]) => string;

const FOOTNOTE_MARKUPS: Record<string, FootnoteMarkup> = {
  pandoc: (n) => `<p>${P_BEFORE}<a href="#fn1" class="footnote-ref" id="fnref1" role="doc-noteref"><sup>1</sup></a> ${P_MIDDLE}<a href="#fn2" class="footnote-ref" id="fnref2" role="doc-noteref"><sup>2</sup></a>.</p>
<section id="footnotes" class="footnotes footnotes-end-of-document" role="doc-endnotes"><hr><ol>
<li id="fn1"><p>${n[0]}<a href="#fnref1" class="footnote-back" role="doc-backlink">↩︎</a></p></li>
<li id="fn2"><p>${n[1]}<a href="#fnref2" class="footnote-back" role="doc-backlink">↩︎</a></p></li></ol></section>`,
  hugo: (n) => `<p>${P_BEFORE}<sup id="fnref:1"><a href="#fn:1" class="footnote-ref" role="doc-noteref">1</a></sup> ${P_MIDDLE}<sup id="fnref:2"><a href="#fn:2" class="footnote-ref" role="doc-noteref">2</a></sup>.</p>
<div class="footnotes" role="doc-endnotes"><hr><ol>
<li id="fn:1"><p>${n[0]}&#160;<a href="#fnref:1" class="footnote-backref" role="doc-backlink">&#x21a9;&#xfe0e;</a></p></li>
<li id="fn:2"><p>${n[1]}&#160;<a href="#fnref:2" class="footnote-backref" role="doc-backlink">&#x21a9;&#xfe0e;</a></p></li></ol></div>`,
  kramdown: (n) => `<p>${P_BEFORE}<sup id="fnref:a" role="doc-noteref"><a href="#fn:a" class="footnote" rel="footnote">1</a></sup> ${P_MIDDLE}<sup id="fnref:b" role="doc-noteref"><a href="#fn:b" class="footnote" rel="footnote">2</a></sup>.</p>
<div class="footnotes" role="doc-endnotes"><ol>
<li id="fn:a" role="doc-endnote"><p>${n[0]} <a href="#fnref:a" class="reversefootnote" role="doc-backlink">&#8617;</a></p></li>
<li id="fn:b" role="doc-endnote"><p>${n[1]} <a href="#fnref:b" class="reversefootnote" role="doc-backlink">&#8617;</a></p></li></ol></div>`,
  wordpress: (n) => `<p>${P_BEFORE}<sup data-fn="0c8a" class="fn"><a href="#0c8a" id="0c8a-link">1</a></sup> ${P_MIDDLE}<sup data-fn="9f1e" class="fn"><a href="#9f1e" id="9f1e-link">2</a></sup>.</p>
<ol class="wp-block-footnotes"><li id="0c8a">${n[0]} <a href="#0c8a-link" aria-label="Jump to footnote reference 1">↩︎</a></li><li id="9f1e">${n[1]} <a href="#9f1e-link" aria-label="Jump to footnote reference 2">↩︎</a></li></ol>`,
  'markdown-it': (n) => `<p>${P_BEFORE}<sup class="footnote-ref"><a href="#fn1" id="fnref1">[1]</a></sup> ${P_MIDDLE}<sup class="footnote-ref"><a href="#fn2" id="fnref2">[2]</a></sup>.</p>
<hr class="footnotes-sep"><section class="footnotes"><ol class="footnotes-list">
<li id="fn1" class="footnote-item"><p>${n[0]} <a href="#fnref1" class="footnote-backref">↩︎</a></p></li>
<li id="fn2" class="footnote-item"><p>${n[1]} <a href="#fnref2" class="footnote-backref">↩︎</a></p></li></ol></section>`,
  'doc-noteref': (n) => `<p>${P_BEFORE}<a role="doc-noteref" href="#note-1">1</a> ${P_MIDDLE}<a role="doc-noteref" href="#note-2">2</a>.</p>
<section role="doc-endnotes"><h2>Notes</h2><ol><li id="note-1" role="doc-endnote">${n[0]}</li><li id="note-2" role="doc-endnote">${n[1]}</li></ol></section>`,
  'google-docs': (n) => `<p class="c1"><span>${P_BEFORE}</span><sup><a href="#ftnt1" id="ftnt_ref1">[1]</a></sup><span> ${P_MIDDLE}</span><sup><a href="#ftnt2" id="ftnt_ref2">[2]</a></sup><span>.</span></p>
<hr class="c5"><div><p class="c3"><a href="#ftnt_ref1" id="ftnt1">[1]</a><span class="c2">&nbsp;${n[0]}</span></p></div><div><p class="c3"><a href="#ftnt_ref2" id="ftnt2">[2]</a><span class="c2">&nbsp;${n[1]}</span></p></div>`,
  word: (n) => `<p class="MsoNormal">${P_BEFORE}<a style="mso-footnote-id:ftn1" href="#_ftn1" name="_ftnref1" title=""><span class="MsoFootnoteReference"><span>[1]</span></span></a> ${P_MIDDLE}<a style="mso-footnote-id:ftn2" href="#_ftn2" name="_ftnref2" title=""><span class="MsoFootnoteReference"><span>[2]</span></span></a>.</p>
<div style="mso-element:footnote-list"><br clear="all"><hr align="left" size="1" width="33%">
<div style="mso-element:footnote" id="ftn1"><p class="MsoFootnoteText"><a style="mso-footnote-id:ftn1" href="#_ftnref1" name="_ftn1" title=""><span class="MsoFootnoteReference"><span>[1]</span></span></a> ${n[0]}</p></div>
<div style="mso-element:footnote" id="ftn2"><p class="MsoFootnoteText"><a style="mso-footnote-id:ftn2" href="#_ftnref2" name="_ftn2" title=""><span class="MsoFootnoteReference"><span>[2]</span></span></a> ${n[1]}</p></div></div>`,
  substack: (n) => `<p>${P_BEFORE}<a class="footnote-anchor" data-component-name="FootnoteAnchorToDOM" id="footnote-anchor-1" href="#footnote-1" target="_self">1</a> ${P_MIDDLE}<a class="footnote-anchor" id="footnote-anchor-2" href="#footnote-2" target="_self">2</a>.</p>
<div class="footnote" data-component-name="FootnoteToDOM"><a id="footnote-1" href="#footnote-anchor-1" class="footnote-number" contenteditable="false" target="_self">1</a><div class="footnote-content"><p>${n[0]}</p></div></div>
<div class="footnote" data-component-name="FootnoteToDOM"><a id="footnote-2" href="#footnote-anchor-2" class="footnote-number" contenteditable="false" target="_self">2</a><div class="footnote-content"><p>${n[1]}</p></div></div>`,
  tufte: (n) => `<p>${P_BEFORE}<label for="sn-1" class="margin-toggle sidenote-number"></label><input type="checkbox" id="sn-1" class="margin-toggle"><span class="sidenote">${n[0]}</span> ${P_MIDDLE}<label for="sn-2" class="margin-toggle sidenote-number"></label><input type="checkbox" id="sn-2" class="margin-toggle"><span class="sidenote">${n[1]}</span>.</p>`,
  'tufte-marginnote': (n) => `<p>${P_BEFORE}<label for="mn-1" class="margin-toggle">&#8853;</label><input type="checkbox" id="mn-1" class="margin-toggle"><span class="marginnote">${n[0]}</span> ${P_MIDDLE}<label for="mn-2" class="margin-toggle">&#8853;</label><input type="checkbox" id="mn-2" class="margin-toggle"><span class="marginnote">${n[1]}</span>.</p>`,
  'aside-footnote': (n) => `<p>${P_BEFORE}<sup><a href="#n1">1</a></sup> ${P_MIDDLE}<sup><a href="#n2">2</a></sup>.</p>
<aside id="n1" role="doc-footnote"><p>${n[0]}</p></aside><aside id="n2" role="doc-footnote"><p>${n[1]}</p></aside>`,
  // Hand-written notes (no generator): bare superscript numbers, notes after a rule or under a heading.
  'hr-sup-numbered': (n) => `<p>${P_BEFORE}<sup>1</sup> ${P_MIDDLE}<sup>2</sup>.</p>
<p>The notes below were added after the season.</p><hr>
<p><sup>1</sup> ${n[0]}</p><p><sup>2</sup> ${n[1]}</p>`,
  'hr-strong-numbered': (n) => `<p>${P_BEFORE}<sup>1</sup> ${P_MIDDLE}<sup>2</sup>.</p><hr>
<p><strong>1.</strong> ${n[0]}</p><p><strong>2.</strong> ${n[1]}</p>`,
  'bold-sup-lead': (n) => `<p>${P_BEFORE}<sup>1</sup> ${P_MIDDLE}<sup>2</sup>.</p>
<p><b><sup>1</sup></b> ${n[0]}</p><p><b><sup>2</sup></b> ${n[1]}</p>`,
  'notes-heading': (n) => `<p>${P_BEFORE}<sup>1</sup> ${P_MIDDLE}<sup>2</sup>.</p>
<h2>Notes</h2><p><sup>1</sup> ${n[0]}</p><p><sup>2</sup> ${n[1]}</p>`,
  'p-class-footnote': (n) => `<p>${P_BEFORE}<sup>1</sup> ${P_MIDDLE}<sup>2</sup>.</p>
<p class="footnote"><sup>1</sup>${n[0]}</p><p class="footnote"><sup>2</sup>${n[1]}</p>`,
  'aside-ol-start': (n) => `<div class="with-aside"><div class="with-aside-content"><p>${P_BEFORE}<sup class="aside-link">1</sup> ${P_MIDDLE}<sup class="aside-link">2</sup>.</p></div>
<aside><ol start="1"><li>${n[0]}</li></ol><ol start="2"><li>${n[1]}</li></ol></aside></div>`,
  'br-named-anchors': (n) => `<p>${P_BEFORE}<a href="#gauge"><sup>1</sup></a> ${P_MIDDLE}<a href="#upstream"><sup>2</sup></a>.</p><hr>
<p><a name="gauge"><sup>1</sup></a> ${n[0]} <a href="#" onclick="history.back()">↩</a><br><br><a name="upstream"><sup>2</sup></a> ${n[1]} <a href="#" onclick="history.back()">↩</a></p>`,
  'references-child-id': (n) => `<p>${P_BEFORE} <a href="#r1">[1]</a> ${P_MIDDLE} <a href="#r2">[2]</a>.</p>
<h4>References and notes</h4><ol><li><a id="r1"></a>${n[0]}</li><li><a id="r2"></a>${n[1]}</li></ol>`,
  'hover-title': (n) => `<p>${P_BEFORE}<span class="note-mark" title="${n[0]}">1<span class="note-text" style="display:none">${n[0]}</span></span> ${P_MIDDLE}<span class="note-mark" title="${n[1]}">2<span class="note-text" style="display:none">${n[1]}</span></span>.</p>`,
};

/**
 * Conventions added after the pages above were written; generated after all of them so those keep their filler text.
 * `notes` overrides the two standard notes where the convention needs more references.
 */
const THIRD_NOTE = 'The staff gauge on the pier was levelled again in May.';
const LATE_FOOTNOTE_MARKUPS: Record<string, { html: FootnoteMarkup; notes?: string[]; bare?: true; citedAfter?: string[] }> = {
  texinfo: {
    html: (n) => `<p>${P_BEFORE}<a class="footnote" id="DOCF1" href="#FOOT1"><sup>1</sup></a> ${P_MIDDLE}<a class="footnote" id="DOCF2" href="#FOOT2"><sup>2</sup></a>.</p>
<div class="footnotes-segment"><hr><h4 class="footnotes-heading">Footnotes</h4>
<h5 class="footnote-body-heading"><a id="FOOT1" href="#DOCF1">(1)</a></h5><p>${n[0]}</p>
<h5 class="footnote-body-heading"><a id="FOOT2" href="#DOCF2">(2)</a></h5><p>${n[1]}</p></div>`,
  },
  'script-links': {
    html: (n) => `<p>${P_BEFORE}<sup class="footnoteref"><a id="footnoteref-1" href="javascript:;" class="footnoteref">1</a></sup> ${P_MIDDLE}<sup class="footnoteref"><a id="footnoteref-2" href="javascript:;" class="footnoteref">2</a></sup>.</p>
<div class="footnotes-footer"><div class="title">Footnotes</div>
<div class="footnote-footer" id="footnote-1"><a href="javascript:;">1</a>. ${n[0]}</div>
<div class="footnote-footer" id="footnote-2"><a href="javascript:;">2</a>. ${n[1]}</div></div>`,
  },
  'own-address-citations': {
    notes: [NOTES[0], NOTES[1], THIRD_NOTE],
    html: (n) => {
      const cite = (k: number) => `<a href="https://papers.example.org/html/2404.01234v2#bib.bib${k}" class="ltx_ref">${k}</a>`;
      return `<p>${P_BEFORE} <cite>[${cite(8)}, ${cite(3)}]</cite> ${P_MIDDLE} <cite>[${cite(5)}]</cite>.</p>
<section class="ltx_bibliography"><h2>References</h2><ul class="ltx_biblist">
<li id="bib.bib3" class="ltx_bibitem"><span class="ltx_tag">[3]</span> <span class="ltx_bibblock">${n[1]}</span></li>
<li id="bib.bib5" class="ltx_bibitem"><span class="ltx_tag">[5]</span> <span class="ltx_bibblock">${n[2]}</span></li>
<li id="bib.bib8" class="ltx_bibitem"><span class="ltx_tag">[8]</span> <span class="ltx_bibblock">${n[0]}</span></li></ul></section>`;
    },
  },
  'word-pasted': {
    html: (n) => `<p>${P_BEFORE} <span style="font-size:12px;"><sup><a href="#_ftn1">[1]</a></sup></span> ${P_MIDDLE} <span style="font-size:12px;"><sup><a href="#_ftn2">[2]</a></sup></span>.</p>
<hr>
<p><span style="font-size:12px;"><sup><a href="//0B5A27E4-7C31-4D2A-9E11-3F0C2D6A8B17#_ftnref1">[1]</a> </sup>${n[0]}</span></p>
<p><span style="font-size:12px;"><sup><a href="//0B5A27E4-7C31-4D2A-9E11-3F0C2D6A8B17#_ftnref2">[2]</a> </sup>${n[1]}</span></p>`,
  },
  'span-margin-notes': {
    html: (n) => `<p>${P_BEFORE}<span class="footnote-container"><label for="fn-a" class="margin-toggle footnote-number"></label><input type="checkbox" id="fn-a" class="margin-toggle"><span class="footnote">${n[0]}</span></span> ${P_MIDDLE}<span class="footnote-container"><label for="fn-b" class="margin-toggle footnote-number"></label><input type="checkbox" id="fn-b" class="margin-toggle"><span class="footnote">${n[1]}</span></span>.</p>`,
  },
  'hidden-aside-definition': {
    html: (n) => `<p>${P_BEFORE}<span class="fna-ref" data-definition="fna-a"><a href="#">*</a></span> ${P_MIDDLE}<span class="fna-ref" data-definition="fna-b"><a href="#">*</a></span>.</p>
<aside style="display:none" class="fna-content" id="fna-a">${n[0]}</aside><aside style="display:none" class="fna-content" id="fna-b">${n[1]}</aside>`,
  },
  // A short page of asides, read as a service page: its profile keeps the sections that cite notes 2 and 3.
  'aside-sections': {
    notes: [NOTES[0], NOTES[1], THIRD_NOTE],
    bare: true,
    citedAfter: ['read twice daily.', 'Each check', 'staff on the pier.'],
    html: (n) => `<div class="with-aside"><div class="with-aside-content"><p>The river gauge was read twice daily.<sup class="aside-link">1</sup></p>
<p>If that is all you need, <a href="https://example.org/gauges">the station list is here</a>.</p>
<p>If not, here is how the readings were kept honest.</p></div><aside><ol start="1"><li>${n[0]}</li></ol></aside></div>
<h2>How the readings were checked</h2>
<div class="with-aside"><div class="with-aside-content"><p>Each check<sup class="aside-link">2</sup> had three steps:</p>
<ul><li>Read the gauge and write the level down.</li><li>Compare it with the staff on the pier.<sup class="aside-link">3</sup></li><li>Send both numbers to the camp.</li></ul>
</div><aside><ol start="2"><li>${n[1]}</li></ol></aside></div>
<div class="with-aside"><div class="with-aside-content"><p>The comparison caught two bad readings in June.</p></div><aside><ol start="3"><li>${n[2]}</li></ol></aside></div>`,
  },
};

const annotated = (tex: string, display: boolean, mathml = '<mi>x</mi>') =>
  `<math xmlns="http://www.w3.org/1998/Math/MathML"${display ? ' display="block"' : ''}><semantics><mrow>${mathml}</mrow><annotation encoding="application/x-tex">${tex}</annotation></semantics></math>`;

const KATEX_INLINE = (tex: string, visual: string) =>
  `<span class="katex"><span class="katex-mathml">${annotated(tex, false)}</span><span class="katex-html" aria-hidden="true"><span class="base"><span class="mord mathnormal">${visual}</span></span></span></span>`;

interface MathPage {
  html: string;
  formulas: { tex: string; inlineAfter?: string }[];
}

const MATH_MARKUPS: Record<string, MathPage> = {
  katex: {
    html: `<p>For all ${KATEX_INLINE('x', 'x')}, if ${KATEX_INLINE('x \\in M', 'x∈M')} is a man, then it is mortal.</p>
<p><span class="katex-display"><span class="katex"><span class="katex-mathml">${annotated('\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}', true)}</span><span class="katex-html" aria-hidden="true">∑ i = n(n+1)/2</span></span></span></p>`,
    formulas: [{ tex: 'x', inlineAfter: 'For all' }, { tex: 'x \\in M', inlineAfter: 'if' }, { tex: '\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}' }],
  },
  'katex-data-math': {
    html: `<p>The area <span class="math-inline" data-math="\\pi r^2"><span class="katex-html" aria-hidden="true">πr2</span></span> grows with the radius.</p>
<div class="math-display" data-math="A = \\int_0^r 2\\pi t \\, dt"><span class="katex-html" aria-hidden="true">A = ∫ 2πt dt</span></div>`,
    formulas: [{ tex: '\\pi r^2', inlineAfter: 'The area' }, { tex: 'A = \\int_0^r 2\\pi t \\, dt' }],
  },
  mathjax2: {
    html: `<p>And here is some in-line math: <span class="MathJax_Preview" style="color: inherit;"></span><span class="MathJax" id="MathJax-Element-1-Frame" tabindex="0" role="presentation"><nobr aria-hidden="true"><span class="math"><span class="mrow"><span class="mi">k</span></span></span></nobr><span class="MJX_Assistive_MathML" role="presentation"><math xmlns="http://www.w3.org/1998/Math/MathML"><msub><mi>k</mi><mrow><mi>n</mi><mo>+</mo><mn>1</mn></mrow></msub><mo>=</mo><msubsup><mi>n</mi><mi>k</mi><mn>2</mn></msubsup></math></span></span><script type="math/tex" id="MathJax-Element-1">k_{n+1} = n^2 + k_n^2 - k_{n-1}</script>, followed by some more text.</p>
<div class="MathJax_Display" style="text-align: center;"><span class="MathJax" id="MathJax-Element-2-Frame" tabindex="0"><nobr aria-hidden="true"><span class="math">E=mc2</span></nobr><span class="MJX_Assistive_MathML MJX_Assistive_MathML_Block" role="presentation"><math xmlns="http://www.w3.org/1998/Math/MathML" display="block"><mi>E</mi><mo>=</mo><mi>m</mi><msup><mi>c</mi><mn>2</mn></msup></math></span></span></div><script type="math/tex; mode=display" id="MathJax-Element-2">E = mc^2</script>`,
    formulas: [{ tex: 'k_{n+1} = n^2 + k_n^2 - k_{n-1}', inlineAfter: 'in-line math:' }, { tex: 'E = mc^2' }],
  },
  mathjax3: {
    html: `<p>The sequence <mjx-container class="MathJax CtxtMenu_Attached_0" jax="CHTML" tabindex="0" style="font-size: 119.5%; position: relative;"><mjx-math class="MJX-TEX" aria-hidden="true"><mjx-msub><mjx-mi class="mjx-i"><mjx-c class="mjx-c1D44E TEX-I"></mjx-c></mjx-mi></mjx-msub></mjx-math><mjx-assistive-mml unselectable="on" display="inline"><math xmlns="http://www.w3.org/1998/Math/MathML"><msub><mi>a</mi><mi>n</mi></msub></math></mjx-assistive-mml></mjx-container> converges quickly.</p>
<mjx-container class="MathJax" jax="CHTML" display="true" style="display:block;text-align:center"><mjx-math display="true" class="MJX-TEX" aria-hidden="true"><mjx-c class="mjx-eq"></mjx-c></mjx-math><mjx-assistive-mml unselectable="on" display="block"><math xmlns="http://www.w3.org/1998/Math/MathML" display="block"><msup><mi>x</mi><mn>2</mn></msup><mo>+</mo><msup><mi>y</mi><mn>2</mn></msup><mo>=</mo><msup><mi>z</mi><mn>2</mn></msup></math></mjx-assistive-mml></mjx-container>`,
    formulas: [{ tex: 'a_{n}', inlineAfter: 'The sequence' }, { tex: 'x^{2} + y^{2} = z^{2}' }],
  },
  'mathjax3-chtml-only': {
    html: `<style>mjx-c.mjx-c210E::before{content:"ℎ"}mjx-c.mjx-c30::before{content:"0"}mjx-c.mjx-c1D463::before{content:"𝑣"}mjx-c.mjx-c3D::before{content:"="}mjx-c.mjx-c1D45E::before{content:"𝑞"}mjx-c.mjx-c1D434::before{content:"𝐴"}</style><p>The stage <mjx-container class="MathJax" jax="CHTML"><mjx-math class="MJX-TEX"><mjx-msub><mjx-mi class="mjx-i"><mjx-c class="mjx-c210E"></mjx-c></mjx-mi><mjx-script style="vertical-align:-0.15em"><mjx-mn size="s"><mjx-c class="mjx-c30"></mjx-c></mjx-mn></mjx-script></mjx-msub></mjx-math></mjx-container> is read at dawn.</p>
<mjx-container class="MathJax" jax="CHTML" display="true"><mjx-math display="true" class="MJX-TEX"><mjx-mi class="mjx-i"><mjx-c class="mjx-c1D463"></mjx-c></mjx-mi><mjx-mo class="mjx-n" space="4"><mjx-c class="mjx-c3D"></mjx-c></mjx-mo><mjx-mfrac space="4"><mjx-frac type="d"><mjx-num><mjx-nstrut type="d"></mjx-nstrut><mjx-mi class="mjx-i"><mjx-c class="mjx-c1D45E"></mjx-c></mjx-mi></mjx-num><mjx-dbox><mjx-dtable><mjx-line type="d"></mjx-line><mjx-row><mjx-den><mjx-dstrut type="d"></mjx-dstrut><mjx-mi class="mjx-i"><mjx-c class="mjx-c1D434"></mjx-c></mjx-mi></mjx-den></mjx-row></mjx-dtable></mjx-dbox></mjx-frac></mjx-mfrac></mjx-math></mjx-container>`,
    formulas: [{ tex: 'h_{0}', inlineAfter: 'The stage' }, { tex: 'v = \\frac{q}{A}' }],
  },
  mathml: {
    html: `<p>The ratio ${annotated('\\frac{a}{b}', false, '<mfrac><mi>a</mi><mi>b</mi></mfrac>')} stays constant.</p>
<p>${annotated('\\sqrt{a^2+b^2}', true, '<msqrt><msup><mi>a</mi><mn>2</mn></msup><mo>+</mo><msup><mi>b</mi><mn>2</mn></msup></msqrt>')}</p>`,
    formulas: [{ tex: '\\frac{a}{b}', inlineAfter: 'The ratio' }, { tex: '\\sqrt{a^2+b^2}' }],
  },
  wikipedia: {
    html: `<p>The identity <span class="mwe-math-element"><span class="mwe-math-mathml-inline mwe-math-mathml-a11y" style="display: none;">${annotated('{\\displaystyle e^{i\\pi }+1=0}', false)}</span><img src="https://wikimedia.org/api/rest_v1/media/math/render/svg/abc" class="mwe-math-fallback-image-inline" aria-hidden="true" alt="{\\displaystyle e^{i\\pi }+1=0}"></span> links five constants.</p>`,
    formulas: [{ tex: 'e^{i\\pi }+1=0', inlineAfter: 'The identity' }],
  },
  'pandoc-mathjax': {
    html: `<p>The mean <span class="math inline">\\(\\bar{x} = \\frac{1}{n}\\sum x_i\\)</span> is easy to compute.</p>
<p><span class="math display">\\[\\sigma^2 = \\frac{1}{n}\\sum (x_i - \\bar{x})^2\\]</span></p>`,
    formulas: [{ tex: '\\bar{x} = \\frac{1}{n}\\sum x_i', inlineAfter: 'The mean' }, { tex: '\\sigma^2 = \\frac{1}{n}\\sum (x_i - \\bar{x})^2' }],
  },
  'tex-scripts': {
    html: `<p>The drift <script type="math/tex">\\delta_t</script> stays small, and the total is</p>
<script type="math/tex; mode=display">D = \\sum_{t=1}^{T} \\delta_t</script>
<p>which we report per season.</p>`,
    formulas: [{ tex: '\\delta_t', inlineAfter: 'The drift' }, { tex: 'D = \\sum_{t=1}^{T} \\delta_t' }],
  },
  'latex-image-url': {
    html: `<p>The ratio <img src="https://latex.codecogs.com/svg.image?%5Cfrac%7Bq%7D%7BA%7D"> is the mean flow speed.</p>`,
    formulas: [{ tex: '\\frac{q}{A}', inlineAfter: 'The ratio' }],
  },
  'tex-alt-image': {
    html: `<p>The rating curve is fitted as</p>
<p><img class="aligncenter" src="/images/eq-rating.svg" alt="Q = a (h - h_0)^{b}" width="180" height="20"></p>
<p>with the three constants found by least squares, where <img src="/images/eq-h0.svg" alt="h_0" class="latex"> is the gauge height at zero flow.</p>`,
    formulas: [{ tex: 'Q = a (h - h_0)^{b}' }, { tex: 'h_0', inlineAfter: 'where' }],
  },
};

const LATE_MATH_MARKUPS: Record<string, MathPage> = {
  'tex-delimiters': {
    html: `<p>The stage \\(h_0\\) is read at dawn, and the flow follows the rating curve</p>
<p>\\[Q = a (h - h_0)^{b}\\]</p>
<p>A reading costs $2 and the season $300, which is not a formula.</p>`,
    formulas: [{ tex: 'h_0', inlineAfter: 'The stage' }, { tex: 'Q = a (h - h_0)^{b}' }],
  },
  'latex-php-images': {
    html: `<p>For two readings <img src="https://s0.wp.com/latex.php?latex=a%2C+b&amp;bg=ffffff&amp;fg=000&amp;s=0" alt="a, b" class="latex"> the mean is <img src="https://s0.wp.com/latex.php?latex=%5Cfrac%7Ba%2Bb%7D%7B2%7D&amp;bg=ffffff&amp;fg=000&amp;s=0" alt="\\frac{a+b}{2}" class="latex">.</p>`,
    formulas: [{ tex: 'a, b', inlineAfter: 'two readings' }, { tex: '\\frac{a+b}{2}', inlineAfter: 'the mean is' }],
  },
};

const CODE = 'function clamp(x, lo, hi) {\n  if (x < lo) return lo;\n  return x > hi ? hi : x;\n}';
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const lines = (s: string) => s.split('\n');

const CODE_MARKUPS: Record<string, { lang: string; html: string }> = {
  prism: { lang: 'javascript', html: `<pre class="language-javascript line-numbers"><code class="language-javascript">${esc(CODE).replace('function', '<span class="token keyword">function</span>')}<span aria-hidden="true" class="line-numbers-rows"><span></span><span></span><span></span><span></span></span></code></pre>` },
  'highlight.js': { lang: 'javascript', html: `<pre><code class="hljs language-javascript"><span class="hljs-keyword">function</span> ${esc(CODE).slice(9)}</code></pre>` },
  'highlight.js-line-numbers': { lang: 'javascript', html: `<pre><code class="hljs language-javascript hljs-ln"><table class="hljs-ln"><tbody>${lines(esc(CODE)).map((l, i) => `<tr><td class="hljs-ln-line hljs-ln-numbers" data-line-number="${i + 1}"><div class="hljs-ln-n" data-line-number="${i + 1}"></div></td><td class="hljs-ln-line hljs-ln-code" data-line-number="${i + 1}">${l}</td></tr>`).join('')}</tbody></table></code></pre>` },
  'github-file-view': { lang: 'javascript', html: `<div class="blob-wrapper" data-lang="javascript"><table class="highlight tab-size js-file-line-container" data-tab-size="8"><tbody>${lines(esc(CODE)).map((l, i) => `<tr><td id="L${i + 1}" class="blob-num js-line-number" data-line-number="${i + 1}">${i + 1}</td><td id="LC${i + 1}" class="blob-code blob-code-inner js-file-line">${l}</td></tr>`).join('')}</tbody></table></div>` },
  'highlight.js-legacy': { lang: 'js', html: `<pre><code class="hljs js">${esc(CODE)}</code></pre>` },
  shiki: { lang: 'ts', html: `<pre class="shiki github-light" style="background-color:#fff" tabindex="0" data-language="ts"><code>${lines(esc(CODE)).map((l) => `<span class="line"><span style="color:#24292E">${l}</span></span>`).join('\n')}</code></pre>` },
  'rehype-pretty-code': { lang: 'tsx', html: `<figure data-rehype-pretty-code-figure=""><pre tabindex="0" data-language="tsx" data-theme="github-dark"><code data-language="tsx" data-theme="github-dark" style="display:grid">${lines(esc(CODE)).map((l) => `<span data-line="">${l}</span>`).join('\n')}</code></pre></figure>` },
  chroma: { lang: 'go', html: `<div class="highlight"><pre tabindex="0" class="chroma"><code class="language-go" data-lang="go">${lines(esc(CODE)).map((l, i) => `<span class="line"><span class="ln">${i + 1}</span><span class="cl">${l}\n</span></span>`).join('')}</code></pre></div>` },
  'chroma-table': { lang: 'go', html: `<div class="highlight"><div class="chroma"><table class="lntable"><tr><td class="lntd"><pre tabindex="0" class="chroma"><code><span class="lnt">1\n</span><span class="lnt">2\n</span><span class="lnt">3\n</span><span class="lnt">4\n</span></code></pre></td><td class="lntd"><pre tabindex="0" class="chroma"><code class="language-go" data-lang="go">${lines(esc(CODE)).map((l) => `<span class="line"><span class="cl">${l}\n</span></span>`).join('')}</code></pre></td></tr></table></div></div>` },
  pygments: { lang: 'python', html: `<div class="highlight-python notranslate"><div class="highlight"><pre><span></span>${esc(CODE)}</pre></div></div>` },
  'pygments-table': { lang: 'python', html: `<div class="highlight-python notranslate"><table class="highlighttable"><tr><td class="linenos"><div class="linenodiv"><pre><span class="normal">1</span>\n<span class="normal">2</span>\n<span class="normal">3</span>\n<span class="normal">4</span></pre></div></td><td class="code"><div class="highlight"><pre><span></span>${esc(CODE)}</pre></div></td></tr></table></div>` },
  rouge: { lang: 'ruby', html: `<div class="language-ruby highlighter-rouge"><div class="highlight"><pre class="highlight"><code>${esc(CODE)}</code></pre></div></div>` },
  'rouge-table': { lang: 'ruby', html: `<figure class="highlight"><pre><code class="language-ruby" data-lang="ruby"><table class="rouge-table"><tbody><tr><td class="gutter gl"><pre class="lineno">1\n2\n3\n4\n</pre></td><td class="code"><pre>${esc(CODE)}</pre></td></tr></tbody></table></code></pre></figure>` },
  github: { lang: 'c', html: `<div class="highlight highlight-source-c notranslate position-relative overflow-auto" dir="auto"><pre>${esc(CODE)}</pre><div class="zeroclipboard-container position-absolute right-0 top-0"><clipboard-copy aria-label="Copy" class="ClipboardButton btn js-clipboard-copy m-2 p-0" role="button"><svg aria-hidden="true" height="16" viewBox="0 0 16 16" width="16"><path d="M0 6.75"></path></svg></clipboard-copy></div></div>` },
  'pandoc-sourcecode': { lang: 'haskell', html: `<div class="sourceCode" id="cb1"><pre class="sourceCode haskell"><code class="sourceCode haskell">${lines(esc(CODE)).map((l, i) => `<span id="cb1-${i + 1}"><a href="#cb1-${i + 1}" aria-hidden="true" tabindex="-1"></a>${l}</span>`).join('\n')}</code></pre></div>` },
  'code-around-pre': { lang: 'typescript', html: `<code class="highlight-wrap language-typescript">\n<pre><code class="language-typescript">${esc(CODE)}</code></pre>\n</code>` },
  'flex-row-gutter': { lang: '', html: `<div class="flex items-stretch overflow-auto"><code class="flex-1 font-mono"><pre class="flex flex-col">${lines(esc(CODE)).map((l, i) => `<div class="flex flex-row"><span class="text-end">${i + 1}</span><div class="whitespace-pre">${l}</div></div>`).join('')}</pre></code></div>` },
  'white-space-pre': { lang: '', html: `<div style="display:flex"><code style="white-space:pre">\n${esc(CODE)}\n</code></div>` },
  'block-class': { lang: 'javascript', html: `<code class="hl javascript block">${lines(esc(CODE)).map((l) => `<span class="line">${l}</span>`).join('\n')}</code>` },
  'copy-button': { lang: 'bash', html: `<div class="code-block"><div class="code-header"><span class="lang">bash</span><button class="copy-button">Copy</button></div><pre class="language-bash"><code>${esc(CODE)}</code></pre></div>` },
};

/** Code conventions added after the pages above were written; generated last so those keep their filler text. */
const LATE_CODE_MARKUPS: Record<string, { lang: string; html: string }> = {
  'chroma-inline-numbers': {
    lang: 'javascript',
    html: `<div class="highlight"><pre tabindex="0" style="display:grid"><code class="language-javascript" data-lang="javascript">${lines(esc(CODE)).map((l, i) => `<span style="display:flex"><span style="white-space:pre;user-select:none;margin-right:.4em;color:#7f7f7f">${String(i + 1).padStart(2)}</span><span>${l}\n</span></span>`).join('')}</code></pre></div>`,
  },
  // Writerside: the code is the div's own text; only the site's stylesheet lays it out as lines.
  writerside: { lang: 'javascript', html: `<div class="code-block" data-lang="javascript">${esc(CODE)}</div>` },
};

/**
 * Picture conventions added late; each is a bare page (the post alone, nothing after it but its buttons), generated
 * last so the pages above keep their filler text.
 */
const LATE_IMAGE_MARKUPS: Record<string, { html: string; expect: ImageExpectation }> = {
  'closing-picture': {
    html: `<div class="post-card"><div class="post-head"><a href="/@rosa"><img src="/images/avatar.png" alt="Rosa Lind" width="36" height="36"></a> <a href="/@rosa">Rosa Lind</a> <a href="/@rosa/post/81">2d</a></div>
<div class="post-body"><div class="post-text"><p>The river rose early this year, and the camp moved twice before the water settled.</p><p>This is the view from the second camp, an hour after sunrise.</p></div></div>
<div class="post-images"><div class="bubble" style="width:520px;height:390px"><img src="/images/second-camp.png" alt="The second camp at sunrise" width="520" height="390"></div></div>
<div class="post-actions"><button>Like 12</button> <button>Reply 3</button></div></div>`,
    expect: { alt: 'The second camp at sunrise', src: '/images/second-camp.png' },
  },
  // A news figure whose loader draws the photo when it scrolls into view: until then only its schema.org itemid names it.
  'figure-named-picture': {
    html: `<p>The second night brought the highest water of the winter, a little after the evening tide turned.</p>
<figure class="story-media" role="group" itemprop="associatedMedia" itemscope itemtype="http://schema.org/ImageObject" itemid="https://images.example.org/2024/03/02/harbour/wall-articleLarge.jpg?quality=90&amp;auto=webp">
            <div class="media-frame">
                        <span class="media-label">Image</span>
                        <div class="lazy-frame" style="height:360px"></div>
            </div>
            <figcaption itemprop="caption description">
                        <span>Waves over the harbour wall on the second night, seen from the lifeboat slip.</span>
                        <span itemprop="copyrightHolder"><span class="credit-label">Credit</span> <span>Ana Ruiz for the Harbour Record</span></span>
            </figcaption>
</figure>
<p>By morning the wall had held, though the road behind it was under a hand's depth of water and sand until noon.</p>`,
    expect: { alt: '', src: '/2024/03/02/harbour/wall-articleLarge.jpg?quality=90&auto=webp' },
  },
};

const LEAD_PARAGRAPHS = [
  'The storm reached the lake an hour after noon, and by then the boats were already tied up along the north jetty.',
  'We had moved the instruments to the boathouse the evening before, all but the wind mast, which stays where it is.',
  'The mast recorded a gust of 31 metres per second before the anemometer cup cracked and the readings stopped.',
  'Next morning the water stood half a metre above the jetty, and the reeds on the west shore lay flat in one direction.',
  'The gauge on the pier had held, and its record shows the rise and the slow fall over the following two days.',
];

/** A whole page: the site's header with `logo`, then the post, whose header holds `lead` right above its title. */
function leadPicturePage(title: string, logo: string, lead: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title} | Lake Log</title>
<style>body{font:18px/1.6 Georgia,serif;margin:0}.site-header{display:flex;gap:16px;align-items:center;padding:12px 24px;background:#f4f4f4}
main{max-width:720px;margin:40px auto;padding:0 20px}img{max-width:100%;height:auto}</style></head>
<body>
<header class="site-header">${logo}<nav><a href="/">Home</a> <a href="/archive">Archive</a> <a href="/about">About</a></nav></header>
<main><div class="post">
<div class="post-header">${lead}<h1>${title}</h1><div class="post-meta">By Rosa Lind · 12 March 2025</div></div>
<div class="post-body">${LEAD_PARAGRAPHS.map((p) => `<p>${p}</p>`).join('\n')}</div>
</div></main>
<footer class="site-footer"><p>© 2025 Lake Log · <a href="/privacy">Privacy</a></p></footer>
</body></html>
`;
}

/** A large picture right above the post's title (outside the body Readability picks), and a site logo that is not. */
const LEAD_PICTURE_PAGES: { name: string; html: string; expect: Expectations }[] = [
  {
    name: 'image-cover-above-title',
    html: leadPicturePage(
      'The storm on the lake',
      '<a href="/"><img src="/images/lake-log.png" alt="Lake Log" width="120" height="32"></a>',
      '<figure class="cover"><img src="/images/storm-over-lake.jpg" alt="Storm clouds over the lake" width="1200" height="675"></figure>',
    ),
    expect: { images: [{ alt: 'Storm clouds over the lake', src: '/images/storm-over-lake.jpg' }] },
  },
  {
    name: 'image-logo-above-title',
    html: leadPicturePage(
      'The storm on the lake',
      '<a href="/" class="logo"><img src="/images/lake-log-wordmark.png" alt="Lake Log" width="360" height="90"></a>',
      '',
    ),
    expect: { imagesAbsent: ['/images/lake-log-wordmark.png'] },
  },
];

/**
 * A news story: the site's header and navigation, then the story's <header> with its title, a standfirst, `lead` and
 * a byline, then a long body in its own section, then related links. The layout stage picks the body's section and
 * drops the story's header with everything in it.
 */
function storyHeaderPage(title: string, lead: string): string {
  const paragraphs = [...LEAD_PARAGRAPHS, ...FILLER];
  const body = paragraphs.map((p, i) => `<div class="story-block"><p>${p}</p><p>${paragraphs[(i + 3) % paragraphs.length]}</p></div>`).join('\n');
  const sections = Array.from({ length: 12 }, (_, i) => `<a href="/s${i}">Section ${i}</a>`).join(' ');
  const related = Array.from({ length: 8 }, (_, i) => `<li><a href="/story/${i}">Another story about the lake, number ${i}</a></li>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title} - The Lake Courier</title></head>
<body>
<header class="masthead"><a href="/">The Lake Courier</a><nav>${sections}</nav></header>
<main><article class="story"><header class="story-header">
<h1>${title}</h1>
<p class="standfirst">The water stood half a metre above the jetty on the second morning, and the gauge kept its record.</p>
${lead}
<div class="story-byline"><p>By Rosa Lind</p><ul><li><time datetime="2025-03-12">March 12, 2025</time></li></ul></div>
</header>
<section class="story-body">${body}</section>
</article>
<aside class="related"><h2>More from the lake</h2><ul>${related}</ul></aside></main>
<footer><p>© 2025 The Lake Courier · <a href="/privacy">Privacy</a> · <a href="/terms">Terms</a></p></footer>
</body></html>
`;
}

const STORY_HEADER_PAGES: { name: string; html: string; expect: Expectations }[] = [
  {
    name: 'image-lead-under-title',
    html: storyHeaderPage(
      'The jetty under water',
      '<div class="photo-wrapper"><figure class="lead-photo"><img src="/unreachable/jetty-under-water.jpg" alt=""><figcaption>The north jetty on the second morning. Photo: Rosa Lind</figcaption></figure></div>',
    ),
    expect: { images: [{ alt: '', src: '/unreachable/jetty-under-water.jpg' }] },
  },
  {
    name: 'image-avatar-under-title',
    html: storyHeaderPage('The jetty, a week later', '<div class="author-card"><img src="/images/rosa-lind-48.jpg" alt="Rosa Lind" width="48" height="48"> Rosa Lind, weather desk</div>'),
    expect: { imagesAbsent: ['/images/rosa-lind-48.jpg'] },
  },
];

const TABLE_ROWS = [['Station', 'Rain (mm)', 'Days'], ['North', '412', '31'], ['River', '388', '29'], ['Ridge', '501', '35']];
const td = (cells: string[], tag = 'td') => `<tr>${cells.map((c) => `<${tag}>${c}</${tag}>`).join('')}</tr>`;
const TABLE_MARKUPS: Record<string, { html: string; expect: { header?: string[]; html?: string } }> = {
  thead: { html: `<table><thead>${td(TABLE_ROWS[0], 'th')}</thead><tbody>${TABLE_ROWS.slice(1).map((r) => td(r)).join('')}</tbody></table>`, expect: { header: TABLE_ROWS[0] } },
  'no-thead': { html: `<table>${TABLE_ROWS.map((r) => td(r)).join('')}</table>`, expect: { header: TABLE_ROWS[0] } },
  'th-first-row': { html: `<table><tbody>${td(TABLE_ROWS[0], 'th')}${TABLE_ROWS.slice(1).map((r) => td(r)).join('')}</tbody></table>`, expect: { header: TABLE_ROWS[0] } },
  'header-cells-wrapped': {
    html: `<table><thead><tr>${TABLE_ROWS[0].map((c) => `<th><div class="cell-head"><span class="icon"></span><div>${c}</div></div></th>`).join('')}</tr></thead><tbody>${TABLE_ROWS.slice(1).map((r) => `<tr>${r.map((c) => `<td><div>${c}</div></td>`).join('')}</tr>`).join('')}</tbody></table>`,
    expect: { header: TABLE_ROWS[0] },
  },
  caption: { html: `<table><caption>Rain by station, 2024</caption><thead>${td(TABLE_ROWS[0], 'th')}</thead><tbody>${TABLE_ROWS.slice(1).map((r) => td(r)).join('')}</tbody></table>`, expect: { header: TABLE_ROWS[0] } },
  colspan: { html: `<table><thead>${td(TABLE_ROWS[0], 'th')}</thead><tbody>${td(TABLE_ROWS[1])}<tr><td>River</td><td colspan="2">station offline</td></tr>${td(TABLE_ROWS[3])}</tbody></table>`, expect: { html: 'station offline' } },
};

type ImageExpectation = { alt: string; src: string };
const IMAGE_MARKUPS: Record<string, { html: string; expect: ImageExpectation | ImageExpectation[] }> = {
  figure: { html: '<figure><img src="/images/mast.png" alt="The weather mast at dawn" width="640" height="400"><figcaption>The mast after repairs.</figcaption></figure>', expect: { alt: 'The weather mast at dawn', src: '/images/mast.png' } },
  'lazy-data-src': { html: '<figure><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="/images/river.png" class="lazyload" alt="The river in spring" width="640" height="400"><figcaption>The river in spring.</figcaption></figure>', expect: { alt: 'The river in spring', src: '/images/river.png' } },
  srcset: { html: '<p><img src="/images/camp-small.png" srcset="/images/camp-small.png 320w, /images/camp-large.png 1280w" sizes="100vw" alt="Camp by the lake" width="640" height="400"></p>', expect: { alt: 'Camp by the lake', src: '/images/camp-large.png' } },
  'srcset-density': { html: '<p><img src="/images/lake.png" srcset="/images/lake.png 1x, /images/lake@3x.png 3x, /images/lake@2x.png 2x" alt="The lake at noon" width="640" height="400"></p>', expect: { alt: 'The lake at noon', src: '/images/lake@3x.png' } },
  'lazy-data-srcset': { html: '<figure><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-srcset="/images/boat-480.png 480w, /images/boat-1440.png 1440w" class="lazyload" alt="The survey boat" width="640" height="400"><figcaption>The survey boat.</figcaption></figure>', expect: { alt: 'The survey boat', src: '/images/boat-1440.png' } },
  noscript: { html: '<figure><img src="/images/placeholder.gif" class="js-lazy" alt="The northern station" width="640" height="400"><noscript><img src="/images/north-station.png" alt="The northern station"></noscript><figcaption>The northern station in March.</figcaption></figure>', expect: { alt: 'The northern station', src: '/images/north-station.png' } },
  'fade-in-noscript': { html: '<style>.ratio{position:relative;padding-bottom:60%}.fade{position:absolute;top:0;left:0;width:100%;opacity:0;transition:opacity .4s}</style><div class="photo"><div class="ratio"><img class="fade" width="640" height="384" alt="Ice on the stilling well"><noscript><img src="/images/ice-well.png" width="640" height="384" alt="Ice on the stilling well"></noscript></div></div><p class="caption">Ice on the stilling well in January.</p>', expect: { alt: 'Ice on the stilling well', src: '/images/ice-well.png' } },
  'noscript-empty-box': { html: '<figure><div class="lazy-box" data-lazy="true"></div><noscript><img src="/images/new-float.jpg" alt="The new float"></noscript><figcaption>The new float, fitted in May.</figcaption></figure>', expect: { alt: 'The new float', src: '/images/new-float.jpg' } },
  'row-link-captions': {
    html: `<section><h2>Instruments</h2>
<div class="multi-image"><div class="image-row">
<div class="image-cell"><div class="thumb-image"><a href="/files/float-gauge.jpg" class="file-link"><img src="/images/float-gauge.jpg" alt="The float gauge" width="200" height="150"></a></div><div class="thumb-caption">An early <a href="/wiki/float-gauge">float gauge</a> used at the pier</div></div>
<div class="image-cell"><div class="thumb-image"><a href="/files/pressure-sensor.jpg" class="file-link"><img src="/images/pressure-sensor.jpg" alt="A pressure sensor" width="200" height="150"></a></div><div class="thumb-caption">A <a href="/wiki/pressure-sensor">pressure sensor</a></div></div>
</div><div class="thumb-caption">Gauges old and new</div></div>
<p>Both instruments were read every morning against the staff gauge on the pier, and the readings were written down before breakfast.</p>
<p>The pressure sensor needs no float and no well, which is why most harbours changed to it once it became cheap enough.</p></section>
<style>.image-row{display:flex;gap:16px}.thumb-caption{font-size:14px}</style>`,
    expect: [
      { alt: 'The float gauge', src: '/images/float-gauge.jpg' },
      { alt: 'A pressure sensor', src: '/images/pressure-sensor.jpg' },
    ],
  },
  'video-embed': {
    html: '<p>The gauge filmed at high water:</p>\n<iframe width="560" height="315" src="https://www.youtube-nocookie.com/embed/Qm4hT1dVx0c" title="High water at the tide gauge" frameborder="0" allowfullscreen></iframe>',
    expect: { alt: 'Video: High water at the tide gauge', src: '/vi/Qm4hT1dVx0c/hqdefault.jpg' },
  },
  picture: { html: '<figure><picture><source srcset="/images/ridge.png 1x, /images/ridge@2x.png 2x" type="image/png"><img src="/images/ridge.png" alt="Ridge station in fog" width="640" height="400"></picture><figcaption>Ridge station.</figcaption></figure>', expect: { alt: 'Ridge station in fog', src: '/images/ridge@2x.png' } },
};

const CALLOUT_TEXT = 'Always check the gauge before crossing the ford.';
const CALLOUT_MARKUPS: Record<string, { html: string; kind: string }> = {
  github: { kind: 'warning', html: `<div class="markdown-alert markdown-alert-warning" dir="auto"><p class="markdown-alert-title" dir="auto"><svg class="octicon" viewBox="0 0 16 16" width="16" height="16"></svg>Warning</p><p dir="auto">${CALLOUT_TEXT}</p></div>` },
  mkdocs: { kind: 'note', html: `<div class="admonition note"><p class="admonition-title">Note</p><p>${CALLOUT_TEXT}</p></div>` },
  docusaurus: { kind: 'tip', html: `<div class="theme-admonition theme-admonition-tip admonition_xJq3 alert alert--success"><div class="admonitionHeading_Gvgb"><span class="admonitionIcon_Rf37"></span>tip</div><div class="admonitionContent_BuS1"><p>${CALLOUT_TEXT}</p></div></div>` },
  obsidian: { kind: 'danger', html: `<div data-callout-metadata="" data-callout-fold="" data-callout="danger" class="callout"><div class="callout-title"><div class="callout-title-inner">Danger</div></div><div class="callout-content"><p>${CALLOUT_TEXT}</p></div></div>` },
};

const FLOOD_PARAGRAPHS = [
  'The flood line on the boathouse wall is the only record of the 1998 water that nobody had to write down by hand.',
  'We painted it again this spring, a hand above the old mark, where the water stood on the second morning of the storm.',
  'The boathouse itself was rebuilt on higher posts the year after, and the old floor boards went into the new jetty.',
];

/**
 * A photo that has not loaded (its URL does not answer), with an empty alt and no declared size, so it has no box
 * (without any alt, Chromium draws a 16-px broken-image icon), right between two paragraphs; `extra` stands between
 * the second paragraph and a third.
 */
function unloadedPhotoPage(title: string, extra: string): string {
  const [first, second, third] = FLOOD_PARAGRAPHS;
  return barePage(title, `<h1>${title}</h1>\n<p>${first}</p>\n<img src="/unreachable/flood-line.jpg" alt="">\n<p>${second}</p>${extra ? `\n${extra}\n<p>${third}</p>` : ''}`);
}

/** Images that have not loaded: a photo with no size is shown (not hidden); a tracking pixel and a hidden image are not. */
const UNLOADED_IMAGE_PAGES: { name: string; html: string; expect: Expectations }[] = [
  { name: 'image-not-loaded', html: unloadedPhotoPage('The flood line', ''), expect: { images: [{ alt: '', src: '/unreachable/flood-line.jpg' }] } },
  {
    name: 'image-not-loaded-pixels',
    html: unloadedPhotoPage(
      'The flood line, counted',
      '<img src="/unreachable/track.gif?page=flood" width="1" height="1" alt=""><img src="/unreachable/hidden-banner.jpg" alt="" style="display:none">',
    ),
    expect: { images: [{ alt: '', src: '/unreachable/flood-line.jpg' }], imagesAbsent: ['/unreachable/track.gif', '/unreachable/hidden-banner.jpg'] },
  },
];

/** Tables after the first run of fixtures (appended so that earlier pages keep their filler text). */
const LATE_TABLE_MARKUPS: Record<string, { html: string; expect: { header?: string[]; html?: string } }> = {
  'labelled-values': {
    html: `<table class="facts"><caption>North station</caption><tbody><tr><td colspan="2"><img src="/images/north-station-small.png" alt="The station hut" width="220" height="140"></td></tr>
<tr><th scope="row">Opened</th><td>1998</td></tr><tr><th scope="row">Height</th><td>412 m</td></tr>
<tr><th scope="row">Instruments</th><td><div><ul><li><a href="/gauges/rain">Rain gauge</a></li><li><a href="/gauges/wind">Anemometer</a></li></ul></div></td></tr>
<tr><th scope="row">Keeper</th><td><a href="/people/rosa-lind">Rosa Lind</a></td></tr></tbody></table>`,
    expect: { html: 'Anemometer' },
  },
  'title-row': {
    html: `<table class="wide"><tbody><tr><th colspan="3"><div class="tools"><ul><li><a href="/t/edit">edit</a></li></ul></div><div>Wettest stations, 2024</div></th></tr>
${td(TABLE_ROWS[0], 'th')}<tr><td><div><img src="/images/north.png" alt="North" width="120" height="80"></div><a href="/s/north">North</a></td><td>412</td><td>31</td></tr>${TABLE_ROWS.slice(2).map((r) => td(r)).join('')}</tbody></table>`,
    expect: { html: 'Wettest stations, 2024' },
  },
};

export function markdownFixtures(): MarkdownFixture[] {
  const out: MarkdownFixture[] = [];
  let i = 0;
  for (const [name, markup] of Object.entries(FOOTNOTE_MARKUPS)) {
    out.push({ name: `footnotes-${name}`, construct: 'footnotes', html: page(`Footnotes from ${name}`, i++, markup(NOTES)), expect: { footnotes: NOTES } });
  }
  for (const [name, m] of Object.entries(MATH_MARKUPS)) {
    out.push({ name: `math-${name}`, construct: 'math', html: page(`Formulas from ${name}`, i++, m.html), expect: { formulas: m.formulas } });
  }
  for (const [name, c] of Object.entries(CODE_MARKUPS)) {
    const html = `<p>The helper below keeps a value inside its range.</p>\n${c.html}`;
    out.push({ name: `code-${name}`, construct: 'code', html: page(`Code from ${name}`, i++, html), expect: { code: [{ lang: c.lang, text: CODE }] } });
  }
  for (const [name, t] of Object.entries(TABLE_MARKUPS)) {
    out.push({ name: `table-${name}`, construct: 'tables', html: page(`Rain table (${name})`, i++, `<p>Totals for the season are below.</p>\n${t.html}`), expect: { tables: [t.expect] } });
  }
  for (const [name, im] of Object.entries(IMAGE_MARKUPS)) {
    out.push({ name: `image-${name}`, construct: 'images', html: page(`Pictures (${name})`, i++, im.html), expect: { images: Array.isArray(im.expect) ? im.expect : [im.expect] } });
  }
  for (const [name, c] of Object.entries(CALLOUT_MARKUPS)) {
    out.push({ name: `callout-${name}`, construct: 'callouts', html: page(`Safety (${name})`, i++, c.html), expect: { callouts: [{ kind: c.kind, text: CALLOUT_TEXT }] } });
  }
  for (const [name, markup] of Object.entries(LATE_FOOTNOTE_MARKUPS)) {
    const notes = markup.notes ?? NOTES;
    const title = `Footnotes from ${name}`;
    // A bare page takes no filler, so the pages after it keep theirs.
    const html = markup.bare ? barePage(title, markup.html(notes)) : page(title, i++, markup.html(notes));
    out.push({ name: `footnotes-${name}`, construct: 'footnotes', html, expect: { footnotes: notes, footnotesCitedAfter: markup.citedAfter } });
  }
  for (const [name, m] of Object.entries(LATE_MATH_MARKUPS)) {
    out.push({ name: `math-${name}`, construct: 'math', html: page(`Formulas from ${name}`, i++, m.html), expect: { formulas: m.formulas } });
  }
  for (const [name, im] of Object.entries(LATE_IMAGE_MARKUPS)) {
    out.push({ name: `image-${name}`, construct: 'images', html: barePage(`A post (${name})`, im.html), expect: { images: [im.expect] } });
  }
  for (const [name, c] of Object.entries(LATE_CODE_MARKUPS)) {
    const html = `<p>The helper below keeps a value inside its range.</p>\n${c.html}`;
    out.push({ name: `code-${name}`, construct: 'code', html: page(`Code from ${name}`, i++, html), expect: { code: [{ lang: c.lang, text: CODE }] } });
  }
  for (const [name, t] of Object.entries(LATE_TABLE_MARKUPS)) {
    out.push({ name: `table-${name}`, construct: 'tables', html: page(`Station table (${name})`, i++, `<p>The stations are described below.</p>\n${t.html}\n<p>Every station is read twice a day.</p>`), expect: { tables: [t.expect] } });
  }
  for (const p of LEAD_PICTURE_PAGES) out.push({ ...p, construct: 'images' });
  for (const p of STORY_HEADER_PAGES) out.push({ ...p, construct: 'images' });
  for (const p of UNLOADED_IMAGE_PAGES) out.push({ ...p, construct: 'images' });
  return out;
}
