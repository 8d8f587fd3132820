/**
 * Math on the web is MathML or TeX wrapped in a renderer's own markup (KaTeX, MathJax 2 and 3, Wikipedia, Pandoc).
 * The reader keeps one MathML element per formula (browsers render it natively) carrying its TeX as an annotation
 * (which feeds the Markdown export), and drops the renderer's visual duplicate, which without its stylesheet reads
 * as garbage. Where a page kept only TeX (MathJax 2 without assistive MathML, a data-math attribute, Pandoc's
 * unrendered \(…\)), the MathML is made from the TeX with Temml. A formula stays where it was: inline in its
 * sentence, or a display block.
 */
import { mathFromChtml } from './normalize-math-chtml';
import { markDelimitedTex } from './tex-delimiters';
import { texOfImage } from './tex-images';
import { texToMathml } from './tex-renderer';

const RENDERER_WRAPPERS = [
  'mjx-container',
  '.katex-display',
  '.katex',
  '.MathJax_Display',
  '.MathJax_SVG_Display',
  '.MathJax',
  '.MathJax_SVG',
  '.MathJax_CHTML',
  '.MJX_Assistive_MathML',
  '.mwe-math-element',
  '[data-pith-tex]',
  '[data-math]',
  '[data-latex]',
  '[data-tex]',
  'span.math',
].join(', ');
const RENDERER_LEFTOVERS = '.katex-html, .MathJax_Preview, mjx-math, script[type^="math/tex" i]';
const TEX_ATTRIBUTES = ['data-pith-tex', 'data-math', 'data-latex', 'data-tex'];
const DISPLAY_CONTEXT = '.katex-display, .MathJax_Display, .MathJax_SVG_Display, .math.display, [data-pith-tex-display]';
/** Pandoc's --mathjax/--katex output before the script runs: \(…\) inline, \[…\] display. */
const DELIMITED_TEX = /^\s*(?:\\\((?<inline>[\s\S]+)\\\)|\\\[(?<display>[\s\S]+)\\\]|\$\$(?<dollars>[\s\S]+)\$\$)\s*$/;
const TEX_ENCODINGS = new Set(['application/x-tex', 'tex', 'text/x-tex', 'application/x-latex']);
const MATHML_NS = 'http://www.w3.org/1998/Math/MathML';

function isMath(el: Element): boolean {
  // Some DOM emulations parse <math> into the HTML namespace; the tag name is what matters here.
  return el.localName.toLowerCase() === 'math';
}

/** TeX without the `{\displaystyle …}` wrapper Wikipedia puts around every formula. */
export function unwrapDisplaystyle(tex: string): string {
  return tex.replace(/^\{\\displaystyle\s*([\s\S]*)\}$/, '$1').trim();
}

/** The TeX source of a MathML element, when the page kept it as an annotation. */
export function texAnnotation(math: Element): string | null {
  for (const annotation of Array.from(math.getElementsByTagName('annotation'))) {
    const encoding = (annotation.getAttribute('encoding') ?? '').toLowerCase();
    if (TEX_ENCODINGS.has(encoding)) {
      const tex = (annotation.textContent ?? '').trim();
      if (tex) return tex;
    }
  }
  return null;
}

function texAttribute(wrapper: Element): string | null {
  for (const el of [wrapper, ...Array.from(wrapper.querySelectorAll(TEX_ATTRIBUTES.map((a) => `[${a}]`).join(', ')))]) {
    for (const name of TEX_ATTRIBUTES) {
      const value = el.getAttribute(name)?.trim();
      if (value) return value;
    }
  }
  return null;
}

interface Formula {
  tex: string | null;
  math: Element | null;
  display: boolean;
}

function readFormula(wrapper: Element): Formula | null {
  const maths = Array.from(wrapper.getElementsByTagName('math')).filter(isMath);
  if (maths.length > 1) return null;
  const math = maths[0] ?? (wrapper.localName === 'mjx-container' ? mathFromChtml(wrapper) : null);
  let tex = texAttribute(wrapper) ?? (math ? texAnnotation(math) : null);
  let display =
    math?.getAttribute('display') === 'block' ||
    wrapper.getAttribute('display') === 'true' ||
    wrapper.hasAttribute('data-pith-tex-display') ||
    wrapper.closest(DISPLAY_CONTEXT) !== null ||
    /(?:^|[\s_-])(?:display|block)(?:$|[\s_-])/i.test(wrapper.getAttribute('class') ?? '') ||
    (!math && /^(div|p|figure|section)$/.test(wrapper.localName)) ||
    wrapper.querySelector('[data-pith-tex-display]') !== null;
  if (!tex && !math) {
    const fallback = wrapper.querySelector('img[alt]');
    const delimited = DELIMITED_TEX.exec(wrapper.textContent ?? '');
    if (delimited?.groups) {
      const g = delimited.groups;
      tex = (g.inline ?? g.display ?? g.dollars ?? '').trim();
      display = display || g.inline === undefined;
    } else if (fallback && wrapper.matches('.mwe-math-element')) {
      tex = unwrapDisplaystyle(fallback.getAttribute('alt') ?? '');
    }
  }
  if (!tex && !math) return null;
  return { tex, math, display };
}

