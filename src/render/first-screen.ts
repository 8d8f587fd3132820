/**
 * The reader's first paint shows only the start of the article: enough kept blocks to fill a screen or two, so that
 * normalising, sanitising, inserting, layout and paint of a long article (or of a 44,000-element page read in part)
 * are not on the way to the first text the reader sees (the snapshot's HTML is still parsed once, to find where to
 * cut). The full article replaces it once it has been painted.
 */
import { isKept } from '../decisions/record';
import type { DecisionRecord } from '../decisions/types';
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
