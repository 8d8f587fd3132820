/**
 * Callouts and admonitions (GitHub alerts, MkDocs/Sphinx/Docusaurus admonitions, Obsidian Publish and Quarto
 * callouts, Bootstrap/Docsy alerts, note/warning asides) become one form: <blockquote data-pith-callout="kind"> with
 * the title marked data-pith-callout-title. The reader shows a quote-like box; the Markdown export writes
 * `> [!kind] Title` as Obsidian and GitHub read it.
 */

export const CALLOUT_ATTR = 'data-pith-callout';
export const CALLOUT_TITLE_ATTR = 'data-pith-callout-title';

const CALLOUT_SELECTOR = [
  '.markdown-alert',
  '.admonition',
  '.theme-admonition',
  '.callout',
  '[data-callout]',
  '.alert',
  'aside.note, aside.tip, aside.warning, aside.caution, aside.important, aside.info',
  'div.note, div.tip, div.warning, div.caution, div.important, div.notice, div.hint',
  '[class*="notice--"]',
].join(', ');
const TITLE_SELECTOR =
  '.markdown-alert-title, .admonition-title, .admonition-heading, [class*="admonitionHeading"], .callout-title, .callout-title-container, .alert-heading, .title';

const KINDS = new Set([
  'note', 'tip', 'important', 'warning', 'caution', 'info', 'danger', 'success', 'question', 'example', 'quote',
  'abstract', 'todo', 'bug', 'failure', 'summary', 'attention', 'hint', 'error', 'seealso', 'check', 'faq',
]);
const ALIASES: Record<string, string> = {
  hint: 'tip', attention: 'warning', error: 'danger', seealso: 'note', check: 'success', faq: 'question',
  primary: 'note', secondary: 'note', light: 'note', dark: 'note', notice: 'note',
};

function kindOf(el: Element): string {
  const explicit = el.getAttribute('data-callout')?.trim().toLowerCase();
  if (explicit) return ALIASES[explicit] ?? explicit;
  const classes = (el.getAttribute('class') ?? '').toLowerCase().split(/\s+/);
  for (const cls of classes) {
    const word = /^(?:markdown-alert-|theme-admonition-|admonition-|callout-|alert-|alert--|notice--)?([a-z]+)$/.exec(cls)?.[1];
    if (!word) continue;
    if (KINDS.has(word)) return ALIASES[word] ?? word;
    if (ALIASES[word] && cls !== word) return ALIASES[word];
  }
  return 'note';
}

/** A candidate is a callout when it is a box of content, not a layout wrapper holding callouts or a whole page. */
function isCallout(el: Element): boolean {
  if (el.querySelector(CALLOUT_SELECTOR)) return false;
  const text = (el.textContent ?? '').trim();
  return text.length > 0 && text.length < 4000 && !el.querySelector('h1, h2, article, main, nav, form');
}

export function normalizeCallouts(root: Element): void {
  const doc = root.ownerDocument;
  for (const el of Array.from(root.querySelectorAll(CALLOUT_SELECTOR))) {
    if (!el.isConnected || el.closest(`[${CALLOUT_ATTR}]`) || !isCallout(el)) continue;
    const quote = doc.createElement('blockquote');
    quote.setAttribute(CALLOUT_ATTR, kindOf(el));
    for (const attr of ['data-pith-block', 'lang', 'dir']) {
      const value = el.getAttribute(attr);
      if (value !== null) quote.setAttribute(attr, value);
    }
    const title = el.querySelector(TITLE_SELECTOR);
    if (title && (title.textContent ?? '').trim()) title.setAttribute(CALLOUT_TITLE_ATTR, '');
    quote.append(...Array.from(el.childNodes));
    el.replaceWith(quote);
  }
}
