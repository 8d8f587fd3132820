/**
 * Applies the decision record to the snapshot's DOM copy: removed blocks go (or, when the reader shows removed
 * content, stay in place marked with their reason), then whatever is left outside any block is dropped and
 * containers left without blocks are pruned.
 */
import type { Decision, DecisionRecord } from '../decisions/types';

export const BLOCK_SELECTOR = '[data-pith-block]';
export const REMOVED_CLASS = 'pith-removed';

const MEDIA_SELECTOR = 'img, picture, video, audio, svg, math, table, iframe';
const MEDIA_TAGS = new Set(['img', 'picture', 'video', 'audio', 'svg', 'math', 'table']);
/** What a block kept as its picture only (`Decision.pictureOnly`) keeps, with the elements around it. */
const PICTURE_SELECTOR = 'img, picture, video, svg';

export function blockId(el: Element): number | null {
  const raw = el.getAttribute('data-pith-block');
  if (raw === null || !/^\d+$/.test(raw.trim())) return null;
  return Number(raw);
}

function decisionFor(el: Element, record: DecisionRecord): Decision | undefined {
  const id = blockId(el);
  return id === null ? undefined : record.decisions[id];
}

/**
 * Removes an element's own text and the elements that hold nothing matching `keep`; what matches `keep` stays whole,
 * with the elements around it. For a removed block `keep` is the kept blocks nested inside it (removed ones were
 * handled already); for a block kept as its picture only (`Decision.pictureOnly`) it is also its pictures, so its
 * caption and credit line go and the <figure>, link and wrapper around the picture stay.
 */
function stripOwnContent(el: Element, keep: string): void {
  for (const child of Array.from(el.childNodes)) {
    if (child.nodeType === 3 /* text */) {
      if ((child.textContent ?? '').trim()) child.remove();
    } else if (child.nodeType === 1 /* element */) {
      const element = child as Element;
      if (element.matches(keep)) continue;
      if (element.querySelector(keep)) stripOwnContent(element, keep);
      else element.remove();
    } else {
      child.remove();
    }
  }
}

const PICTURE_ONLY_KEEPS = `${BLOCK_SELECTOR}, ${PICTURE_SELECTOR}`;

function markRemoved(el: Element, decision: Decision | undefined): void {
  el.classList.add(REMOVED_CLASS);
  el.setAttribute('data-reason', decision?.reason ?? 'No decision was recorded for this block');
  el.setAttribute('data-stage', decision?.stage ?? 'none');
  if (decision?.cause) el.setAttribute('data-cause', decision.cause);
  el.setAttribute('tabindex', '0');
}

function hasContent(el: Element): boolean {
  return (el.textContent ?? '').trim().length > 0 || MEDIA_TAGS.has(el.localName) || el.querySelector(MEDIA_SELECTOR) !== null;
}

/**
 * Removes (or marks) blocks by their decisions. Blocks without a decision count as removed, as in `isKept`.
 * `drawable` says which removed blocks "show removed" draws (not those without text or image: an empty box says nothing).
 */
export function applyDecisions(root: Element, record: DecisionRecord, showRemoved: boolean, drawable: (id: number) => boolean = () => true): void {
  // Reverse document order: nested blocks are settled before the blocks around them.
  const blocks = Array.from(root.querySelectorAll(BLOCK_SELECTOR)).reverse();
  for (const el of blocks) {
    const decision = decisionFor(el, record);
    if (decision?.kept) {
      if (decision.pictureOnly && !el.matches(PICTURE_SELECTOR)) stripOwnContent(el, PICTURE_ONLY_KEEPS);
      continue;
    }
    const id = blockId(el);
    if (showRemoved && id !== null && drawable(id)) markRemoved(el, decision);
    else if (!el.querySelector(BLOCK_SELECTOR)) el.remove();
    else {
      stripOwnContent(el, BLOCK_SELECTOR);
      el.removeAttribute('data-pith-block');
    }
  }
}

/**
 * Drops text and media that sit outside every block (the snapshot wraps all visible content in blocks, so anything
 * else was not shown on the page), blocks left without content, and containers left without blocks.
 */
export function pruneOutsideBlocks(root: Element): void {
  const walker = root.ownerDocument.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
  const strayText: Node[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if ((node.textContent ?? '').trim() && !node.parentElement?.closest(BLOCK_SELECTOR)) strayText.push(node);
  }
  for (const node of strayText) node.parentNode?.removeChild(node);
  for (const el of Array.from(root.querySelectorAll(MEDIA_SELECTOR))) {
    if (el.isConnected && !el.closest(BLOCK_SELECTOR)) el.remove();
  }
  for (const el of Array.from(root.querySelectorAll(BLOCK_SELECTOR)).reverse()) {
    if (!hasContent(el)) el.remove();
  }
  for (const el of Array.from(root.querySelectorAll('*')).reverse()) {
    if (!el.isConnected || el.closest(BLOCK_SELECTOR)) continue;
    if (!el.querySelector(BLOCK_SELECTOR)) el.remove();
  }
}
