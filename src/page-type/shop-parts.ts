import { nodeEnclosedWhere } from '../boilerplate/ancestry';
import type { Block, PageSnapshot, SnapshotNode } from '../snapshot/types';

/**
 * The shop's widgets around a product (the cart and its drawer, a quick-order list of variants, wish lists, quick
 * views, store pick-up panels) and the panels it opens over the page: controls, not content.
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
