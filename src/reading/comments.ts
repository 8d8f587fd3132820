/**
 * The comments Pith removed from a page, for "Show N comments" at the end of the article: the blocks removed as a
 * comment section, grouped into comments (each with its author and date when the page marks them) from the
 * page's cleaned copy. Text only: nothing of the page's markup reaches the reader.
 */
import type { Extraction } from '../pipeline/types';

export interface PageComment {
  author: string;
  /** As the page writes it. */
  date: string;
  /** Machine-readable date (the <time> element's datetime), when the page gives one. */
  dateTime: string;
  paragraphs: string[];
}

const ITEM_SELECTORS = ['[itemtype*="Comment" i]', 'article', 'li', '[class~="comment" i]', '[id^="comment-" i]'];
const AUTHOR_SELECTOR = '[itemprop="author"], .author, .comment-author, [class*="author" i], cite, .fn, [rel="author"]';
const DATE_SELECTOR = 'time, [itemprop="dateCreated"], [itemprop="datePublished"], [class*="date" i]';

function text(el: Element | null | undefined): string {
  return (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

export function commentSectionBlocks(extraction: Extraction): number[] {
  return extraction.record.decisions.filter((d) => d && !d.kept && d.cause === 'comment-section').map((d) => d.block);
}

function commonAncestor(elements: Element[]): Element | null {
  if (elements.length === 0) return null;
  let ancestor: Element | null = elements[0];
  while (ancestor && !elements.every((e) => ancestor!.contains(e))) ancestor = ancestor.parentElement;
  return ancestor;
}

/** Whether a line holds nothing but the author and the date (the comment's header line). */
function onlyHeader(line: string, author: string, date: string): boolean {
  let rest = line;
  for (const part of [author, date]) if (part) rest = rest.replace(part, '');
  return !/[\p{L}\p{N}]/u.test(rest.replace(/\b(?:says|said|wrote|on|at|reply|replied)\b/gi, ''));
}

function readComment(item: Element, own: Set<string>): PageComment {
  const dateEl = item.querySelector(DATE_SELECTOR);
  const author = text(item.querySelector(AUTHOR_SELECTOR));
  const date = text(dateEl);
  const paragraphs = Array.from(item.querySelectorAll('[data-pith-block]'))
    .filter((b) => own.has(b.getAttribute('data-pith-block') ?? ''))
    .map(text)
    .filter((line) => line && !onlyHeader(line, author, date));
  return { author, date, dateTime: dateEl?.getAttribute('datetime') ?? '', paragraphs };
}

/** The removed comments of the page, in page order; [] when no comment section was removed. */
export function removedComments(extraction: Extraction, parse: (html: string) => Document): PageComment[] {
  const ids = commentSectionBlocks(extraction);
  if (ids.length === 0) return [];
  const doc = parse(extraction.snapshot.html);
  const idSet = new Set(ids.map(String));
  const blocks = ids.map((id) => doc.querySelector(`[data-pith-block="${id}"]`)).filter((b): b is Element => b !== null);
  const section = commonAncestor(blocks);
  if (!section) return [];
  for (const selector of ITEM_SELECTORS) {
    const items = Array.from(section.querySelectorAll(selector)).filter((item) => blocks.some((b) => item.contains(b)));
    if (items.length === 0) continue;
    // A reply nested in a comment is its own comment; the outer one keeps only its own paragraphs.
    return items
      .map((item) => {
        const own = new Set(
          Array.from(item.querySelectorAll('[data-pith-block]'))
            .filter((b) => b.parentElement?.closest(selector) === item)
            .map((b) => b.getAttribute('data-pith-block') ?? ''),
        );
        return readComment(item, new Set([...own].filter((id) => idSet.has(id))));
      })
      .filter((c) => c.paragraphs.length > 0);
  }
  return [{ author: '', date: '', dateTime: '', paragraphs: blocks.map(text).filter(Boolean) }];
}
