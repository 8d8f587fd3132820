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

/** Removes a removed block's own text and elements but keeps the kept blocks nested inside it, with their ancestors. */
function stripOwnContent(el: Element): void {
  for (const child of Array.from(el.childNodes)) {
    if (child.nodeType === 3 /* text */) {
      if ((child.textContent ?? '').trim()) child.remove();
    } else if (child.nodeType === 1 /* element */) {
      const element = child as Element;
      if (element.matches(BLOCK_SELECTOR)) continue; // a kept block (removed ones were handled already)
      if (element.querySelector(BLOCK_SELECTOR)) stripOwnContent(element);
      else element.remove();
    } else {
      child.remove();
    }
  }
  el.removeAttribute('data-pith-block');
}

/**
 * Keeps only a block's pictures (`Decision.pictureOnly`): its text and the elements that hold no picture (a caption, a
 * credit line) go; the pictures stay whole, with the <figure>, link and wrapper elements around them, and so do the
 * blocks nested inside it (settled by their own decisions).
 */
function keepPictureOnly(el: Element): void {
  if (el.matches(PICTURE_SELECTOR)) return;
  for (const child of Array.from(el.childNodes)) {
    if (child.nodeType === 3 /* text */) {
      if ((child.textContent ?? '').trim()) child.remove();
    } else if (child.nodeType === 1 /* element */) {
      const element = child as Element;
      if (element.matches(BLOCK_SELECTOR) || element.matches(PICTURE_SELECTOR)) continue;
      if (element.querySelector(PICTURE_SELECTOR) || element.querySelector(BLOCK_SELECTOR)) keepPictureOnly(element);
      else element.remove();
    } else {
      child.remove();
    }
  }
}

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
      if (decision.pictureOnly) keepPictureOnly(el);
      continue;
    }
    const id = blockId(el);
    if (showRemoved && id !== null && drawable(id)) markRemoved(el, decision);
    else if (el.querySelector(BLOCK_SELECTOR)) stripOwnContent(el);
    else el.remove();
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
