/**
 * A picture between the article's paragraphs is part of the article, though the structural extractor can drop it:
 * Readability removes a row of thumbnails whose captions are links ("mostly links"), or a gallery it scores as
 * boilerplate. An image or figure it dropped is kept when it sits inside the article's run of kept blocks (the
 * nearest blocks before and after it, past other pictures and their short captions, are kept) and is large enough
 * to be a picture rather than an icon. A short caption right after a kept picture, in the same wrapper, comes back
 * with it (Readability drops a caption that is mostly a link).
 */
import { isKept } from '../decisions/record';
import type { Decision, DecisionRecord } from '../decisions/types';
import type { Block, PageSnapshot } from '../snapshot/types';
import { droppedByExtractor, keptArticlePart } from './article-part';

/** Smaller than this on its longer side (CSS px) is an icon, an avatar or a badge, not a picture of the article. */
const MIN_PICTURE_SIDE = 120;
/** A caption is a line or two: longer text beside a picture is a paragraph of its own. */
const MAX_CAPTION_CHARS = 200;
/** How many pictures and captions in a row may stand between the picture and the article's kept blocks. */
const MAX_STEPS = 8;

/** An image, a figure or an embedded player or post (a media block), large enough to be part of the article. */
function isPicture(b: Block): boolean {
  if (b.kind !== 'image' && b.kind !== 'figure' && b.kind !== 'media') return false;
  const side = Math.max(b.rect.width, b.rect.height, ...b.images.map((i) => Math.max(i.width, i.height)));
  return (b.images.length > 0 || b.kind === 'media') && side >= MIN_PICTURE_SIDE;
}

/** Whether the first text past the pictures and dropped short captions next to `from` (going `step`) is kept. */
function keptNeighbour(snapshot: PageSnapshot, record: DecisionRecord, from: number, step: 1 | -1): boolean {
  for (let i = from + step, n = 0; i >= 0 && i < snapshot.blocks.length && n < MAX_STEPS; i += step) {
    const b = snapshot.blocks[i];
    if (!b.visible || (!b.text.trim() && b.images.length === 0)) continue;
    n++;
    const picture = b.kind === 'image' || b.kind === 'figure' || b.kind === 'media';
    if (picture) continue; // the next picture of a row or gallery, kept or not, says nothing about the article
    if (isKept(record, b.id)) return true;
    if (b.kind !== 'text' || b.text.length > MAX_CAPTION_CHARS) return false;
  }
  return false;
}

export function figureInTextDecisions(snapshot: PageSnapshot, record: DecisionRecord): Decision[] {
  const parentOf = (node: number) => snapshot.nodes[node]?.parent ?? -1;
  const out: Decision[] = [];
  for (const block of snapshot.blocks) {
    if (!block.visible || block.fixed || !isPicture(block)) continue;
    if (droppedByExtractor(record, block)) {
      if (!keptNeighbour(snapshot, record, block.id, -1) || !keptNeighbour(snapshot, record, block.id, 1)) continue;
      out.push(keptArticlePart(block.id, 'A picture between kept paragraphs of the article'));
    } else if (!isKept(record, block.id)) {
      continue;
    }
    const caption = snapshot.blocks[block.id + 1];
    if (
      caption?.visible &&
      caption.kind === 'text' &&
      caption.text.length <= MAX_CAPTION_CHARS &&
      droppedByExtractor(record, caption) &&
      parentOf(caption.node) === parentOf(block.node)
    ) {
      out.push(keptArticlePart(caption.id, 'The caption of a picture kept in the article'));
    }
  }
  return out;
}
