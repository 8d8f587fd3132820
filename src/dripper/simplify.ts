/**
 * The seed's HTML simplification, on the snapshot's cleaned body (`snapshot.html`, where every block already
 * carries `data-pith-block`; that copy is the seed's Mapping HTML): boilerplate subtrees and hidden elements are
 * dropped, every attribute but class and id (and an image's src and alt) is stripped, each block becomes an item
 * with an `_item_id`, and its text is cut to `maxChars` while the tags stay.
 */
import type { PageSnapshot } from '../snapshot/types';
import type { DroppedBlock, SimplifiedItem, SimplifiedPage } from './types';

export const ITEM_ID_ATTR = '_item_id';
/** The seed keeps about the first 200 characters of a long block: enough to classify it. */
export const DEFAULT_MAX_BLOCK_CHARS = 200;
const DROPPED_TAGS = new Set(['script', 'style', 'noscript', 'template', 'header', 'footer', 'nav', 'svg', 'iframe']);
/** class/id words that mark a subtree as navigation chrome (the seed's keyword rule). */
const DROPPED_WORDS = /(^|[\s_-])(nav|navbar|navigation|footer|header)($|[\s_-])/i;
const BLOCK_ATTR = 'data-pith-block';
/** Images inlined as data URLs are cut to their scheme: their bytes tell the model nothing. */
const DATA_URL = /^data:[^,;]*/i;

export interface SimplifyOptions {
  maxChars?: number;
  parse?: (html: string) => Document;
}

function dropReason(el: Element): string | null {
  const tag = el.tagName.toLowerCase();
  if (DROPPED_TAGS.has(tag)) return `inside <${tag}>`;
  if (el.hasAttribute('hidden') || el.getAttribute('aria-hidden') === 'true') return 'hidden';
  const style = el.getAttribute('style') ?? '';
  if (/display\s*:\s*none|visibility\s*:\s*hidden/i.test(style)) return 'hidden';
  const words = `${el.getAttribute('class') ?? ''} ${el.getAttribute('id') ?? ''}`;
  const match = DROPPED_WORDS.exec(words);
  if (match) return `inside an element marked "${match[2].toLowerCase()}"`;
  return null;
}

function stripAttributes(el: Element): void {
  const tag = el.tagName.toLowerCase();
  for (const name of el.getAttributeNames()) {
    if (name === 'class' || name === 'id' || name === ITEM_ID_ATTR) continue;
    if (tag === 'img' && (name === 'src' || name === 'alt')) continue;
    el.removeAttribute(name);
  }
  if (tag === 'img') {
    const src = el.getAttribute('src');
    if (src && DATA_URL.test(src)) el.setAttribute('src', DATA_URL.exec(src)![0]);
  }
}

/** Keeps the first `max` characters of text under `root`, cutting inside the text node that crosses it. */
export function truncateText(root: Element, max: number): boolean {
  const doc = root.ownerDocument;
  const walker = doc.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
  let used = 0;
  let cut = false;
  const excess: Text[] = [];
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    const text = node.data.replace(/\s+/g, ' ');
    if (used >= max) {
      if (text.trim()) excess.push(node);
      continue;
    }
    if (used + text.length > max) {
      node.data = `${text.slice(0, max - used)}…`;
      cut = true;
      used = max;
    } else {
      node.data = text;
      used += text.length;
    }
  }
  for (const node of excess) node.remove();
  if (excess.length > 0) cut = true;
  // Elements emptied by the cut go too (images stay: they carry their own cue).
  if (!cut) return false;
  for (const el of [...root.querySelectorAll('*')].reverse()) {
    if (el.childNodes.length === 0 && el.tagName.toLowerCase() !== 'img' && el.tagName.toLowerCase() !== 'br') {
      el.remove();
    }
  }
  return true;
}

function collapse(html: string): string {
  return html.replace(/\s+/g, ' ').replace(/>\s+</g, '><').trim();
}

/** Removes every element under `root` that holds no item (text and tags outside the blocks say nothing). */
function pruneToItems(root: Element): void {
  const walk = (el: Element): boolean => {
    if (el.hasAttribute(ITEM_ID_ATTR)) return true;
    let holds = false;
    for (const child of [...el.childNodes]) {
      if (child.nodeType === 1) {
        if (walk(child as Element)) holds = true;
        else child.remove();
      } else {
        child.remove();
      }
    }
    return holds;
  };
  walk(root);
}

export function simplifyPage(snapshot: PageSnapshot, options: SimplifyOptions = {}): SimplifiedPage {
  const max = options.maxChars ?? DEFAULT_MAX_BLOCK_CHARS;
  const parse = options.parse ?? ((html: string) => new DOMParser().parseFromString(html, 'text/html'));
  const body = parse(`<!doctype html><body>${snapshot.html}</body>`).body;
  const dropped: DroppedBlock[] = [];
  const invisible = new Set(snapshot.blocks.filter((b) => !b.visible).map((b) => b.id));

  // 1. DOM cleaning: boilerplate subtrees and hidden elements go, with the blocks inside them.
  const removeWithBlocks = (el: Element, why: string) => {
    const ids = [el, ...el.querySelectorAll(`[${BLOCK_ATTR}]`)].map((e) => e.getAttribute(BLOCK_ATTR)).filter((v): v is string => v !== null);
    for (const id of ids) dropped.push({ block: Number(id), why });
    el.remove();
  };
  for (const el of [...body.querySelectorAll('*')]) {
    if (!el.isConnected) continue;
    const blockId = el.getAttribute(BLOCK_ATTR);
    const why = dropReason(el) ?? (blockId !== null && invisible.has(Number(blockId)) ? 'hidden' : null);
    if (why) removeWithBlocks(el, why);
  }

  // 3. Blocks become items: the outermost block element is the item, blocks nested in it belong to it.
  const items: SimplifiedItem[] = [];
  const elements = new Map<number, Element>();
  for (const el of [...body.querySelectorAll(`[${BLOCK_ATTR}]`)]) {
    if (el.parentElement?.closest(`[${ITEM_ID_ATTR}]`)) continue;
    const itemId = items.length + 1;
    const blocks = [el, ...el.querySelectorAll(`[${BLOCK_ATTR}]`)].map((e) => Number(e.getAttribute(BLOCK_ATTR)));
    el.setAttribute(ITEM_ID_ATTR, String(itemId));
    items.push({ itemId, blocks, html: '' });
    elements.set(itemId, el);
  }

  // 2. and 4. Attributes stripped everywhere (the block marks too: items carry their own id now), text cut per item.
  for (const el of body.querySelectorAll('*')) stripAttributes(el);
  for (const item of items) {
    const el = elements.get(item.itemId)!;
    truncateText(el, max);
    item.html = collapse(el.outerHTML);
  }
  pruneToItems(body);

  const render = (chosen: readonly number[], context: readonly number[] = []): string => {
    const keep = new Set(chosen);
    const show = new Set(context);
    const copy = body.cloneNode(true) as Element;
    for (const el of [...copy.querySelectorAll(`[${ITEM_ID_ATTR}]`)]) {
      const id = Number(el.getAttribute(ITEM_ID_ATTR));
      if (keep.has(id)) continue;
      if (show.has(id)) el.removeAttribute(ITEM_ID_ATTR);
      else el.remove();
    }
    for (const el of [...copy.querySelectorAll('*')].reverse()) {
      if (el.childNodes.length === 0 && !['img', 'br'].includes(el.tagName.toLowerCase())) el.remove();
    }
    return collapse(copy.innerHTML);
  };
  return { items, dropped, html: collapse(body.innerHTML), render };
}
