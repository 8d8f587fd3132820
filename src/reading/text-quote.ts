/**
 * Anchoring a highlight in a text by quote, after the W3C Web Annotation TextQuoteSelector (exact text with some
 * context before and after) plus a TextPositionSelector as a hint. The text is the article's text content; when the
 * page changes a little (a paragraph inserted, a word edited elsewhere) the quote is found again by its words and
 * context. When the words are gone, or they occur more than once and the context cannot tell which, the highlight is
 * reported as an orphan rather than put on the wrong words.
 */

export interface TextQuoteSelector {
  type: 'TextQuoteSelector';
  exact: string;
  prefix: string;
  suffix: string;
}

export interface TextPositionSelector {
  type: 'TextPositionSelector';
  start: number;
  end: number;
}

export interface TextAnchor {
  quote: TextQuoteSelector;
  position: TextPositionSelector;
}

export type Anchored = { found: true; start: number; end: number } | { found: false; why: 'text-gone' | 'ambiguous' };

/** How many characters of context the quote keeps on each side. */
export const CONTEXT_CHARS = 32;

/** The selector for `text.slice(start, end)`. */
export function describeRange(text: string, start: number, end: number): TextAnchor {
  return {
    quote: {
      type: 'TextQuoteSelector',
      exact: text.slice(start, end),
      prefix: text.slice(Math.max(0, start - CONTEXT_CHARS), start),
      suffix: text.slice(end, end + CONTEXT_CHARS),
    },
    position: { type: 'TextPositionSelector', start, end },
  };
}

/** Characters that agree between the end of `a` and the end of `b`. */
function commonSuffix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  return n;
}

function commonPrefix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

function occurrences(text: string, exact: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(exact); at !== -1; at = text.indexOf(exact, at + 1)) found.push(at);
  return found;
}

/**
 * Finds the anchor in `text`. A candidate must agree with at least half of the stored context (prefix and suffix
 * together), unless it is the only occurrence of a quote long enough to be unique by itself; of several candidates
 * the one with the most agreeing context wins, and a tie is ambiguous.
 */
export function anchorQuote(text: string, anchor: TextAnchor): Anchored {
  const { exact, prefix, suffix } = anchor.quote;
  if (exact.length === 0) return { found: false, why: 'text-gone' };
  const candidates = occurrences(text, exact);
  if (candidates.length === 0) return { found: false, why: 'text-gone' };
  const context = prefix.length + suffix.length;
  const scored = candidates
    .map((start) => ({
      start,
      agree: commonSuffix(text.slice(Math.max(0, start - prefix.length), start), prefix) + commonPrefix(text.slice(start + exact.length, start + exact.length + suffix.length), suffix),
    }))
    .sort((a, b) => b.agree - a.agree || Math.abs(a.start - anchor.position.start) - Math.abs(b.start - anchor.position.start));
  const best = scored[0];
  const longAndUnique = candidates.length === 1 && exact.trim().length >= CONTEXT_CHARS;
  const enoughContext = context === 0 ? candidates.length === 1 : best.agree * 2 >= context;
  if (!longAndUnique && !enoughContext) return { found: false, why: candidates.length > 1 ? 'ambiguous' : 'text-gone' };
  if (scored.length > 1 && scored[1].agree === best.agree && !longAndUnique) return { found: false, why: 'ambiguous' };
  return { found: true, start: best.start, end: best.start + exact.length };
}
