/**
 * A cover picture right above the article's title. Many articles put a large picture just before their <h1>, in a
 * post header outside the element Readability picks, so Readability drops it with the byline around it. The picture
 * is kept when the first text after it is the article's title heading (kept, or shown by the reader as the title),
 * nothing before that heading is kept, it stands above the heading (not beside it), and it is wide for the article
 * (at least half the width of the widest kept paragraph; its height is not asked, as an image not loaded yet has
 * none). A site logo, an avatar or a banner above the title is not: it is narrow or known to be small, or it sits in
 * the page's header, navigation, a byline or an advert frame that the title does not share.
 *
 * A lead picture under the title: news sites put the title, the standfirst, a photo with its caption and the byline
 * in the article's <header>, before the body that Readability or the layout stage picks. The first wide picture after
 * the title inside the title's own <header> element is kept when no byline, avatar or advert frame stands between, and
 * nothing else of the header comes back with it. Failing that, the first wide picture between the title and the body's
 * first kept text is kept when it shares a close wrapper with that text (a photo and its caption above the byline,
 * beside the <article> the extraction picked) or with the title, through no frame of the page (a hero picture after a
 * post header of <div>s). Either may have been dropped by Readability or by the layout stage as outside the article's
 * container; a picture whose block holds other links (share buttons) is not. Either is kept as its picture only
 * (`Decision.pictureOnly`): its caption and credit line stay out, as news sets count them outside the story's text.
 */
import { repeatsPageTitle } from '../boilerplate/rules/duplicate-title';
import { isInside } from '../boilerplate/ancestry';
import { isKept } from '../decisions/record';
import type { Decision, DecisionRecord } from '../decisions/types';
import type { Block, PageSnapshot } from '../snapshot/types';
import { droppedByExtractor, droppedOutsideContainer, keptArticlePart, MIN_PICTURE_SIDE, PAGE_FRAME_TAGS, sharesWrapper } from './article-part';

/** A lead picture is at least this share of the article's width (a logo or an avatar is far narrower). */
const MIN_WIDTH_SHARE = 0.5;
/** How many blocks without text (spacers, other pictures) may stand between the picture and the title. */
const MAX_STEPS = 4;
/** An image and its caption in one block (`<img><br><span>caption</span>`) hold at most a caption's text. */
const MAX_OWN_CAPTION_CHARS = 300;
/** How far above the picture its wrapper shared with the title or the body's first paragraph may be. */
const MAX_BODY_WRAPPER_LEVELS = 3;
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

/**
 * Whether the picture is wide for the article and not known to be small, and links nowhere but to itself. An image
 * that has not loaded and declares no size tells nothing of itself (an icon or a photo), and its block's box is its
 * wrapper's: only a caption of its own says it is a photo.
 */
function wideEnough(b: Block, articleWidth: number): boolean {
  const sizeKnown = b.images.some((i) => i.width > 0 || i.height > 0);
  if (knownSmall(b) || (!sizeKnown && !b.text.trim())) return false;
  if (b.linkCount > b.images.length) return false; // links besides the picture's own (share buttons in its caption)
  return pictureWidth(b) >= MIN_WIDTH_SHARE * articleWidth;
}

/** The title's nearest <header> element, when it is the article's (no site header, navigation or logo hint), else -1. */
function titleHeader(snapshot: PageSnapshot, title: Block): number {
  for (let n = title.node; n > 0; n = snapshot.nodes[n]?.parent ?? -1) {
    const info = snapshot.nodes[n]!;
    if (info.tag !== 'header') continue;
    return TITLE_FRAME_HINT.test(info.hint) ? -1 : n;
  }
  return -1;
}

/** A lead picture under the title or above the text: kept as its picture, without its caption and credit line. */
function keptLeadPicture(record: DecisionRecord, b: Block, reason: string): Decision {
  return { ...keptArticlePart(b.id, reason, record.decisions[b.id]!.evidence), pictureOnly: true };
}

/** The first wide picture after the title inside the title's own <header>, kept when it is a lead photo. */
function pictureUnderTitle(snapshot: PageSnapshot, record: DecisionRecord, title: Block, articleWidth: number): Decision[] {
  const header = titleHeader(snapshot, title);
  if (header < 0) return [];
  for (let i = title.id + 1; i < snapshot.blocks.length; i++) {
    const b = snapshot.blocks[i]!;
    if (!isInside(snapshot, b.node, header)) return [];
    if (!b.visible || !isPictureKind(b) || b.images.length === 0 || !wideEnough(b, articleWidth)) continue;
    const dropped = droppedByExtractor(record, b) || droppedOutsideContainer(record, b);
    const lead =
      !b.fixed &&
      dropped &&
      b.rect.y >= title.rect.y + title.rect.height - 1 && // under the title, not beside it
      sharesWrapper(snapshot, b, header, TITLE_FRAME_HINT); // no byline, avatar or advert frame between
    return lead ? [keptLeadPicture(record, b, 'The lead picture under the article’s title')] : [];
  }
  return [];
}

