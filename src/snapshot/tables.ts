/**
 * Data tables are kept whole as one block; layout tables (old pages lay out columns with them) are walked
 * through like divs. The tests follow Readability's _markDataTables, simplified.
 */
const MIN_DATA_ROWS = 2;
const MIN_DATA_COLUMNS = 2;
const MANY_ROWS = 10;
const MANY_COLUMNS = 4;

export function isDataTable(table: HTMLTableElement): boolean {
  if (table.getAttribute('role') === 'presentation' || table.getAttribute('datatable') === '0') return false;
  if (table.querySelector('table')) return false;
  if (table.querySelector('div, p, ul, ol, h1, h2, h3, article, section, form, iframe, nav')) return false;
  if (table.getAttribute('summary') || table.caption || table.tHead || table.tFoot || table.querySelector('th, col, colgroup')) return true;
  const rows = table.rows.length;
  let columns = 0;
  for (let i = 0; i < Math.min(rows, 20); i++) columns = Math.max(columns, table.rows[i]?.cells.length ?? 0);
  if (rows >= MANY_ROWS || columns > MANY_COLUMNS) return true;
  return rows >= MIN_DATA_ROWS && columns >= MIN_DATA_COLUMNS && (table.textContent ?? '').length < 2000;
}
