/**
 * Counts the constructs a Markdown document holds (footnote definitions, formulas, code fences, images, tables,
 * headings), to compare an export with another tool's expected Markdown for the same page: a construct is kept on a
 * page when the export holds at least as many of it as the expected output does.
 */
import { markdownTable } from './markdown-table';

export const CONSTRUCTS = ['footnotes', 'formulas', 'code fences', 'images', 'tables', 'headings'] as const;
export type CountedConstruct = (typeof CONSTRUCTS)[number];
export type ConstructCounts = Record<CountedConstruct, number>;

/** The Markdown without a leading front-matter block (YAML `---` or a ```json metadata fence). */
function withoutPreamble(md: string): string {
  return md.replace(/^---\n[\s\S]*?\n---\n/, '').replace(/^```json\n[\s\S]*?\n```\n/, '');
}

/** A table's delimiter row, also inside a block quote ("> | --- |"), followed by a row of cells. */
const DATA_TABLE_MARKDOWN = /^(?:> ?)*\|?\s*:?-{3,}:?\s*\|[^\n]*\n(?:> ?)*[^\n]*\|/gm;

/**
 * Tables of data: a header and at least one row under it (a table written as HTML: two rows or more), as
 * markdown-html-constructs.ts counts a grid. A table of one row is a layout row that a converter wrote as a table
 * header (a picture beside its legend, a row of symbols), which an export rightly writes as the lines it holds.
 */
function dataTables(prose: string): number {
  const html = Array.from(prose.matchAll(/<table[\s>][\s\S]*?<\/table>/g)).filter((t) => (t[0].match(/<tr[\s>]/g) ?? []).length >= 2);
  return (prose.match(DATA_TABLE_MARKDOWN) ?? []).length + html.length;
}

export function countConstructs(markdown: string): ConstructCounts {
  const md = withoutPreamble(markdown);
  // A fence may sit in a block quote ("> ```js"), its closing line quoted the same way.
  const fences = Array.from(md.matchAll(/^((?:> ?)*) {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?\n\1 {0,3}\2[ \t]*$/gm));
  // Formulas, images and headings are counted outside code.
  const prose = fences.reduce((text, f) => text.replace(f[0], ''), md).replace(/`[^`\n]+`/g, '');
  const display = prose.match(/\$\$[\s\S]+?\$\$/g) ?? [];
  const inline = prose.replace(/\$\$[\s\S]+?\$\$/g, '').match(/(?<![\\$\w])\$(?=\S)[^$\n]+?(?<=\S)\$(?![\w$])/g) ?? [];
  return {
    footnotes: new Set(Array.from(prose.matchAll(/^\[\^([^\]]+)\]:/gm), (m) => m[1])).size,
    formulas: display.length + inline.length,
    'code fences': fences.length,
    // Alt text may hold escaped brackets ("![\[Fig 1\]](…)"); a table written as HTML holds its pictures as <img>.
    images: (prose.match(/!\[(?:\\.|[^\]\\\n])*\]\([^)\s]+/g) ?? []).length + (prose.match(/<img[\s>]/g) ?? []).length,
    tables: dataTables(prose),
    headings: (prose.match(/^#{1,6} \S/gm) ?? []).length,
  };
}

export interface PageCounts {
  name: string;
  expected: ConstructCounts;
  /** Null when the export failed. */
  exported: ConstructCounts | null;
  /** Characters of the exported and the expected article (front matter excluded). */
  exportedChars: number;
  expectedChars: number;
  error?: string;
}

/** Per construct: pages whose expected output has it, and of those the pages whose export has at least as many. */
export function keptShares(pages: PageCounts[]): Record<CountedConstruct, { have: number; kept: number; lost: string[] }> {
  const out = {} as Record<CountedConstruct, { have: number; kept: number; lost: string[] }>;
  for (const c of CONSTRUCTS) {
    const having = pages.filter((p) => p.expected[c] > 0);
    const lost = having.filter((p) => !p.exported || p.exported[c] < p.expected[c]);
    out[c] = { have: having.length, kept: having.length - lost.length, lost: lost.map((p) => `${p.name} (${p.exported?.[c] ?? 'error'}/${p.expected[c]})`) };
  }
  return out;
}

export function keptTable(pages: PageCounts[]): string {
  const shares = keptShares(pages);
  const rows = CONSTRUCTS.map((c) => {
    const { have, kept } = shares[c];
    return [c, `${kept} / ${have}`, have ? `${((100 * kept) / have).toFixed(1)} %` : '–'];
  });
  return markdownTable(['construct', 'pages kept / pages that have it', 'share'], rows);
}

export function keptReport(pages: PageCounts[], title: string): string {
  const shares = keptShares(pages);
  const nearlyEmpty = pages.filter((p) => p.exportedChars < 200 && p.expectedChars >= 400);
  const lines = [`## ${title}`, '', keptTable(pages), ''];
  lines.push(`Pages whose export has under 200 characters where the expected output has 400 or more: ${nearlyEmpty.length ? nearlyEmpty.map((p) => `${p.name} (${p.exportedChars})`).join(', ') : 'none'}.`, '');
  for (const c of CONSTRUCTS) {
    if (shares[c].lost.length === 0) continue;
    lines.push(`- ${c} lost (exported/expected): ${shares[c].lost.join(', ')}`);
  }
  const errors = pages.filter((p) => p.error);
  if (errors.length) lines.push('', `Errors: ${errors.map((p) => `${p.name}: ${p.error}`).join('; ')}`);
  return `${lines.join('\n')}\n`;
}
