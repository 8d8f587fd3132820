/**
 * Which kept blocks the perplexity stage may judge. Only running prose: never code, math, tables, figures and
 * their captions, media, nor headings and list items (a heading or a list item is not a sentence, and the main
 * content's own are not boilerplate).
 */
import type { Block } from '../snapshot/types';
import { tokenize } from './tokenize';

const PROSE_KINDS = new Set<Block['kind']>(['text', 'quote']);
const NOT_PROSE_TAGS = new Set(['figcaption', 'caption', 'pre', 'code', 'kbd', 'samp', 'math', 'td', 'th', 'label', 'button', 'option', 'legend']);
/** Fewer tokens than this give no stable perplexity. */
export const MIN_TOKENS = 3;
/** Code-like text: a share of braces, semicolons, operators and the like above this. */
const CODE_SYMBOL_SHARE = 0.12;
const CODE_SYMBOLS = /[{}[\];=<>$\\/_|#@*^~`+]/g;

/**
 * A field line: a short label, a colon, a value ("Moderator: Jane Doe", "Photos: Agency", "Pullover: H&M Rock:
 * Zara"). It is data like a table row, not a sentence: names and brands give it a menu's perplexity whether it is
 * content (credits of a podcast, an outfit's brands) or not, so the stage cannot judge it.
 */
const FIELD_LINE = /^[\p{L}\p{M}][\p{L}\p{M}'’.&-]*(?:\s+[\p{L}\p{M}'’.&-]+){0,2}\s?:\s*\S/u;
const FIELD_MAX_WORDS = 12;

export type Ineligible = 'kind' | 'too-short' | 'code-like' | 'field';

export function ineligibility(block: Block): Ineligible | null {
  if (!PROSE_KINDS.has(block.kind) || NOT_PROSE_TAGS.has(block.tag)) return 'kind';
  const text = block.text;
  const symbols = text.match(CODE_SYMBOLS)?.length ?? 0;
  if (text.length > 0 && symbols / text.length > CODE_SYMBOL_SHARE) return 'code-like';
  if (tokenize(text).length < MIN_TOKENS) return 'too-short';
  if (FIELD_LINE.test(text) && text.split(/\s+/).length <= FIELD_MAX_WORDS) return 'field';
  return null;
}
