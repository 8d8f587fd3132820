/**
 * Where a block sits relative to the article on a page laid out with its own styles: above it at the top of the
 * page (site header), beside it (sidebar), below it at the foot of the page (site footer). Only for pages whose
 * stylesheets loaded: unstyled, everything is one column.
 */
import type { Block } from '../snapshot/types';
import type { Classification } from './classify';
import type { PageView } from './page-view';

const TOP_BAND = 250; // px from the top of the document
const BOTTOM_BAND = 600; // px from the bottom of the document

export function classifyByPosition(block: Block, page: PageView): Classification | null {
  const { snapshot, container } = page;
  if (!snapshot.styled || container < 0 || block.rect.width <= 0 || block.rect.height <= 0) return null;
  const article = snapshot.nodes[container]!.rect;
  const b = block.rect;
  const bottom = b.y + b.height;
  if (bottom <= article.y + 1 && b.y < TOP_BAND) return { cause: 'site-header', evidence: 'above the article, at the top of the page' };
  const verticalOverlap = Math.min(bottom, article.y + article.height) - Math.max(b.y, article.y);
  if (verticalOverlap > 0) {
    if (b.x + b.width <= article.x + 1) return { cause: 'sidebar', evidence: 'beside the article, to its left' };
    if (b.x >= article.x + article.width - 1) return { cause: 'sidebar', evidence: 'beside the article, to its right' };
  }
  if (b.y >= article.y + article.height - 1 && b.y >= snapshot.document.height - BOTTOM_BAND) {
    return { cause: 'site-footer', evidence: 'below the article, at the foot of the page' };
  }
  return null;
}
