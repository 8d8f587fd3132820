/**
 * The reader's first paint shows only the start of the article: enough kept blocks to fill a screen or two, so that
 * normalising, sanitising, inserting, layout and paint of a long article (or of a 44,000-element page read in part)
 * are not on the way to the first text the reader sees (the snapshot's HTML is still parsed once, to find where to
 * cut). The full article replaces it once it has been painted.
 */
import { isKept } from '../decisions/record';
import type { DecisionRecord } from '../decisions/types';
import type { Block } from '../snapshot/types';
import { BLOCK_SELECTOR, blockId } from './apply-decisions';

export interface FirstScreen {
  /** At most this many kept blocks… */
  blocks: number;
  /** …and stop once the kept text reaches this many characters. */
  chars: number;
}

/** About two screens of text at the reader's widest setting. */
export const FIRST_SCREEN: FirstScreen = { blocks: 40, chars: 4_000 };

/**
 * Cuts `root` (the snapshot's DOM copy, before decisions are applied) after the kept block at which the limit is
 * reached: everything after that block in document order goes, its own content and ancestors stay. Returns whether
 * anything was cut.
 */
export function cutAfterFirstScreen(root: Element, record: DecisionRecord, limit: FirstScreen): boolean {
  let blocks = 0;
  let chars = 0;
  let last: Element | null = null;
  for (const el of Array.from(root.querySelectorAll(BLOCK_SELECTOR))) {
    const id = blockId(el);
    if (id === null || !isKept(record, id)) continue;
    const outer = el.parentElement?.closest(BLOCK_SELECTOR);
    const outerId = outer ? blockId(outer) : null;
    if (outerId !== null && isKept(record, outerId)) continue; // counted with the kept block around it
    blocks++;
    chars += (el.textContent ?? '').trim().length;
    if (blocks >= limit.blocks || chars >= limit.chars) {
      last = el;
      break;
    }
  }
  if (!last) return false;
  let cut = false;
  for (let node: Node | null = last; node && node !== root; node = node.parentNode) {
    while (node.nextSibling) {
      node.nextSibling.remove();
      cut = true;
    }
  }
  return cut;
}

/** How far past the first screen the parsed prefix reaches: the cut above counts a little differently (nesting). */
const SOURCE_MARGIN = 2;
const BLOCK_ATTRIBUTE = /data-pith-block="(\d+)"/g;
/** From the last `<` before a block's attribute to the attribute: the same start tag (name, other attributes). */
const IN_START_TAG = /^<[a-zA-Z][^<>]*\s$/;

/**
 * The start of the snapshot's HTML that holds the first screen, so that a huge page's copy is not parsed whole for
 * it: the kept blocks are counted in document order from their attributes in the string, and the string is cut at
 * the start tag of the first block after twice the limit (the parser closes what the cut leaves open). The whole
 * string when the limit is not reached or the cut point is not plainly a start tag.
 */
export function firstScreenSource(html: string, blocks: readonly Block[], record: DecisionRecord, limit: FirstScreen): string {
  let count = 0;
  let chars = 0;
  let reached = false;
  for (const match of html.matchAll(BLOCK_ATTRIBUTE)) {
    const id = Number(match[1]);
    if (reached) {
      const open = html.lastIndexOf('<', match.index);
      return open > 0 && IN_START_TAG.test(html.slice(open, match.index)) ? html.slice(0, open) : html;
    }
    if (!isKept(record, id)) continue;
    count++;
    chars += blocks[id]?.text.length ?? 0;
    reached = count >= limit.blocks * SOURCE_MARGIN || chars >= limit.chars * SOURCE_MARGIN;
  }
  return html;
}

