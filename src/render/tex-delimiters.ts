/**
 * TeX left in the text for a script to typeset (MathJax's and KaTeX auto-render's default delimiters: `\(…\)` inline,
 * `\[…\]` and `$$…$$` display). Before the script runs, or where it never runs (saved pages, scripts blocked), the
 * page holds the raw source; each delimited formula becomes a `[data-pith-tex]` span that normalize-math.ts turns
 * into MathML. A single `$…$` is left as text: neither renderer reads it by default, and prices use it.
 */
const DELIMITED = /\\\(([\s\S]+?)\\\)|\\\[([\s\S]+?)\\\]|\$\$([\s\S]+?)\$\$/g;
/** `$$…$$` counts as TeX only with TeX's marks inside ("$$5 or $$10" is money). */
const TEX_MARKS = /[\\^_{}=]/;
const NOT_TEXT = 'pre, code, kbd, samp, script, style, textarea, math, [data-pith-tex], span.math, .katex, mjx-container, .MathJax';
const MAX_TEX = 2000;

export function markDelimitedTex(root: Element): void {
  const doc = root.ownerDocument;
  const walker = doc.createTreeWalker(root, 4 /* text */);
  const found: Text[] = [];
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    if ((node.data.includes('\\') || node.data.includes('$$')) && !node.parentElement?.closest(NOT_TEXT)) found.push(node);
  }
  for (const node of found) {
    const parts: Node[] = [];
    let last = 0;
    for (const m of node.data.matchAll(DELIMITED)) {
      const tex = (m[1] ?? m[2] ?? m[3] ?? '').trim();
      if (!tex || tex.length > MAX_TEX || (m[3] !== undefined && !TEX_MARKS.test(tex))) continue;
      const span = doc.createElement('span');
      span.setAttribute('data-pith-tex', tex);
      if (m[1] === undefined) span.setAttribute('data-pith-tex-display', '');
      span.textContent = m[0];
      parts.push(doc.createTextNode(node.data.slice(last, m.index)), span);
      last = (m.index ?? 0) + m[0].length;
    }
    if (parts.length === 0) continue;
    parts.push(doc.createTextNode(node.data.slice(last)));
    node.replaceWith(...parts);
  }
}
