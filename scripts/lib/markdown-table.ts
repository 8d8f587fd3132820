/** Plain GitHub-flavoured Markdown tables. */
export function markdownTable(header: string[], rows: string[][], rightAlignFrom = 1): string {
  const align = header.map((_, i) => (i >= rightAlignFrom ? '---:' : '---'));
  const line = (cells: string[]): string => `| ${cells.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(header), line(align), ...rows.map(line)].join('\n');
}
