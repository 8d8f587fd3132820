/**
 * MathJax 3's CommonHTML output without its assistive MathML copy: the formula survives only as `mjx-*` layout
 * elements named after the MathML they render (`mjx-mi`, `mjx-msub`, `mjx-mfrac`…), each glyph an `mjx-c` whose
 * class holds its code point (`mjx-c1D467` is 𝑧; the glyph itself is often drawn by the stylesheet). This reads that
 * tree back into MathML, so the reader shows the formula and the Markdown export writes its TeX.
 */
import { mathGlyphText } from '../snapshot/math-glyphs';

const MATHML_NS = 'http://www.w3.org/1998/Math/MathML';
const TOKENS = new Set(['mi', 'mo', 'mn', 'mtext', 'ms']);
const ROWS = new Set(['math', 'mrow', 'mstyle', 'texatom', 'mpadded', 'mphantom', 'menclose', 'semantics']);

function mathml(doc: Document, tag: string, children: Element[]): Element {
  const el = doc.createElementNS(MATHML_NS, tag);
  el.append(...children);
  return el;
}

/** One element for a list of parts: the part itself, or an mrow around several. */
function row(doc: Document, parts: Element[]): Element {
  return parts.length === 1 ? parts[0]! : mathml(doc, 'mrow', parts);
}

function childParts(doc: Document, el: Element | null, skip?: (child: Element) => boolean): Element[] {
  if (!el) return [];
  return Array.from(el.children).flatMap((child) => (skip?.(child) ? [] : convert(doc, child)));
}

/** The MathML an `mjx-*` element stands for (layout-only elements give their children's). */
function convert(doc: Document, el: Element): Element[] {
  const name = el.localName.toLowerCase();
  if (!name.startsWith('mjx-')) return [];
  const tag = name.slice(4);
  if (tag === 'c') return [];
  if (TOKENS.has(tag)) {
    const text = mathGlyphText(el);
    if (!text.trim()) return [];
    const token = mathml(doc, tag, []);
    token.textContent = text;
    return [token];
  }
  if (tag === 'msub' || tag === 'msup' || tag === 'msubsup') {
    const script = Array.from(el.children).find((c) => c.localName === 'mjx-script');
    const base = row(doc, childParts(doc, el, (c) => c === script));
    const scripts = Array.from(script?.children ?? []).filter((c) => c.localName !== 'mjx-spacer').map((c) => row(doc, convert(doc, c)));
    // CommonHTML lays out msubsup's scripts superscript first.
    const ordered = tag === 'msubsup' ? [scripts[1], scripts[0]] : [scripts[0]];
    if (ordered.some((s) => !s)) return [base];
    return [mathml(doc, tag, [base, ...(ordered as Element[])])];
  }
  if (tag === 'mfrac') {
    const num = row(doc, childParts(doc, el.querySelector('mjx-num')));
    const den = row(doc, childParts(doc, el.querySelector('mjx-den')));
    return [mathml(doc, 'mfrac', [num, den])];
  }
  if (tag === 'msqrt') {
    const box = el.querySelector('mjx-box') ?? el;
    return [mathml(doc, 'msqrt', [row(doc, childParts(doc, box, (c) => c.localName === 'mjx-surd'))])];
  }
  if (tag === 'munderover' || tag === 'munder' || tag === 'mover') {
    const base = row(doc, childParts(doc, el.querySelector('mjx-base')));
    const under = el.querySelector('mjx-under');
    const over = el.querySelector('mjx-over');
    const parts = [base];
    if (under && tag !== 'mover') parts.push(row(doc, childParts(doc, under)));
    if (over && tag !== 'munder') parts.push(row(doc, childParts(doc, over)));
    const shape = parts.length === 3 ? 'munderover' : under && tag !== 'mover' ? 'munder' : 'mover';
    return parts.length === 1 ? [base] : [mathml(doc, shape, parts)];
  }
  const parts = childParts(doc, el);
  return ROWS.has(tag) && parts.length > 1 ? [mathml(doc, 'mrow', parts)] : parts;
}

/** MathML for a MathJax CommonHTML formula (`mjx-container` holding `mjx-math`), or null when it was never rendered. */
export function mathFromChtml(container: Element): Element | null {
  const doc = container.ownerDocument;
  const rendered = Array.from(container.children).find((c) => c.localName === 'mjx-math');
  if (!rendered) return null;
  const parts = childParts(doc, rendered);
  if (parts.length === 0) return null;
  const math = mathml(doc, 'math', parts);
  if (container.getAttribute('display') === 'true') math.setAttribute('display', 'block');
  return math;
}
