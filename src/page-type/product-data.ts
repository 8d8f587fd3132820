import { textBlock } from '../snapshot/text-block';
import type { Block, PageSnapshot } from '../snapshot/types';

/**
 * A product page often hides its specifications (and sometimes its description) behind tabs, where the snapshot
 * does not see them; its JSON-LD `Product` still says them. The lines of that data the article does not already
 * show become blocks of their own, appended to the snapshot's copy under "Product details".
 */
export interface AddedBlocks {
  blocks: Block[];
  html: string;
}

const RECT = { x: 0, y: 0, width: 0, height: 0 };

/** Words only: the page and its JSON-LD often differ in quotes, dashes and spacing (’ against ', "–" against "-"). */
function norm(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
}

/**
 * `inArticle` says which blocks the article keeps: a line the page shows only in a block the article leaves out (a
 * description in a tab strip or a widget the profile skips) is added, or the reader would show it nowhere.
 */
export function productDataBlocks(snapshot: PageSnapshot, inArticle: (block: Block) => boolean = (b) => b.visible): AddedBlocks | null {
  const product = snapshot.metadata.jsonLdProduct;
  if (!product) return null;
  const pageText = norm(snapshot.blocks.filter((b) => b.visible && inArticle(b)).map((b) => b.text).join(' '));
  const shown = (text: string) => pageText.includes(norm(text).slice(0, 80));
  const lines: string[] = [];
  if (product.description && !shown(product.description)) lines.push(product.description);
  if (product.price && !shown(product.price)) lines.push(`Price: ${product.price}${product.priceCurrency ? ` ${product.priceCurrency}` : ''}`);
  for (const [key, value] of Object.entries(product)) {
    if (!key.startsWith('spec:')) continue;
    if (!shown(value) || !shown(key.slice(5))) lines.push(`${key.slice(5)}: ${value}`);
  }
  if (lines.length === 0) return null;
  const make = (offset: number, kind: Block['kind'], tag: string, text: string): Block =>
    textBlock(snapshot.blocks.length + offset, kind, text, {
      path: `body>json-ld:${offset}`,
      tag,
      rect: RECT,
      ...(kind === 'heading' ? { headingLevel: 2 } : {}),
    });
  const blocks = [make(0, 'heading', 'h2', 'Product details'), ...lines.map((line, i) => make(i + 1, 'list-item', 'li', line))];
  const html =
    `<section data-pith-source="json-ld"><h2 data-pith-block="${blocks[0].id}">Product details</h2><ul>` +
    blocks.slice(1).map((b) => `<li data-pith-block="${b.id}">${escapeHtml(b.text)}</li>`).join('') +
    '</ul></section>';
  return { blocks, html };
}

/** The snapshot with the blocks appended: to its block list, and inside the copy's outer element. */
export function withAddedBlocks(snapshot: PageSnapshot, added: AddedBlocks): PageSnapshot {
  const close = snapshot.html.lastIndexOf('</');
  const html = close >= 0 ? `${snapshot.html.slice(0, close)}${added.html}${snapshot.html.slice(close)}` : snapshot.html + added.html;
  return { ...snapshot, blocks: [...snapshot.blocks, ...added.blocks], html };
}
