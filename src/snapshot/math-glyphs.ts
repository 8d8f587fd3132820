/**
 * The characters of a MathJax CommonHTML formula: each glyph is an `mjx-c` whose class holds its code point
 * (`mjx-c1D467` is 𝑧), its shape often drawn by the stylesheet with no text in the page. Mathematical italic letters
 * (what MathJax draws for a variable) come back as the plain letters TeX writes.
 */
const INVISIBLE = /[\u2061-\u2064]/g;

function plainLetter(cp: number): string {
  if (cp === 0x210e) return 'h';
  if (cp >= 0x1d434 && cp <= 0x1d44d) return String.fromCharCode(65 + cp - 0x1d434);
  if (cp >= 0x1d44e && cp <= 0x1d467) return String.fromCharCode(97 + cp - 0x1d44e);
  if (cp >= 0x1d6e2 && cp <= 0x1d6fa) return String.fromCharCode(0x391 + cp - 0x1d6e2);
  if (cp >= 0x1d6fc && cp <= 0x1d714) return String.fromCharCode(0x3b1 + cp - 0x1d6fc);
  return String.fromCodePoint(cp);
}

/** The text of `el`'s glyphs (its text content when it has no `mjx-c`), invisible operators left out. */
export function mathGlyphText(el: Element): string {
  const chars = Array.from(el.getElementsByTagName('mjx-c'));
  if (chars.length === 0) return el.textContent ?? '';
  return chars
    .map((c) => {
      const cp = /(?:^|\s)mjx-c([0-9A-F]+)(?:\s|$)/i.exec(c.getAttribute('class') ?? '')?.[1];
      const text = c.textContent ?? '';
      const point = cp ? parseInt(cp, 16) : text.codePointAt(0);
      return point === undefined ? text : plainLetter(point);
    })
    .join('')
    .replace(INVISIBLE, '');
}