/**
 * A picture block: an image or a figure, or an image with its own caption in one block (as short as a caption). In a
 * line of text the block's box is the line's, so only the image's own size tells a photo from an icon: it must be
 * known (loaded, or declared) and wide for the article. An image that has not loaded and declares no size (0) does not
 * count: a short line holding an icon (a font-size control, a source's logo by a date, an author's avatar) is text.
 */
function isLeadPictureBlock(b: Block, articleWidth: number): boolean {
  if (b.images.length === 0) return false;
  if (isPictureKind(b)) return true;
  return b.kind === 'text' && b.text.length <= MAX_OWN_CAPTION_CHARS && b.images.some((i) => i.width >= MIN_WIDTH_SHARE * articleWidth);
}

/**
 * Whether the picture shares a close wrapper with the title, and neither that wrapper nor anything between it and the
 * title is a frame of the page (a site header holding the title and a banner).
 */
function sharesWrapperWithTitle(snapshot: PageSnapshot, picture: Block, title: Block): boolean {
  if (!sharesWrapper(snapshot, picture, title.node, TITLE_FRAME_HINT, MAX_BODY_WRAPPER_LEVELS)) return false;
  const parentOf = (n: number) => snapshot.nodes[n]?.parent ?? -1;
  const pictureAncestors = new Set<number>();
  for (let n = picture.node; n >= 0; n = parentOf(n)) pictureAncestors.add(n);
  for (let n = parentOf(title.node); n >= 0; n = parentOf(n)) {
    const info = snapshot.nodes[n]!;
    if (PAGE_FRAME_TAGS.has(info.tag) || TITLE_FRAME_HINT.test(info.hint)) return false;
    if (pictureAncestors.has(n)) return true;
  }
  return false;
}

/**
 * The first wide picture between the title and the body's first kept text, kept when it shares a close wrapper with
 * that text (a photo and its caption above the byline, beside the <article> the extraction picked) or with the title
 * (a hero picture under a post header that is no <header> element).
 */
function pictureAboveBody(snapshot: PageSnapshot, record: DecisionRecord, title: Block, articleWidth: number): Decision[] {
  const body = snapshot.blocks.find((b) => b.id > title.id && isKept(record, b.id) && b.text.trim());
  if (!body) return [];
  for (let i = title.id + 1; i < body.id; i++) {
    const b = snapshot.blocks[i]!;
    if (!b.visible || !isLeadPictureBlock(b, articleWidth) || !wideEnough(b, articleWidth)) continue;
    const lead =
      !b.fixed &&
      (droppedByExtractor(record, b) || droppedOutsideContainer(record, b)) &&
      b.rect.y >= title.rect.y + title.rect.height - 1 &&
      (sharesWrapper(snapshot, b, snapshot.nodes[body.node]?.parent ?? -1, TITLE_FRAME_HINT, MAX_BODY_WRAPPER_LEVELS) ||
        sharesWrapperWithTitle(snapshot, b, title));
    return lead ? [keptLeadPicture(record, b, 'The lead picture above the article’s text')] : [];
  }
  return [];
}

export function leadPictureDecisions(snapshot: PageSnapshot, record: DecisionRecord): Decision[] {
  const title = titleHeading(snapshot, record);
  if (!title) return [];
  let articleWidth = 0;
  for (const b of snapshot.blocks) if (b.kind === 'text' && isKept(record, b.id)) articleWidth = Math.max(articleWidth, b.rect.width);
  if (articleWidth === 0) return [];
  const above = pictureAboveTitle(snapshot, record, title, articleWidth);
  if (above.length > 0) return above;
  const under = pictureUnderTitle(snapshot, record, title, articleWidth);
  return under.length > 0 ? under : pictureAboveBody(snapshot, record, title, articleWidth);
}

/** The nearest picture above the title, kept when it is a cover. */
function pictureAboveTitle(snapshot: PageSnapshot, record: DecisionRecord, title: Block, articleWidth: number): Decision[] {
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
