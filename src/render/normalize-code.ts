/**
 * Code blocks: highlighters spread the language over classes and attributes in many ways. Before presentational
 * classes are stripped, every <pre> gets a single <code class="language-x"> child (when the language is known) so the
 * reader can style it and the Markdown export can fence it with the language.
 */

const LANGUAGE_PATTERNS: RegExp[] = [
  /(?:^|\s)(?:language|lang)-([\w#+.-]+)/i,
  /(?:^|\s)highlight-(?:text|source)-([\w#+.-]+)/i,
  /(?:^|\s)brush:\s*([\w#+.-]+)/i,
  /(?:^|\s)sourceCode\s+([\w#+.-]+)/,
];
const NOT_LANGUAGES = new Set(['none', 'plain', 'plaintext', 'text', 'txt', 'nohighlight', 'highlight', 'hljs']);

function languageOf(el: Element | null): string | null {
  if (!el) return null;
  const attr = el.getAttribute('data-lang') ?? el.getAttribute('data-language');
  if (attr && /^[\w#+.-]+$/.test(attr)) return attr.toLowerCase();
  const cls = el.getAttribute('class') ?? '';
  for (const pattern of LANGUAGE_PATTERNS) {
    const m = pattern.exec(cls);
    if (m?.[1]) return m[1].toLowerCase();
  }
  return null;
}

/** The language class of a code element ("language-ts"), as kept by the attribute cleaner. */
export const CODE_LANGUAGE_CLASS = /^language-[\w#+.-]+$/;

export function normalizeCode(root: Element): void {
  for (const pre of Array.from(root.querySelectorAll('pre'))) {
    const codeChild = Array.from(pre.children).find((c) => c.localName === 'code') ?? null;
    const language =
      languageOf(codeChild) ?? languageOf(pre) ?? languageOf(pre.parentElement) ?? languageOf(pre.parentElement?.parentElement ?? null);
    let code = codeChild;
    const onlyChild = pre.childElementCount === 1 && (pre.textContent ?? '').trim() === (codeChild?.textContent ?? '').trim();
    if (!code || !onlyChild) {
      // Wrap everything in one <code> so that the block is a single code run.
      code = pre.ownerDocument.createElement('code');
      code.append(...Array.from(pre.childNodes));
      pre.append(code);
    }
    code.removeAttribute('class');
    if (language && !NOT_LANGUAGES.has(language)) code.setAttribute('class', `language-${language}`);
  }
}
