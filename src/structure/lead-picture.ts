/**
 * A cover picture right above the article's title. Many articles put a large picture just before their <h1>, in a
 * post header outside the element Readability picks, so Readability drops it with the byline around it. The picture
 * is kept when the first text after it is the article's title heading (kept, or shown by the reader as the title),
 * nothing before that heading is kept, it stands above the heading (not beside it), and it is wide for the article
 * (at least half the width of the widest kept paragraph; its height is not asked, as an image not loaded yet has
 * none). A site logo, an avatar or a banner above the title is not: it is narrow or known to be small, or it sits in
 * the page's header, navigation, a byline or an advert frame that the title does not share.
 */
import { repeatsPageTitle } from '../boilerplate/rules/duplicate-title';
import { isKept } from '../decisions/record';
import type { Decision, DecisionRecord } from '../decisions/types';
import type { Block, PageSnapshot } from '../snapshot/types';
import { droppedByExtractor, keptArticlePart, MIN_PICTURE_SIDE, sharesWrapper } from './article-part';

/** A lead picture is at least this share of the article's width (a logo or an avatar is far narrower). */
const MIN_WIDTH_SHARE = 0.5;
/** How many blocks without text (spacers, other pictures) may stand between the picture and the title. */
const MAX_STEPS = 4;
const TITLE_FRAME_HINT = /(?:^|[\s_-])(?:masthead|site-header|navbar|nav|menu|footer|sidebar|banner|ads?|advert|advertisement|sponsor|promo|logo|brand|avatar|author|byline)(?:$|[\s_-])/;

const isPictureKind = (b: Block): boolean => b.kind === 'image' || b.kind === 'figure';

function pictureWidth(b: Block): number {
  return Math.max(b.rect.width, ...b.images.map((i) => i.width));
}

/**
 * Whether the block's image is known to be small (an avatar, an icon): its box is under the picture size. An image
 * with an empty alt that has not loaded and declares no size has no box (0), which says nothing. (One without any
 * alt shows the browser's broken-image icon, so a cover that has not loaded, read offline, looks small and stays out.)
 */
function knownSmall(b: Block): boolean {
  const side = Math.max(0, ...b.images.map((i) => Math.max(i.width, i.height)));
  return side > 0 && side < MIN_PICTURE_SIDE;
}

/** The first block with text after `from`, past blocks without text; null when a picture or too many blocks come first. */
function nextText(snapshot: PageSnapshot, from: number): Block | null {
  for (let i = from + 1, n = 0; i < snapshot.blocks.length && n < MAX_STEPS; i++) {
    const b = snapshot.blocks[i]!;
    if (!b.visible || (!b.text.trim() && b.images.length === 0)) continue;
    if (b.text.trim()) return b;
    n++;
  }
  return null;
}

/**
 * The article's title heading: the last heading before the article's first kept text (or that text itself) that is
 * kept or is the page's title, which the reader shows at the top.
 */
function titleHeading(snapshot: PageSnapshot, record: DecisionRecord): Block | null {
  const firstKept = snapshot.blocks.find((b) => isKept(record, b.id) && b.text.trim());
  if (!firstKept) return null;
  for (let i = firstKept.id; i >= 0; i--) {
    const b = snapshot.blocks[i]!;
    if (b.visible && b.kind === 'heading' && (isKept(record, b.id) || repeatsPageTitle(b.text, snapshot.metadata.title))) return b;
  }
  return null;
}

export function leadPictureDecisions(snapshot: PageSnapshot, record: DecisionRecord): Decision[] {
  const title = titleHeading(snapshot, record);
  if (!title) return [];
  let articleWidth = 0;
  for (const b of snapshot.blocks) if (b.kind === 'text' && isKept(record, b.id)) articleWidth = Math.max(articleWidth, b.rect.width);
  if (articleWidth === 0) return [];
  // The nearest picture above the title, with no text between them.
  for (let i = title.id - 1; i >= 0; i--) {
    const b = snapshot.blocks[i]!;
    if (!b.visible || !isPictureKind(b) || b.images.length === 0) {
      if (b.visible && b.text.trim()) return []; // text between the picture and the title: not a lead picture
      continue;
    }
    const lead =
      !b.fixed &&
      droppedByExtractor(record, b) &&
      b.rect.y + b.rect.height <= title.rect.y + 1 && // above the title, not beside it (a product's photo by its name)
      nextText(snapshot, b.id) === title &&
      !knownSmall(b) &&
      pictureWidth(b) >= MIN_WIDTH_SHARE * articleWidth &&
      sharesWrapper(snapshot, b, title.node, TITLE_FRAME_HINT); // the title's wrapper, with no site header, logo or byline between
    return lead ? [keptArticlePart(b.id, 'The cover picture above the article’s title')] : [];
  }
  return [];
}
