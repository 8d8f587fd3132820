/**
 * The shape of a block as a line of text, independent of any embedding: what a reader sees at a glance in the
 * boilerplate that structure leaves inside an article ("Posted by ann at 09:41 PM | Comments (6)", a row of
 * links, "ADVERTISEMENT", a line that recurs under every post). A short block with such a shape needs a weaker
 * embedding vote to be removed (outliers.ts); the shape alone never removes anything.
 */
import type { Block } from '../snapshot/types';

export interface LineShape {
  /** Share of the block's text that is link text. */
  linkShare: number;
  /** Kept blocks on the page with the same text once digits are ignored (this one included). */
  repeats: number;
  /** Share of capitals among the letters (of blocks with at least four letters, else 0). */
  capitals: number;
  /** The text ends like a sentence (., !, ?, …, or a closing quote or bracket after one). */
  sentence: boolean;
  /** Words in the block. */
  words: number;
}

/** The shape limits: which of the shape's signs count as boilerplate-like. */
export interface ShapeLimits {
  /** Blocks longer than this never count (boilerplate lines are short). */
  shapeMaxChars: number;
  /** From this link share a line reads as a row of links. */
  shapeLinkShare: number;
}

const SENTENCE_END = /[.!?…。！？]["'”’)\]]*$/u;

/** Text with digits folded, so "Comments (6)" and "Comments (9)" are the same line. */
export function lineKey(text: string): string {
  return text.trim().toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ');
}

export function lineShape(block: Pick<Block, 'text' | 'linkTextLength'>, repeats: number): LineShape {
  const text = block.text.trim();
  const letters = text.replace(/[^\p{L}]/gu, '');
  const upper = letters.replace(/[^\p{Lu}]/gu, '').length;
  return {
    linkShare: text.length > 0 ? Math.min(1, block.linkTextLength / text.length) : 0,
    repeats,
    capitals: letters.length >= 4 ? upper / letters.length : 0,
    sentence: SENTENCE_END.test(text),
    words: text.split(/\s+/).filter(Boolean).length,
  };
}

/** Shapes of the given blocks, repeats counted among them. */
export function lineShapes(blocks: readonly Pick<Block, 'id' | 'text' | 'linkTextLength'>[]): Map<number, LineShape> {
  const keys = blocks.map((b) => lineKey(b.text));
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return new Map(blocks.map((b, i) => [b.id, lineShape(b, counts.get(keys[i]) as number)]));
}

/**
 * Why a block of `chars` characters looks like boilerplate, in words for the reason ("a line of links"), or null
 * when it does not: it must be short and either mostly link text, a line that recurs on the page, or a line of
 * capitals that is not a sentence.
 */
export function boilerplateShape(shape: LineShape | undefined, chars: number, limits: ShapeLimits): string | null {
  if (!shape || chars > limits.shapeMaxChars) return null;
  if (shape.linkShare >= limits.shapeLinkShare) return `a short line of links (${Math.round(shape.linkShare * 100)}% link text)`;
  if (shape.repeats > 1) return `a short line that recurs ${shape.repeats} times on the page`;
  if (shape.capitals >= 0.8 && !shape.sentence) return 'a short line in capitals';
  return null;
}

/**
 * A block written as prose: at least `minWords` words, ending like a sentence, and mostly not link text. Only a
 * line all but identical to a known boilerplate line removes such a block (outliers.ts): on the dev sets the
 * vote's wrong removals were mostly short article paragraphs, while the boilerplate left is rarely a sentence.
 */
export function isProse(shape: LineShape | undefined, minWords: number): boolean {
  return shape !== undefined && shape.sentence && shape.words >= minWords && shape.linkShare < 0.5;
}
