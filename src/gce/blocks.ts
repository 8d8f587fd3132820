import type { Block, BlockKind } from '../snapshot/types';

/** Block kinds that count as text leaves for centering (the paper's "text nodes"). */
const TEXT_LEAF_KINDS: ReadonlySet<BlockKind> = new Set<BlockKind>(['text', 'heading', 'list-item', 'quote']);

/** Share of the block's text that is link text (0 for a block without text). */
export function linkTextShare(block: Block): number {
  return block.text.length > 0 ? block.linkTextLength / block.text.length : 0;
}

/** A visible block with text whose link-text share is below gamma: what text-area density counts. */
export function isLowLinkText(block: Block, gamma: number): boolean {
  return block.visible && block.text.length > 0 && linkTextShare(block) < gamma;
}

/** A low-link text block of a text kind: a candidate leaf for centering. */
export function isTextLeaf(block: Block, gamma: number): boolean {
  return TEXT_LEAF_KINDS.has(block.kind) && isLowLinkText(block, gamma);
}

/** No text and no images. Media (a video or an embedded player) has content even without either. */
export function isEmptyBlock(block: Block): boolean {
  return block.text.trim().length === 0 && block.images.length === 0 && block.kind !== 'media';
}
