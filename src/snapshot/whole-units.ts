/**
 * Units read whole as one block, their inside never split: code listings, data tables, figures, media, block images
 * and display formulas.
 */
import type { StyleReader } from './element-style';
import { MATH_SELECTOR, mayBeMath } from './element-traits';
import { namedFigurePicture } from './images';
import { normaliseSpace } from './text';
import { isDataTable } from './tables';
import type { BlockKind } from './types';

/** A figure holding more text than this is a layout wrapper, not a figure: walk into it. */
const MAX_FIGURE_TEXT = 600;
/** Elements that may be read whole as one block (`atomicKind`), besides display-math containers. */
const WHOLE_UNIT_TAGS = new Set(['pre', 'table', 'figure', 'video', 'audio', 'img', 'picture', 'math']);

/**
 * The elements inside `el` when it may be a unit read whole (a table, figure, code listing, formula…), else 0. Taken
 * before the unit's own tests, which read all of it: a unit larger than what is left of the budget is walked into
 * instead, so a giant data table or listing is cut where the budget runs out rather than read whole.
 */
export function unitSize(el: Element): number {
  if (el.firstElementChild === null || !(WHOLE_UNIT_TAGS.has(el.localName) || mayBeMath(el))) return 0;
  return el.getElementsByTagName('*').length;
}

/** The kind of block `el` is when it is a unit kept whole, else null. */
export function atomicKind(el: Element, styles: StyleReader): BlockKind | null {
  switch (el.localName) {
    case 'pre':
      return 'code';
    case 'table':
      return isDataTable(el as HTMLTableElement) ? 'table' : null;
    case 'figure': {
      if (el.querySelector('img, picture, video, audio, svg, canvas, math') !== null) return (el.textContent ?? '').length <= MAX_FIGURE_TEXT ? 'figure' : null;
      // A figure that only names its picture is its caption and an empty box: its caption is measured as read, without
      // the markup's indentation (a news site's two-line caption sits in 300 spaces).
      return namedFigurePicture(el) !== '' && normaliseSpace(el.textContent ?? '').length <= MAX_FIGURE_TEXT ? 'figure' : null;
    }
    case 'video':
    case 'audio':
      return 'media';
    case 'img':
    case 'picture':
      // An inline image belongs to its paragraph's run; one laid out as a block stands alone.
      return styles.isInlineLevel(el) ? null : 'image';
    case 'math':
      return styles.isInlineLevel(el) ? null : 'math';
    default:
      if (mayBeMath(el) && el.matches(MATH_SELECTOR) && !styles.isInlineLevel(el)) return 'math';
      return null;
  }
}
