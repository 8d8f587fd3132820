/**
 * The reader's article: the snapshot's cleaned body with the decision record applied, presentational markup
 * stripped, URLs absolute, and sanitised. Pure: needs a DOM (reader page, page bundle or happy-dom), no extension APIs.
 */
import { isKept } from '../decisions/record';
import type { Extraction } from '../pipeline/types';
import { markAnchors, resolveAnchors } from './anchors';
import { applyDecisions, BLOCK_SELECTOR, pruneOutsideBlocks, REMOVED_CLASS } from './apply-decisions';
import { cleanAttributes } from './attributes';
import { normalizeCallouts } from './callouts';
import { linkFootnotes, normalizeFootnotes } from './footnotes';
import { markForumPosts } from './forum-posts';
import { articleHeader, normalizeTitle } from './header';
import { cutAfterFirstScreen, firstScreenSource, type FirstScreen } from './first-screen';
import { flattenLandmarks } from './landmarks';
import { removeNonContent } from './non-content';
import { isDrawable } from './removal-summary';
import { normalizeCode } from './normalize-code';
import { normalizeMath } from './normalize-math';
import { sanitizeArticle, type SanitizedHtml } from './sanitize';
import { markRemovedSegments } from './segments';
import { collapseRemovedRuns } from './removed-markers';

export { articleHeader, type ArticleHeader } from './header';
export { FIRST_SCREEN, type FirstScreen } from './first-screen';
export type { SanitizedHtml } from './sanitize';
export { REMOVED_SEGMENT_CLASS, SEGMENT_ATTR } from './segments';

export interface RenderOptions {
  /**
   * Keep removed blocks in place, marked `.pith-removed` with `data-reason`, `data-stage` and `tabindex=0`; and dim
   * the sentences the semantic stage removed inside kept blocks (`extraction.segments`) as
   * `span.pith-removed-segment` with `data-pith-segment` (index into the segments), `data-reason` and `data-stage`.
   */
  showRemoved: boolean;
  /**
   * Drop the headings among the first kept blocks that repeat the header's title (the reader and the exports show
   * the title themselves). Default false: every kept block is rendered.
   */
  omitTitleHeading?: boolean;
  /** With `showRemoved`: draw each run of removed blocks collapsed behind one marker (`removed-markers.ts`). */
  collapseRemoved?: boolean;
  /** Render only the article's start (the reader's first paint; `src/render/first-screen.ts`). */
  firstScreen?: FirstScreen;
}

function parseBody(html: string): HTMLElement {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return doc.body;
}

/** A heading among the article's first blocks that repeats the title shown in the reader's header. */
const TITLE_SEARCH_BLOCKS = 3;

function omitTitleHeading(root: Element, title: string): void {
  const wanted = normalizeTitle(title);
  if (!wanted) return;
  const leading = Array.from(root.querySelectorAll(BLOCK_SELECTOR))
    .filter((el) => !el.classList.contains(REMOVED_CLASS) && !el.closest(`.${REMOVED_CLASS}`))
    .slice(0, TITLE_SEARCH_BLOCKS);
  // Every repeat among them: a page may carry its title twice, in a sticky header and over the story.
  for (const el of leading) {
    const heading = /^h[1-6]$/.test(el.localName) ? el : el.querySelector('h1, h2, h3');
    if (heading !== null && normalizeTitle(el.textContent ?? '') === wanted) el.remove();
  }
}

/** The kept article as a live DOM body (before sanitising); shared by the HTML string and the exports. */
function buildArticleBody(extraction: Extraction, opts: RenderOptions): HTMLElement {
  const base = extraction.snapshot.url;
  const { snapshot, record } = extraction;
  // The first screen parses only the start of a long page's copy.
  const body = parseBody(opts.firstScreen ? firstScreenSource(snapshot.html, snapshot.blocks, record, opts.firstScreen) : snapshot.html);
  if (opts.firstScreen) cutAfterFirstScreen(body, extraction.record, opts.firstScreen);
  normalizeMath(body);
  normalizeCode(body);
  normalizeFootnotes(body, base);
  normalizeCallouts(body);
  markAnchors(body, base);
  removeNonContent(body, base);
  cleanAttributes(body, base);
  flattenLandmarks(body);
  const blocks = extraction.snapshot.blocks;
  applyDecisions(body, extraction.record, opts.showRemoved, (id) => blocks[id] !== undefined && isDrawable(blocks[id]));
  if (opts.showRemoved && extraction.segments?.length) {
    markRemovedSegments(body, extraction.snapshot.blocks, extraction.segments, (id) => isKept(extraction.record, id));
  }
  if (opts.omitTitleHeading) omitTitleHeading(body, articleHeader(extraction).title);
  pruneOutsideBlocks(body);
  linkFootnotes(body);
  resolveAnchors(body);
  markForumPosts(body, extraction);
  if (opts.showRemoved && opts.collapseRemoved) collapseRemovedRuns(body, extraction);
  return body;
}

/** The article's sanitised HTML (the inner HTML of `article#pith-article`). */
export function renderArticleHtml(extraction: Extraction, opts: RenderOptions): SanitizedHtml {
  return sanitizeArticle(buildArticleBody(extraction, opts));
}
