/**
 * Running text: how much a block holds, whether it is a paragraph of prose, and how much prose makes an article. Read
 * by the layout choice and the page-type passes alike.
 */
import { blockLinkShare } from '../boilerplate/page-view';
import type { Block } from '../snapshot/types';

/**
 * An article beside a card grid (a news story with a column of headlines, a post with "more stories"): when the
 * structural stages kept at least `ARTICLE_MIN_PROSE` characters of prose outside the cards, the page is that
 * article and the cards are its surroundings. Twice the longest introduction of a listing the profile helps on the
 * deciding pages (223; none between that and 1,371: bench/results/2026-11-28-news-precision.md); it was 1,200, which
 * let a short news story classified as a listing keep the site's whole "latest news" ticker.
 */
export const ARTICLE_MIN_PROSE = 600;
/** A paragraph of prose: a sentence or more, mostly not link text. */
export const PROSE_MIN_CHARS = 80;
export const PROSE_MAX_LINK_SHARE = 0.3;

const DENSE_SCRIPT = /[\u1100-\u11ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/g;

/**
 * How much text a block holds, in Latin-character equivalents: a Han, Kana or Hangul character carries about a word,
 * so it counts 3 (a Chinese article of 1,000 characters is no short teaser).
 */
export function textAmount(text: string): number {
  return text.length + 2 * (text.match(DENSE_SCRIPT)?.length ?? 0);
}

/** A paragraph of the article's running text: a sentence or more (a CJK character counts 3), mostly not link text. */
export function isProse(block: Block): boolean {
  return block.kind === 'text' && textAmount(block.text) >= PROSE_MIN_CHARS && blockLinkShare(block) <= PROSE_MAX_LINK_SHARE;
}
