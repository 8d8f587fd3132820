/**
 * The constructs an expected article given as HTML holds (Readability's test pages), counted as markdown-constructs.ts
 * counts them in Markdown: formulas (<math>), code blocks (<pre>), images (not a formula's fallback picture), tables
 * of data (a grid of two or more rows and columns holding no table, no heading and no paragraph: Readability keeps
 * layout tables too, which a Markdown export rightly flattens) and headings. Footnotes are not counted: plain HTML
 * does not say which list is the notes.
 */
import { Window } from 'happy-dom';
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

const outermost = (els: Element[], selector: string) => els.filter((el) => el.parentElement?.closest(selector) == null);

export function countHtmlConstructs(html: string): ConstructCounts {
  const doc = documentOf(html);
  const all = (selector: string) => Array.from(doc.body.querySelectorAll(selector));
  // A formula's picture beside its MathML (Wikipedia's fallback image) is that formula, counted once, as a formula.
  const images = all('img').filter((img) => (img.getAttribute('src') ?? img.getAttribute('srcset') ?? img.getAttribute('data-src') ?? '').trim() !== '' && !img.parentElement?.querySelector('math'));
  return {
    footnotes: 0,
    formulas: outermost(all('math'), 'math').length,
    'code fences': outermost(all('pre'), 'pre').length,
    images: images.length,
    tables: all('table').filter(isGrid).length,
    headings: all('h1, h2, h3, h4, h5, h6').filter((h) => (h.textContent ?? '').trim() !== '').length,
  };
}

/** Characters of the expected article's text, whitespace collapsed. */
export function htmlArticleChars(html: string): number {
  return (documentOf(html).body.textContent ?? '').replace(/\s+/g, ' ').trim().length;
}
