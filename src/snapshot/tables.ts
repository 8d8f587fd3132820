/**
 * Data tables are kept whole as one block; layout tables (old pages lay out columns with them) are walked
 * through like divs. The tests follow Readability's _markDataTables, simplified.
 */
const MIN_DATA_ROWS = 2;
const MIN_DATA_COLUMNS = 2;
const MANY_ROWS = 10;
const MANY_COLUMNS = 4;

/** Page structure no data cell holds: a table holding it lays out the page. */
const LAYOUT_CONTENT = 'h1, h2, h3, article, section, form, iframe, nav';
/** Blocks a layout table's cells hold, and a data table's cells only as wrappers (a styled cell, a list of points). */
const BLOCK_CONTENT = 'div, p, ul, ol';

/**
 * Whether the table opens with a row of two or more column headers (in <thead> or the first body row), after any
 * title rows: one cell across the table, as infobox-style tables name themselves above their headers.
 */
function hasHeaderRow(table: HTMLTableElement): boolean {
  const rows = Array.from(table.rows);
  let first = 0;
  while (first < rows.length && rows[first]!.cells.length === 1) first++;
  const header = rows[first];
  if (!header || rows.length - first < MIN_DATA_ROWS || header.cells.length < MIN_DATA_COLUMNS) return false;
  return Array.from(header.cells).every((cell) => cell.localName === 'th');
}

/**
 * Whether every row of two or more cells opens with a header cell naming its values ("Founded | 1998"), as an
 * infobox does; rows of one cell (a title, a picture, a section name) are passed over.
 */
function hasRowHeaders(table: HTMLTableElement): boolean {
  const rows = Array.from(table.rows).filter((row) => row.cells.length >= MIN_DATA_COLUMNS);
  if (rows.length < MIN_DATA_ROWS) return false;
  return rows.every((row) => row.cells[0]!.localName === 'th' && Array.from(row.cells).slice(1).every((cell) => cell.localName === 'td'));
}

export function isDataTable(table: HTMLTableElement): boolean {
  if (table.getAttribute('role') === 'presentation' || table.getAttribute('datatable') === '0') return false;
  if (table.querySelector('table')) return false;
  if (table.querySelector(LAYOUT_CONTENT)) return false;
  // Cells wrapped in <div>s (as components render them) under a row of column headers, or beside a header cell per
  // row, are still data.
  if (table.querySelector(BLOCK_CONTENT) && !hasHeaderRow(table) && !hasRowHeaders(table)) return false;
  if (table.getAttribute('summary') || table.caption || table.tHead || table.tFoot || table.querySelector('th, col, colgroup')) return true;
  const rows = table.rows.length;
  let columns = 0;
  for (let i = 0; i < Math.min(rows, 20); i++) columns = Math.max(columns, table.rows[i]?.cells.length ?? 0);
  if (rows >= MANY_ROWS || columns > MANY_COLUMNS) return true;
  return rows >= MIN_DATA_ROWS && columns >= MIN_DATA_COLUMNS && (table.textContent ?? '').length < 2000;
}
