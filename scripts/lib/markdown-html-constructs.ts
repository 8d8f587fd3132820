/**
 * The constructs an expected article given as HTML holds (Readability's test pages), counted as markdown-constructs.ts
 * counts them in Markdown: formulas (<math>, and a formula drawn as a picture), code blocks (<pre>), images, tables
 * of data (a grid of two or more rows and columns holding no table, no heading and no paragraph: Readability keeps
 * layout tables too, which a Markdown export rightly flattens) and headings. Footnotes are not counted: plain HTML
 * does not say which list is the notes.
 */
import { Window } from 'happy-dom';
import { texOfImage } from '../../src/render/tex-images';
import type { ConstructCounts } from './markdown-constructs';

function documentOf(html: string): Document {
  const window = new Window();
  window.document.body.innerHTML = html;
  return window.document as unknown as Document;
}

function isGrid(table: Element): boolean {
  if (table.getAttribute('role') === 'presentation' || table.querySelector('table, h1, h2, h3, h4, h5, h6, p')) return false;
  const rows = Array.from(table.querySelectorAll('tr'));
  return rows.length >= 2 && Math.max(...rows.map((r) => r.querySelectorAll('td, th').length)) >= 2;
}

/** A math renderer's address: a path segment naming it (Wikimedia's `/media/math/render/`, `/latex/`, `/mathtex/`). */
const MATH_RENDERER_PATH = /\/(?:math|latex|tex|mathtex)\//i;

/**
 * A formula drawn as a picture: its TeX in its alt text or URL (as the export reads it back, src/render/tex-images.ts),
 * or a math renderer's picture (a single letter's alt, "A", holds no TeX), or the fallback beside its MathML. It is a
 * formula, which an export rightly writes as TeX, not a picture.
 */
function isFormulaPicture(img: Element): boolean {
  return texOfImage(img) !== null || MATH_RENDERER_PATH.test(img.getAttribute('src') ?? '') || besideMathML(img);
}

function besideMathML(img: Element): boolean {
  return img.parentElement?.querySelector('math') != null;
}

const outermost = (els: Element[], selector: string) => els.filter((el) => el.parentElement?.closest(selector) == null);

export function countHtmlConstructs(html: string): ConstructCounts {
  const doc = documentOf(html);
  const all = (selector: string) => Array.from(doc.body.querySelectorAll(selector));
  const pictures = all('img').filter((img) => (img.getAttribute('src') ?? img.getAttribute('srcset') ?? img.getAttribute('data-src') ?? '').trim() !== '');
  const formulaPictures = pictures.filter(isFormulaPicture);
  // A fallback beside its MathML is the formula the <math> already counts.
  const withoutMathML = formulaPictures.filter((img) => !besideMathML(img));
  return {
    footnotes: 0,
    formulas: outermost(all('math'), 'math').length + withoutMathML.length,
    'code fences': outermost(all('pre'), 'pre').length,
    images: pictures.length - formulaPictures.length,
    tables: all('table').filter(isGrid).length,
    headings: all('h1, h2, h3, h4, h5, h6').filter((h) => (h.textContent ?? '').trim() !== '').length,
  };
}

/** Characters of the expected article's text, whitespace collapsed. */
export function htmlArticleChars(html: string): number {
  return (documentOf(html).body.textContent ?? '').replace(/\s+/g, ' ').trim().length;
}
