/**
 * Which kept blocks the perplexity stage may judge. Only running prose: never code, math, tables, figures and
 * their captions, media, nor headings and list items (a heading or a list item is not a sentence, and the main
 * content's own are not boilerplate).
 */
import type { Block } from '../snapshot/types';
import { tokenize, wordCount } from './tokenize';

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
/**
 * A longer field line is still data when its value is a list of short items ("Descriptors: Academic Achievement;
 * Rural Schools; Middle Schools; …", "Keywords: a, b, c"): at least this many items, of at most this many words on
 * average, and no sentence inside.
 */
const LIST_MIN_ITEMS = 3;
const LIST_MAX_ITEM_WORDS = 5;
const LIST_SEPARATOR = /[;,]/;
const SENTENCE_INSIDE = /[.!?]\s+\p{Lu}/u;

function isFieldList(text: string): boolean {
  const value = text.slice(text.indexOf(':') + 1);
  if (SENTENCE_INSIDE.test(value)) return false;
  const items = value.split(LIST_SEPARATOR).filter((item) => item.trim().length > 0);
  return items.length >= LIST_MIN_ITEMS && wordCount(value) / items.length <= LIST_MAX_ITEM_WORDS;
}

/**
 * A complete sentence: it ends as sentences end (or with a colon that introduces a list) and has at least
 * SENTENCE_MIN_WORDS words. Menus, link soups and fragments do not end so; a complete sentence that the model finds
 * improbable is prose full of words the model has not seen (product names, jargon), not boilerplate, so the stage
 * scores it but never removes it (precision first).
 */
const SENTENCE_END = /[.!?…。！？؟:;]["'”’»)\]]*$/u;
const SENTENCE_MIN_WORDS = 6;

/** A formula or a definition ("Overhead Rate = Total Annual Overhead ÷ Billable Hours"): maths in words. */
const FORMULA = /\s[=≈≤≥<>×÷]\s/u;
/** A list item written as text: it starts with a bullet ("- Pressure vacuum breakers - Reduced pressure …"). */
const BULLET_START = /^[-–•·▪◦*]\s/u;

export function isCompleteSentence(text: string): boolean {
  return SENTENCE_END.test(text.trimEnd()) && wordCount(text) >= SENTENCE_MIN_WORDS;
}

export type Ineligible = 'kind' | 'too-short' | 'code-like' | 'field';

export function ineligibility(block: Block): Ineligible | null {
  if (!PROSE_KINDS.has(block.kind) || NOT_PROSE_TAGS.has(block.tag)) return 'kind';
  const text = block.text;
  const symbols = text.match(CODE_SYMBOLS)?.length ?? 0;
  if (text.length > 0 && symbols / text.length > CODE_SYMBOL_SHARE) return 'code-like';
  if (FORMULA.test(text)) return 'code-like';
  if (BULLET_START.test(text)) return 'kind';
  if (tokenize(text).length < MIN_TOKENS) return 'too-short';
  if (FIELD_LINE.test(text) && (text.split(/\s+/).length <= FIELD_MAX_WORDS || isFieldList(text))) return 'field';
  return null;
}
