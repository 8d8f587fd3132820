import { normaliseSpace } from '../../../src/snapshot/text';

/** Elements after which text starts a new line: without them, adjacent paragraphs would run into one word. */
const BLOCK_TAGS = new Set([
  'address', 'article', 'aside', 'blockquote', 'br', 'dd', 'details', 'div', 'dl', 'dt', 'figcaption', 'figure',
  'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section',
  'summary', 'table', 'td', 'th', 'tr', 'ul',
]);

/** Plain text of an HTML fragment with one line per block, without layout (works in any DOM). */
export function htmlToText(html: string, doc: Document): string {
  const root = doc.createElement('div');
  root.innerHTML = html;
  const lines: string[] = [];
  let line = '';
  const breakLine = () => {
    const text = normaliseSpace(line);
    if (text) lines.push(text);
    line = '';
  };
  const visit = (node: Node): void => {
    if (node.nodeType === 3) {
      line += node.textContent ?? '';
      return;
    }
    if (node.nodeType !== 1) return;
    const tag = (node as Element).localName;
    if (tag === 'script' || tag === 'style' || tag === 'template') return;
    const block = BLOCK_TAGS.has(tag);
    if (block) breakLine();
    for (const child of node.childNodes) visit(child);
    if (block) breakLine();
  };
  visit(root);
  breakLine();
  return lines.join('\n');
}
