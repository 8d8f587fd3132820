/**
 * The constructs an expected article given as HTML holds (Readability's test pages), counted as markdown-constructs.ts
 * counts them in Markdown: formulas (<math>), code blocks (<pre>), images, data tables (the snapshot's own test, so
 * a layout table Readability keeps is not counted as a table Pith should export) and headings. Footnotes are not
 * counted: plain HTML does not say which list is the notes.
 */
import { Window } from 'happy-dom';
import { isDataTable } from '../../src/snapshot/tables';
import type { ConstructCounts } from './markdown-constructs';

function documentOf(html: string): Document {
  const window = new Window();
  window.document.body.innerHTML = html;
  return window.document as unknown as Document;
}

const outermost = (els: Element[], selector: string) => els.filter((el) => el.parentElement?.closest(selector) == null);

export function countHtmlConstructs(html: string): ConstructCounts {
  const doc = documentOf(html);
  const all = (selector: string) => Array.from(doc.body.querySelectorAll(selector));
  const images = all('img').filter((img) => (img.getAttribute('src') ?? img.getAttribute('srcset') ?? img.getAttribute('data-src') ?? '').trim() !== '');
  return {
    footnotes: 0,
    formulas: outermost(all('math'), 'math').length,
    'code fences': outermost(all('pre'), 'pre').length,
    images: images.length,
    tables: all('table').filter((t) => isDataTable(t as HTMLTableElement)).length,
    headings: all('h1, h2, h3, h4, h5, h6').filter((h) => (h.textContent ?? '').trim() !== '').length,
  };
}

/** Characters of the expected article's text, whitespace collapsed. */
export function htmlArticleChars(html: string): number {
  return (documentOf(html).body.textContent ?? '').replace(/\s+/g, ' ').trim().length;
}
