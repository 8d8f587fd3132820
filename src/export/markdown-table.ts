/**
 * Tables in the Markdown export. A simple data table becomes a GFM table; its header is the <thead> row, or the first
 * row when there is none (GFM needs one). A table GFM cannot hold (row/colspan, lists or code or several paragraphs
 * in a cell, nested tables) is kept as HTML, which every Markdown reader shows.
 */
import type TurndownService from 'turndown';

const BLOCK_IN_CELL = 'table, ul, ol, pre, blockquote, h1, h2, h3, h4, h5, h6, dl';

function isComplex(table: Element): boolean {
  for (const cell of Array.from(table.querySelectorAll('td, th'))) {
    if (Number(cell.getAttribute('rowspan') ?? 1) > 1 || Number(cell.getAttribute('colspan') ?? 1) > 1) return true;
    if (cell.querySelector(BLOCK_IN_CELL) || cell.querySelectorAll('p').length > 1) return true;
  }
  return false;
}

/** HTML for a table Markdown cannot express, without Pith's internal attributes. */
function tableHtml(table: Element): string {
  const copy = table.cloneNode(true) as Element;
  for (const el of [copy, ...Array.from(copy.querySelectorAll('*'))]) {
    for (const attr of Array.from(el.attributes)) if (attr.name.startsWith('data-pith-')) el.removeAttribute(attr.name);
  }
  return copy.outerHTML;
}

function rowsOf(table: Element): Element[] {
  return Array.from(table.querySelectorAll('tr')).filter((tr) => tr.closest('table') === table);
}

export function tableRule(service: TurndownService): TurndownService.Rule {
  const cellMarkdown = (cell: Element): string =>
    service
      .turndown(cell as HTMLElement)
      .trim()
      .replace(/\n+/g, '<br>')
      .replace(/\|/g, '\\|');
  return {
    filter: 'table',
    replacement: (_content, node) => {
      const table = node as Element;
      const caption = table.querySelector('caption')?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
      const captionLine = caption ? `${caption}\n\n` : '';
      if (isComplex(table)) return `\n\n${tableHtml(table)}\n\n`; // its <caption> inside
      const rows = rowsOf(table).map((tr) => Array.from(tr.children).filter((c) => c.localName === 'td' || c.localName === 'th'));
      const nonEmpty = rows.filter((r) => r.length > 0);
      if (nonEmpty.length === 0) return '';
      const headIndex = Math.max(
        0,
        nonEmpty.findIndex((r) => r[0].closest('thead') !== null),
      );
      const [head] = nonEmpty.splice(headIndex, 1);
      const width = Math.max(head.length, ...nonEmpty.map((r) => r.length));
      const line = (cells: string[]): string => `| ${Array.from({ length: width }, (_, i) => cells[i] ?? '').join(' | ')} |`;
      const out = [
        line(head.map(cellMarkdown)),
        line(Array.from({ length: width }, () => '---')),
        ...nonEmpty.map((r) => line(r.map(cellMarkdown))),
      ];
      return `\n\n${captionLine}${out.join('\n')}\n\n`;
    },
  };
}
