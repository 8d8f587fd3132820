/**
 * Math on the web is usually MathML wrapped in a renderer's own markup (KaTeX, MathJax). The reader keeps only the
 * MathML (browsers render it natively, and its TeX annotation feeds the Markdown export) and drops the renderer's
 * visual duplicate, which without its stylesheet reads as garbage.
 */

const RENDERER_WRAPPERS = 'mjx-container, .katex, .MathJax, .MathJax_Display, .MathJax_SVG, .MathJax_CHTML, .MJX_Assistive_MathML';
const RENDERER_LEFTOVERS = '.katex-html, .MathJax_Preview, mjx-math';

function isMath(el: Element): boolean {
  // Some DOM emulations parse <math> into the HTML namespace; the tag name is what matters here.
  return el.localName.toLowerCase() === 'math';
}

export function normalizeMath(root: Element): void {
  // Outermost wrappers first, so a nested wrapper is replaced together with its parent.
  for (const wrapper of Array.from(root.querySelectorAll(RENDERER_WRAPPERS))) {
    if (!wrapper.isConnected) continue;
    const maths = Array.from(wrapper.getElementsByTagName('math')).filter(isMath);
    if (maths.length !== 1) continue;
    const math = maths[0];
    const display =
      math.getAttribute('display') === 'block' ||
      wrapper.getAttribute('display') === 'true' ||
      wrapper.closest('.katex-display, .MathJax_Display') !== null;
    if (display) math.setAttribute('display', 'block');
    // The block marker belongs to whatever ends up in the wrapper's place.
    const block = wrapper.getAttribute('data-pith-block');
    if (block !== null && !math.hasAttribute('data-pith-block')) math.setAttribute('data-pith-block', block);
    wrapper.replaceWith(math);
  }
  for (const leftover of Array.from(root.querySelectorAll(RENDERER_LEFTOVERS))) {
    if (!leftover.hasAttribute('data-pith-block') && !leftover.querySelector('[data-pith-block]')) leftover.remove();
  }
}

/** The TeX source of a MathML element, when the page kept it as an annotation. */
export function texAnnotation(math: Element): string | null {
  for (const annotation of Array.from(math.getElementsByTagName('annotation'))) {
    const encoding = (annotation.getAttribute('encoding') ?? '').toLowerCase();
    if (encoding === 'application/x-tex' || encoding === 'tex' || encoding === 'text/x-tex') {
      const tex = (annotation.textContent ?? '').trim();
      if (tex) return tex;
    }
  }
  return null;
}
