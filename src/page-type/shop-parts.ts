import { isInside, nodeEnclosedWhere } from '../boilerplate/ancestry';
import { isKept } from '../decisions/record';
import type { Decision, DecisionRecord } from '../decisions/types';
import type { Block, PageSnapshot, SnapshotNode } from '../snapshot/types';

/**
 * What a shop's page is made of besides its layout: the product's own description (an element the shop's theme
 * names so) and the shop's widgets around it (the cart and its drawer, a quick-order list of variants, wish lists,
 * quick views, store pick-up panels), which are controls, not content.
 */

/** The cart and its drawer, quick-order lists, wish lists, quick views, store pick-up panels ("carte", "carton", "cartridge" are not carts). */
const SHOP_WIDGET_HINT = /cart(?![eor])|wishlist|basket|checkout|drawer|offcanvas|quick-?view|quick-?order|click-?and-?collect|store-?availability/;
const shopWidgetTest = () => (node: SnapshotNode) => SHOP_WIDGET_HINT.test(node.hint);

export function inShopWidget(snapshot: PageSnapshot, block: Block): boolean {
  return nodeEnclosedWhere(snapshot, block.node, 'page-type:shop-widget', shopWidgetTest);
}

/**
 * Dialogs and side sheets a shop opens over the page (rewards, sign-in, size guides), shown in place when read unstyled.
 * Not a state word of the page around them ("modal-open" on a wrapper while a dialog shows).
 */
const OVERLAY_PANEL_HINT = /\b(modal|sidesheet|side-sheet|dialog|popup|popover|lightbox)\b(?!-(open|opened|active|shown|visible)\b)/;
const overlayPanelTest = () => (node: SnapshotNode) => node.tag === 'dialog' || OVERLAY_PANEL_HINT.test(node.hint);

export function inOverlayPanel(snapshot: PageSnapshot, block: Block): boolean {
  return nodeEnclosedWhere(snapshot, block.node, 'page-type:overlay-panel', overlayPanelTest);
}

/** The element a shop's theme names as the product's description: "product-description", "product__description", "product-single__description". */
const DESCRIPTION_HINT = /(?:^|\s)product[-_]{0,2}(?:single[-_]{0,2})?description(?:\s|$)/;
/** A description worth reading: at least this many characters of visible text. */
export const DESCRIPTION_MIN_CHARS = 200;

function blocksUnder(snapshot: PageSnapshot, node: number): Block[] {
  return snapshot.blocks.filter((b) => b.visible && b.text && isInside(snapshot, b.node, node));
}

/**
 * A product description the structural stages dropped, whatever the page's type: the page's one element named as
 * the product's description, holding `DESCRIPTION_MIN_CHARS` or more characters of which none were kept (on a
 * shop's theme the extractor can take a cart's table of variants for the article). Its blocks come back, and kept
 * blocks inside the shop's widgets go. Null when the page has no such element, or several (a grid of products).
 */
export function missedProductDescription(snapshot: PageSnapshot, record: DecisionRecord): { reason: string; decisions: Decision[] } | null {
  const named = snapshot.nodes.filter((n) => DESCRIPTION_HINT.test(n.hint));
  const descriptions = named.filter((n) => !named.some((o) => o !== n && isInside(snapshot, n.id, o.id)));
  if (descriptions.length !== 1) return null;
  const blocks = blocksUnder(snapshot, descriptions[0].id);
  const chars = blocks.reduce((sum, b) => sum + b.text.length, 0);
  if (chars < DESCRIPTION_MIN_CHARS || blocks.some((b) => isKept(record, b.id))) return null;
  const decisions: Decision[] = blocks.map((b) => ({
    block: b.id,
    kept: true,
    stage: 'page-type',
    reason: `Product page: the product's description (${chars} characters in an element named as it), which the structural stages left out`,
    evidence: { kind: 'main-container', container: descriptions[0].id },
  }));
  let widgets = 0;
  for (const b of snapshot.blocks) {
    if (!b.visible || !isKept(record, b.id) || !inShopWidget(snapshot, b)) continue;
    decisions.push({ block: b.id, kept: false, stage: 'page-type', cause: 'shop-widget', reason: "Product page: shop widget removed (in the shop's cart or order form)", evidence: { kind: 'page-type-profile', found: "in the shop's cart or order form" } });
    widgets++;
  }
  return { reason: `Product description brought back (${blocks.length} blocks, ${chars} characters)${widgets ? `; ${widgets} blocks of the shop's cart or order form removed` : ''}`, decisions };
}

