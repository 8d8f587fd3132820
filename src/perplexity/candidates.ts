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

export type Ineligible = 'kind' | 'too-short' | 'code-like';

export function ineligibility(block: Block): Ineligible | null {
  if (!PROSE_KINDS.has(block.kind) || NOT_PROSE_TAGS.has(block.tag)) return 'kind';
  const text = block.text;
  const symbols = text.match(CODE_SYMBOLS)?.length ?? 0;
  if (text.length > 0 && symbols / text.length > CODE_SYMBOL_SHARE) return 'code-like';
  if (tokenize(text).length < MIN_TOKENS) return 'too-short';
  return null;
}
