import { nodeEnclosedWhere } from '../boilerplate/ancestry';
import type { Block, PageSnapshot, SnapshotNode } from '../snapshot/types';

/**
 * Text on the page for screen readers only, which the product profile never brings back as content (issue 38,
 * bench/results/2026-11-28-page-type-failures.md): a gallery button's label, a count of pictures, a whole menu kept
 * for assistive technology. The site's stylesheet clips it to one pixel; read without it (a saved page, a page whose styles have not
 * loaded) it shows in full.
 *
 * The class names sites and CSS frameworks give it: Bootstrap's and Tailwind's `sr-only`, `visually-hidden`,
 * WordPress's `screen-reader-text`, Drupal's `element-invisible`.
 */
const SCREEN_READER_HINT = /(?:^|[\s_-])(?:sr-only|sr-text|visually-?hidden|visuallyhidden|screen-?reader(?:-text|-only)?|screenreader|a11y-hidden|assistive-text|hidden-visually|element-invisible)(?:$|[\s_-])/;
const screenReaderTest = () => (node: SnapshotNode) => SCREEN_READER_HINT.test(node.hint);

export function inScreenReaderText(snapshot: PageSnapshot, block: Block): boolean {
  return nodeEnclosedWhere(snapshot, block.node, 'page-type:screen-reader-text', screenReaderTest);
}
