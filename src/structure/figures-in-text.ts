/**
 * A picture between the article's paragraphs is part of the article, though the structural extractor can drop it:
 * Readability removes a row of thumbnails whose captions are links ("mostly links"), or a gallery it scores as
 * boilerplate. An image or figure it dropped is kept when it sits inside the article's run of kept blocks (the
 * nearest blocks before and after it, past other pictures and their short captions, are kept) and is large enough
 * to be a picture rather than an icon; or when it ends the article (right after its last kept text, followed by
 * nothing but controls such as a like button). A short caption right after a kept picture, in the same wrapper, comes
 * back with it (Readability drops a caption that is mostly a link). A cover picture above the title: lead-picture.ts.
 */
import { isKept } from '../decisions/record';
import type { Decision, DecisionRecord } from '../decisions/types';
import type { Block, PageSnapshot } from '../snapshot/types';
import { droppedByExtractor, keptArticlePart, MIN_PICTURE_SIDE, sharesWrapper } from './article-part';
import { leadPictureDecisions } from './lead-picture';

/** A caption is a line or two: longer text beside a picture is a paragraph of its own. */
const MAX_CAPTION_CHARS = 200;
/** How many pictures and captions in a row may stand between the picture and the article's kept blocks. */
const MAX_STEPS = 8;

/** An image, a figure or an embedded player or post (a media block), large enough to be part of the article. */
function isPicture(b: Block): boolean {
  if (b.kind !== 'image' && b.kind !== 'figure' && b.kind !== 'media') return false;
  const side = Math.max(b.rect.width, b.rect.height, ...b.images.map((i) => Math.max(i.width, i.height)));
  // No size at all: an image that has not loaded and declares none (the snapshot reads it as shown), not a small one.
  const sizeUnknown = b.images.length > 0 && side === 0;
  return (b.images.length > 0 || b.kind === 'media') && (side >= MIN_PICTURE_SIDE || sizeUnknown);
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

/** Text after a closing picture no longer than this is a control (a like count, "Share"), not the page going on. */
const MAX_CONTROL_CHARS = 20;

/** How far above the picture its wrapper shared with the article's last paragraph may be. */
const MAX_WRAPPER_LEVELS = 4;
const LAST_PARAGRAPH_FRAME_HINT = /(?:^|[\s_-])(?:footer|sidebar|aside|related|promo|banner|ads?|advert|share|comments?|author|bio)(?:$|[\s_-])/;

/** Whether the picture sits near the article's last paragraph, inside no frame of the page (footer, sidebar, …). */
function besideLastParagraph(snapshot: PageSnapshot, picture: Block, last: Block): boolean {
  return sharesWrapper(snapshot, picture, snapshot.nodes[last.node]?.parent ?? -1, LAST_PARAGRAPH_FRAME_HINT, MAX_WRAPPER_LEVELS);
}

/**
 * Whether a picture ends the article: nothing after it is kept, it links nowhere, it shares a close wrapper with the
 * article's last paragraph, and the text that follows it (if any) is only controls. A picture in the site's footer,
 * or followed by a headline, a bio or a sign-up, is not one.
 */
function endsArticle(snapshot: PageSnapshot, picture: Block, lastKept: number): boolean {
  if (lastKept < 0 || picture.id < lastKept || picture.linkCount > 0) return false;
  if (!besideLastParagraph(snapshot, picture, snapshot.blocks[lastKept]!)) return false;
  for (let i = picture.id + 1, n = 0; i < snapshot.blocks.length && n < MAX_STEPS; i++) {
    const b = snapshot.blocks[i];
    if (!b.visible || !b.text.trim()) continue;
    n++;
    if (b.text.length > MAX_CONTROL_CHARS) return false;
  }
  return true;
}

export function figureInTextDecisions(snapshot: PageSnapshot, record: DecisionRecord): Decision[] {
  const parentOf = (node: number) => snapshot.nodes[node]?.parent ?? -1;
  const out: Decision[] = leadPictureDecisions(snapshot, record);
  let lastKept = -1;
  for (const b of snapshot.blocks) if (isKept(record, b.id)) lastKept = b.id;
  for (const block of snapshot.blocks) {
    if (!block.visible || block.fixed || !isPicture(block)) continue;
    if (droppedByExtractor(record, block)) {
      if (!keptNeighbour(snapshot, record, block.id, -1)) continue;
      if (!keptNeighbour(snapshot, record, block.id, 1)) {
        // What follows a closing picture is controls, never its caption.
        if (endsArticle(snapshot, block, lastKept)) out.push(keptArticlePart(block.id, 'A picture that ends the article'));
        continue;
      }
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
