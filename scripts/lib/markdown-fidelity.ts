/**
 * Scores a Markdown export against what its fixture page holds (scripts/lib/markdown-fixtures.ts): per construct,
 * whether the export keeps it as Markdown a note app reads, and whether the export lost any word the reader shows.
 */
import type { Expectations, MarkdownFixture } from './markdown-fixtures';
import { markdownTable } from './markdown-table';

export type Construct = 'footnotes' | 'formulas' | 'code' | 'tables' | 'images' | 'callouts';

export interface PageScore {
  name: string;
  /** Per construct the page has: kept or not, with what was missing. */
  constructs: Partial<Record<Construct, { kept: boolean; missing: string[] }>>;
  /** Words the reader shows that the Markdown lacks. */
  lostWords: string[];
  error?: string;
}

const squeeze = (s: string): string => s.replace(/\s+/g, '');
/** A literal string inside a RegExp. */
const literal = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function fences(md: string): { lang: string; body: string }[] {
  return Array.from(md.matchAll(/^(`{3,})([\w#+.-]*)\n([\s\S]*?)\n\1$/gm), (m) => ({ lang: m[2], body: m[3] }));
}

function checkFootnotes(md: string, notes: string[], citedAfter?: string[]): string[] {
  const missing: string[] = [];
  const [body] = md.split(/\n\[\^1\]: /);
  const sentence = body.split('\n').find((l) => l.includes('The river gauge')) ?? '';
  notes.forEach((text, i) => {
    const n = i + 1;
    const after = citedAfter?.[i];
    if (after ? !body.includes(`${after}[^${n}]`) : !sentence.includes(`[^${n}]`)) missing.push(`reference [^${n}] in its sentence`);
    if (!new RegExp(`^\\[\\^${n}\\]: ${literal(text)}\\s*$`, 'm').test(md)) missing.push(`definition [^${n}]: ${text}`);
  });
  return missing;
}

function checkFormulas(md: string, formulas: NonNullable<Expectations['formulas']>): string[] {
  const flat = squeeze(md);
  // An inline formula stays in its sentence: on the same line as the words before it, not a paragraph of its own.
  const lines = md.split('\n').map(squeeze);
  return formulas
    .filter(({ tex, inlineAfter }) =>
      inlineAfter ? !lines.some((l) => l.includes(squeeze(`${inlineAfter}$${tex}$`))) : !flat.includes(squeeze(`$$${tex}$$`)),
    )
    .map(({ tex, inlineAfter }) => (inlineAfter ? `inline $${tex}$ after "${inlineAfter}"` : `display $$${tex}$$`));
}

function checkCode(md: string, code: NonNullable<Expectations['code']>): string[] {
  const found = fences(md);
  return code
    .filter(({ lang, text }) => !found.some((f) => f.lang === lang && f.body === text))
    .map(({ lang }) => `\`\`\`${lang} block with the code as written (found: ${found.map((f) => f.lang || '(none)').join(', ') || 'no fence'})`);
}

function checkTables(md: string, tables: NonNullable<Expectations['tables']>): string[] {
  return tables
    .filter((t) =>
      t.header
        ? !md.includes(`| ${t.header.join(' | ')} |\n| --- |`)
        : !(md.includes('<table') && md.includes(t.html ?? '')),
    )
    .map((t) => (t.header ? `GFM header | ${t.header.join(' | ')} |` : `HTML table with "${t.html}"`));
}

function checkImages(md: string, images: NonNullable<Expectations['images']>): string[] {
  return images
    .filter(({ alt, src }) => !new RegExp(`!\\[${literal(alt)}\\]\\(https?://[^)\\s]*${literal(src)}`).test(md))
    .map(({ alt, src }) => `![${alt}](…${src})`);
}

function checkAbsentImages(md: string, sources: string[]): string[] {
  return sources.filter((src) => new RegExp(`!\\[[^\\]]*\\]\\([^)\\s]*${literal(src)}`).test(md)).map((src) => `no image …${src}`);
}

function checkCallouts(md: string, callouts: NonNullable<Expectations['callouts']>): string[] {
  return callouts
    .filter(({ kind, text }) => !new RegExp(`^> \\[!${literal(kind)}\\][^\\n]*\\n(?:>[^\\n]*\\n)*> ${literal(text)}`, 'm').test(md))
    .map(({ kind }) => `> [!${kind}] block with its text`);
}

const WORD = /[\p{L}\p{N}]+/gu;

/** Words of the reader's text (formulas excluded: the export writes them as TeX) missing from the Markdown. */
export function lostWords(readerText: string, md: string): string[] {
  const have = new Map<string, number>();
  for (const w of md.toLowerCase().match(WORD) ?? []) have.set(w, (have.get(w) ?? 0) + 1);
  const lost: string[] = [];
  for (const w of readerText.toLowerCase().match(WORD) ?? []) {
    const n = have.get(w) ?? 0;
    if (n > 0) have.set(w, n - 1);
    else lost.push(w);
  }
  return lost;
}

export function scorePage(fixture: MarkdownFixture, md: string, readerText: string): PageScore {
  const e = fixture.expect;
  const constructs: PageScore['constructs'] = {};
  const put = (c: Construct, missing: string[]) => {
    constructs[c] = { kept: missing.length === 0, missing };
  };
  if (e.footnotes) put('footnotes', checkFootnotes(md, e.footnotes, e.footnotesCitedAfter));
  if (e.formulas) put('formulas', checkFormulas(md, e.formulas));
  if (e.code) put('code', checkCode(md, e.code));
  if (e.tables) put('tables', checkTables(md, e.tables));
  if (e.images || e.imagesAbsent) put('images', [...checkImages(md, e.images ?? []), ...checkAbsentImages(md, e.imagesAbsent ?? [])]);
  if (e.callouts) put('callouts', checkCallouts(md, e.callouts));
  return { name: fixture.name, constructs, lostWords: lostWords(readerText, md) };
}

const CONSTRUCT_LABELS: Record<Construct, string> = {
  footnotes: 'footnotes as Markdown footnotes',
  formulas: 'formulas as $…$ / $$…$$ (inline in their sentence)',
  code: 'code fences with the right language',
  tables: 'tables (GFM, or HTML when spans)',
  images: 'images with alt and absolute src',
  callouts: 'callouts as > [!kind]',
};

export function fidelityReport(scores: PageScore[], title: string): string {
  const rows: string[][] = [];
  for (const construct of Object.keys(CONSTRUCT_LABELS) as Construct[]) {
    const pages = scores.filter((s) => s.constructs[construct]);
    if (pages.length === 0) continue;
    const kept = pages.filter((s) => s.constructs[construct]?.kept).length;
    rows.push([CONSTRUCT_LABELS[construct], String(pages.length), String(kept), `${((100 * kept) / pages.length).toFixed(1)} %`]);
  }
  const lossless = scores.filter((s) => !s.error && s.lostWords.length === 0).length;
  rows.push(['no word the reader shows is lost', String(scores.length), String(lossless), `${((100 * lossless) / scores.length).toFixed(1)} %`]);
  const lines = [`## ${title}`, '', markdownTable(['construct', 'pages', 'kept', 'share'], rows), ''];
  const failures = scores.filter((s) => s.error || s.lostWords.length > 0 || Object.values(s.constructs).some((c) => !c?.kept));
  if (failures.length > 0) {
    lines.push('Pages that lose something:', '');
    for (const s of failures) {
      const missing = Object.values(s.constructs).flatMap((c) => c?.missing ?? []);
      if (s.error) missing.push(`error: ${s.error}`);
      if (s.lostWords.length > 0) missing.push(`lost words: ${s.lostWords.slice(0, 12).join(' ')}`);
      lines.push(`- ${s.name}: ${missing.join('; ')}`);
    }
    lines.push('');
  }
  return lines.join('\n');
}
