import type { Block } from '../../snapshot/types';
import type { PageView } from '../page-view';
import type { RemovalRule } from '../types';
import { describeElement, quoted, wordMatcher } from '../words';

const WORDS = wordMatcher(['byline', 'author', 'authors', 'posted-on', 'posted-by', 'entry-meta', 'post-meta', 'article-meta', 'meta', 'dateline', 'date', 'published', 'timestamp', 'post-date', 'entry-date', 'pubdate', 'time'], {
  exclude: /^(comment|reply|review|answer)/,
});
const BYLINE = /^(by|posted by|written by|author:?|von|par|por)\s+\S/i;
const DATE = /\b(\d{4}-\d{2}-\d{2}|(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2},? \d{4}|\d{1,2} (jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]* \d{4})\b/i;
const MAX_LINE = 150;

function headerShows(page: PageView): { byline: string; day: string } {
  const m = page.snapshot.metadata;
  return { byline: m.byline.trim().toLowerCase(), day: /^\d{4}-\d{2}-\d{2}/.exec(m.publishedTime.trim())?.[0] ?? '' };
}

/** The calendar day a written date names ("June 5, 2019", "5 June 2019", "2019-06-05"), as yyyy-mm-dd. */
function dayOf(written: string): string | null {
  const iso = /^\d{4}-\d{2}-\d{2}/.exec(written)?.[0];
  if (iso) return iso;
  const time = Date.parse(`${written} 12:00 UTC`);
  return Number.isFinite(time) ? new Date(time).toISOString().slice(0, 10) : null;
}

/** "byline" or "date line" when the block repeats what the header shows, else null. */
function repeats(block: Block, page: PageView): string | null {
  const text = block.text;
  if (text.length === 0 || text.length > MAX_LINE || block.kind === 'heading') return null;
  const shown = headerShows(page);
  if (shown.byline.length >= 3 && text.toLowerCase().includes(shown.byline)) return 'byline';
  if (shown.byline && BYLINE.test(text)) return 'byline';
  const written = text.length <= 80 ? DATE.exec(text)?.[0] : undefined;
  if (shown.day && written && dayOf(written) === shown.day) return 'date line';
  return null;
}

/**
 * Byline and date lines that the reader's header already shows. Weak: a comment's date or author line inside a
 * comment section is part of that section, so the elements around the block are read first.
 */
export const duplicateMeta: RemovalRule = {
  cause: 'duplicate-meta',
  roles: { explains: 19 },
  weak: true,
  readsBlock: true,
  block(block, page) {
    const what = repeats(block, page);
    return what ? `${what} ${quoted(block.text)}, shown in the header` : null;
  },
  marksOnly: true,
  region(region, block, page) {
    if (!block) return null;
    const word = WORDS(region.tokens);
    if (!word || region.textLength > 300) return null;
    const what = repeats(block, page);
    return what ? `${what} ${quoted(block.text)} in ${describeElement(region.node, word)}, shown in the header` : null;
  },
};
