/**
 * Code blocks: highlighters spread the language over classes and attributes in many ways (Prism, highlight.js,
 * Shiki, Chroma, Pygments, Rouge, GitHub, Pandoc, SyntaxHighlighter), and add line numbers and copy buttons that are
 * not code. Before presentational classes are stripped, line-number gutters and copy buttons go, and every <pre> gets
 * a single <code class="language-x"> child (when the language is known) so the reader can style it and the Markdown
 * export can fence it with the language.
 */

const LANGUAGE_PATTERNS: RegExp[] = [
  /(?:^|\s)(?:language|lang)-([\w#+.-]+)/i,
  /(?:^|\s)highlight-(?:text|source)-([\w#+.-]+)/i,
  /(?:^|\s)brush:\s*([\w#+.-]+)/i,
  /(?:^|\s)sourceCode\s+([\w#+.-]+)/,
  // Sphinx / Pygments wrappers: "highlight-python notranslate"
  /(?:^|\s)highlight-([a-z][\w#+.-]*)/i,
  // highlight.js before v10 and some themes: <code class="hljs python">
  /(?:^|\s)hljs\s+([a-z][\w#+.-]*)/i,
  // Lean/Verso: <code class="hl lean block">
  /(?:^|\s)hl\s+([a-z][\w#+.-]*)/i,
];
/** Classes that are never a language name (a bare class after "hljs", or a highlight-* that is not one). */
const NOT_LANGUAGES = new Set([
  'none', 'plain', 'plaintext', 'text', 'txt', 'nohighlight', 'highlight', 'hljs', 'source', 'notranslate',
  'default', 'table', 'chroma', 'shiki', 'line', 'lines', 'numbers', 'wrapper', 'code', 'block', 'container',
]);

/** Line-number gutters (Pygments, Rouge, Chroma, highlight.js line numbers, Prism, CodeMirror) and copy buttons. */
const GUTTERS =
  '.linenos, .lineno, .linenodiv, .ln, .lnt, .gutter, .rouge-gutter, .line-numbers-rows, .hljs-ln-numbers, .line-number, .line-numbers:not(pre):not(code), .CodeMirror-linenumber, [data-line-number]:empty';
const COPY_CONTROLS = 'button, clipboard-copy, .copy, .copy-button, .copy-code-button, .code-copy, .zeroclipboard-container, [class*="copy-to-clipboard"], [aria-label*="copy" i]';
/** Tables some highlighters lay out as gutter | code. */
const GUTTER_TABLE_CELLS = 'td.linenos, td.rouge-gutter, td.gutter, td.lntd:first-child, td.hljs-ln-numbers, td.code-gutter';

function languageOf(el: Element | null): string | null {
  if (!el) return null;
  const attr = el.getAttribute('data-lang') ?? el.getAttribute('data-language');
  if (attr && /^[\w#+.-]+$/.test(attr) && !NOT_LANGUAGES.has(attr.toLowerCase())) return attr.toLowerCase();
  const cls = el.getAttribute('class') ?? '';
  for (const pattern of LANGUAGE_PATTERNS) {
    const m = pattern.exec(cls);
    const lang = m?.[1]?.toLowerCase();
    if (lang && !NOT_LANGUAGES.has(lang)) return lang;
  }
  return null;
}

/** The language class of a code element ("language-ts"), as kept by the attribute cleaner. */
export const CODE_LANGUAGE_CLASS = /^language-[\w#+.-]+$/;

/** A gutter | code table becomes the code's <pre> (keeping the block marker of whatever held the code). */
function unwrapGutterTables(root: Element): void {
  for (const gutter of Array.from(root.querySelectorAll(GUTTER_TABLE_CELLS))) {
    const table = gutter.closest('table');
    if (!table?.isConnected) continue;
    const codePre = Array.from(table.querySelectorAll('pre')).find((pre) => !gutter.contains(pre));
    if (!codePre) continue;
    const language = languageOf(table) ?? languageOf(table.parentElement) ?? languageOf(table.parentElement?.parentElement ?? null);
    if (language && !languageOf(codePre) && !languageOf(codePre.querySelector('code'))) codePre.setAttribute('data-lang', language);
    const block = codePre.getAttribute('data-pith-block') ?? table.getAttribute('data-pith-block');
    if (block !== null) codePre.setAttribute('data-pith-block', block);
    table.replaceWith(codePre);
  }
}

/** A row's line-number cell: a gutter class, or a cell holding nothing but a number (or nothing: CSS draws it). */
const LINE_NUMBER_CELL = /(?:^|[\s_-])(?:hljs-ln-numbers|blob-num|line-?numbers?|line-?num|lineno|linenos|ln-num|gutter)(?:$|[\s_-])/i;

function isLineNumberCell(cell: Element): boolean {
  const text = (cell.textContent ?? '').trim();
  if (LINE_NUMBER_CELL.test(cell.getAttribute('class') ?? '')) return /^\d*$/.test(text);
  return cell.hasAttribute('data-line-number') && /^\d*$/.test(text);
}

/**
 * Tables with one source line per row and its number in the first cell (highlight.js line numbers "hljs-ln",
 * GitHub and Gist file views, many blog themes) become one code block, a line per row, without the numbers.
 */
function unwrapLineTables(root: Element): void {
  for (const table of Array.from(root.querySelectorAll('table'))) {
    if (!table.isConnected) continue;
    const rows = Array.from(table.rows);
    const numbered = rows.length > 0 && rows.every((row) => row.cells.length === 2 && isLineNumberCell(row.cells[0]));
    if (!numbered) continue;
    const doc = table.ownerDocument;
    const code = doc.createElement('code');
    code.textContent = rows.map((row) => (row.cells[1].textContent ?? '').replace(/\n$/, '')).join('\n');
    const pre = table.closest('pre');
    // Whichever element the snapshot marked as the block (the table, a row, a cell) lends its marker to the code.
    const marker = table.getAttribute('data-pith-block') ?? table.querySelector('[data-pith-block]')?.getAttribute('data-pith-block') ?? null;
    const language = languageOf(pre?.querySelector('code') ?? null) ?? languageOf(table) ?? languageOf(table.parentElement);
    if (language) code.setAttribute('data-lang', language);
    if (pre) {
      // hljs-ln: <pre><code class="hljs language-x"><table>…</table></code></pre>
      pre.replaceChildren(code);
      if (marker !== null && !pre.closest('[data-pith-block]')) pre.setAttribute('data-pith-block', marker);
      continue;
    }
    const block = doc.createElement('pre');
    if (marker !== null) block.setAttribute('data-pith-block', marker);
    block.append(code);
    table.replaceWith(block);
  }
}

function dropChrome(root: Element): void {
  for (const pre of Array.from(root.querySelectorAll('pre'))) {
    for (const gutter of Array.from(pre.querySelectorAll(GUTTERS))) gutter.remove();
    // Copy buttons sit beside the <pre> inside the highlighter's wrapper.
    const wrapper = pre.parentElement;
    if (!wrapper || wrapper === root) continue;
    for (const control of Array.from(wrapper.querySelectorAll(COPY_CONTROLS))) {
      if (!control.contains(pre) && !control.querySelector('pre') && (control.textContent ?? '').trim().length <= 20) control.remove();
    }
  }
}

/** An inline <code> wrapped around a whole <pre> (a highlighter's container) gives way to the <pre>. */
function unwrapOuterCode(root: Element): void {
  for (const outer of Array.from(root.querySelectorAll('code')).filter((c) => c.querySelector('pre') && !c.closest('pre'))) {
    const language = languageOf(outer);
    const pre = outer.querySelector('pre');
    if (language && pre && !languageOf(pre) && !languageOf(pre.querySelector('code'))) pre.setAttribute('data-lang', language);
    const block = outer.getAttribute('data-pith-block');
    if (block !== null && outer.children.length === 1 && !outer.firstElementChild!.hasAttribute('data-pith-block')) outer.firstElementChild!.setAttribute('data-pith-block', block);
    outer.replaceWith(...Array.from(outer.childNodes));
  }
}

/**
 * A <pre> (or its one <code>) laid out as one row element per line, each starting with its number
 * (`<div class="flex-row"><span>1</span><div>code</div></div>`, Chroma's inline line numbers): the numbers go and the
 * rows become lines.
 */
function unwrapNumberedRows(root: Element): void {
  for (const pre of Array.from(root.querySelectorAll('pre'))) {
    const only = pre.childElementCount === 1 ? pre.firstElementChild! : null;
    const box = only?.localName === 'code' && !(pre.textContent ?? '').replace(only.textContent ?? '', '').trim() ? only : pre;
    const rows = Array.from(box.children);
    if (rows.length === 0 || rows.some((r) => !/^(div|span|p)$/.test(r.localName) || r.children.length < 2)) continue;
    const numbered = rows.every((r, i) => /^\d+$/.test((r.firstElementChild?.textContent ?? '').trim()) && (i === 0 || Number(r.firstElementChild?.textContent) === Number(rows[i - 1].firstElementChild?.textContent) + 1));
    if (!numbered) continue;
    for (const r of rows) r.firstElementChild?.remove();
    box.replaceChildren(rows.map((r) => (r.textContent ?? '').replace(/\n$/, '')).join('\n'));
  }
}

/** Elements that put their content inside a line of text: a <code> among them is inline code. */
const INLINE_SIBLINGS = /^(a|abbr|b|cite|code|data|em|i|kbd|mark|q|s|samp|small|span|strong|sub|sup|time|u|var)$/;
/** Classes documentation generators give a <code> they lay out as a block (Lean/Verso "hl lean block"). */
const BLOCK_CODE_CLASS = /(?:^|\s)(?:block|code-block|codeblock)(?:\s|$)/i;

/**
 * A <code> laid out as a block without a <pre> around it (`white-space: pre` on the code itself, a documentation
 * generator's block class): it stands alone (no text or inline element beside it) and either holds several lines or
 * says it is a block. It becomes a <pre> (taking its paragraph's block marker when it was the paragraph's only content).
 */
function preformatLoneCode(root: Element): void {
  for (const code of Array.from(root.querySelectorAll('code'))) {
    if (code.closest('pre, td, th, h1, h2, h3, h4, h5, h6, a, summary') || code.querySelector('pre')) continue;
    const parent = code.parentElement;
    if (!parent) continue;
    const beside = Array.from(parent.childNodes).filter((n) => n !== code && (n.nodeType !== 3 || (n.textContent ?? '').trim()));
    if (beside.some((n) => n.nodeType !== 1 || INLINE_SIBLINGS.test((n as Element).localName))) continue;
    const text = (code.textContent ?? '').replace(/^[ \t]*\n|\n\s*$/g, '');
    const lines = text.split('\n').filter((line) => line.trim()).length;
    if (lines < 2 && !BLOCK_CODE_CLASS.test(code.getAttribute('class') ?? '')) continue;
    const doc = code.ownerDocument;
    const pre = doc.createElement('pre');
    const language = languageOf(code);
    if (language) pre.setAttribute('data-lang', language);
    code.textContent = lines < 2 ? text.replace(/\s+/g, ' ').trim() : text;
    const alone = beside.length === 0 && parent.localName === 'p' && parent !== root;
    const marker = alone ? parent.getAttribute('data-pith-block') : code.getAttribute('data-pith-block');
    if (marker !== null) pre.setAttribute('data-pith-block', marker);
    code.removeAttribute('data-pith-block');
    (alone ? parent : code).replaceWith(pre);
    pre.append(code);
  }
}

export function normalizeCode(root: Element): void {
  preformatLoneCode(root);
  unwrapLineTables(root);
  unwrapGutterTables(root);
  unwrapOuterCode(root);
  unwrapNumberedRows(root);
  dropChrome(root);
  for (const pre of Array.from(root.querySelectorAll('pre'))) {
    const codeChild = Array.from(pre.children).find((c) => c.localName === 'code') ?? null;
    const language =
      languageOf(codeChild) ??
      languageOf(pre) ??
      languageOf(pre.parentElement) ??
      languageOf(pre.parentElement?.parentElement ?? null) ??
      languageOf(pre.closest('figure, [data-language], [data-lang]'));
    let code = codeChild;
    const onlyChild = pre.childElementCount === 1 && (pre.textContent ?? '').trim() === (codeChild?.textContent ?? '').trim();
    if (!code || !onlyChild) {
      // Wrap everything in one <code> so that the block is a single code run.
      code = pre.ownerDocument.createElement('code');
      code.append(...Array.from(pre.childNodes));
      pre.append(code);
    }
    code.removeAttribute('class');
    if (language) code.setAttribute('class', `language-${language}`);
  }
}