/** MathML for TeX (Temml, with the TeX as annotation), or null when Temml cannot read it or is not loaded. */
export function mathFromTex(doc: Document, tex: string, display: boolean): Element | null {
  let markup: string | null;
  try {
    markup = texToMathml(tex, display);
  } catch {
    return null;
  }
  if (markup === null) return null;
  const parsed = new DOMParser().parseFromString(`<!doctype html><body>${markup}`, 'text/html');
  const math = parsed.body.querySelector('math');
  return math ? (doc.importNode(math, true) as Element) : null;
}

/** A <math> for the formula: the page's own MathML when there is one (with the TeX added as annotation). */
function buildMath(doc: Document, formula: Formula): Element | null {
  const { tex, math, display } = formula;
  let out = math;
  if (!out && tex) out = mathFromTex(doc, tex, display);
  if (!out && tex) {
    // Temml could not parse it: the TeX itself, readable, with its annotation.
    out = doc.createElementNS(MATHML_NS, 'math');
    out.innerHTML = '<semantics><mtext></mtext><annotation encoding="application/x-tex"></annotation></semantics>';
    out.querySelector('mtext')!.textContent = tex;
    out.querySelector('annotation')!.textContent = tex;
  }
  if (!out) return null;
  if (tex && texAnnotation(out) === null) {
    const semantics = doc.createElementNS(MATHML_NS, 'semantics');
    const row = doc.createElementNS(MATHML_NS, 'mrow');
    row.append(...Array.from(out.childNodes));
    const annotation = doc.createElementNS(MATHML_NS, 'annotation');
    annotation.setAttribute('encoding', 'application/x-tex');
    annotation.textContent = tex;
    semantics.append(row, annotation);
    out.append(semantics);
  }
  if (display) out.setAttribute('display', 'block');
  else out.removeAttribute('display');
  return out;
}

/** Formula images become MathML from their TeX; one alone in its paragraph is a display formula. */
function formulaImages(root: Element): void {
  const doc = root.ownerDocument;
  for (const img of Array.from(root.querySelectorAll('img[src]'))) {
    if (img.closest('.mwe-math-element')) continue;
    const tex = texOfImage(img);
    if (!tex) continue;
    const parent = img.parentElement;
    const alone = parent !== null && /^(p|div|figure|center)$/.test(parent.localName) && (parent.textContent ?? '').trim() === '' && parent.querySelectorAll('img').length === 1;
    const math = buildMath(doc, { tex, math: null, display: alone });
    if (!math) continue;
    const block = img.getAttribute('data-pith-block');
    if (block) math.setAttribute('data-pith-block', block);
    img.replaceWith(math);
  }
}

export function normalizeMath(root: Element): void {
  const doc = root.ownerDocument;
  markDelimitedTex(root);
  formulaImages(root);
  // Outermost wrappers first, so a nested wrapper is replaced together with its parent.
  for (const wrapper of Array.from(root.querySelectorAll(RENDERER_WRAPPERS))) {
    if (!wrapper.isConnected || isMath(wrapper)) continue;
    const formula = readFormula(wrapper);
    if (!formula) continue;
    const math = buildMath(doc, formula);
    if (!math) continue;
    // The block marker belongs to whatever ends up in the wrapper's place.
    const block = wrapper.getAttribute('data-pith-block') ?? wrapper.closest('.katex-display, .MathJax_Display')?.getAttribute('data-pith-block');
    if (block && !math.hasAttribute('data-pith-block')) math.setAttribute('data-pith-block', block);
    wrapper.replaceWith(math);
  }
  for (const leftover of Array.from(root.querySelectorAll(RENDERER_LEFTOVERS))) {
    if (!leftover.hasAttribute('data-pith-block') && !leftover.querySelector('[data-pith-block]')) leftover.remove();
  }
}
