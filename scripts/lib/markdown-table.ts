/** Plain GitHub-flavoured Markdown tables. */
export function markdownTable(header: string[], rows: string[][], rightAlignFrom = 1): string {
  const align = header.map((_, i) => (i >= rightAlignFrom ? '---:' : '---'));
  const line = (cells: string[]): string => `| ${cells.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(header), line(align), ...rows.map(line)].join('\n');
}

/** A score in a table cell: three decimals, or a dash where there is no value. */
export const fixed = (n: number): string => (Number.isNaN(n) ? '–' : n.toFixed(3));
