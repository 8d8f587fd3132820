/**
 * Same-origin frames are read as part of the page, where they are drawn; a frame the page's origin may not read
 * (cross-origin, sandboxed) is named in the snapshot as not read, so the reader can say what it could not see.
 */
import type { FrameNote, Rect } from './types';

export type FrameAccess = { doc: Document } | { note: FrameNote };

function frameSrc(frame: Element): string {
  return frame.getAttribute('src') || (frame.hasAttribute('srcdoc') ? 'about:srcdoc' : 'about:blank');
}

/** The frame's document when this page may read it and it has a body; otherwise why not. */
export function frameAccess(frame: Element): FrameAccess {
  const src = frameSrc(frame);
  let doc: Document | null = null;
  try {
    doc = (frame as HTMLIFrameElement).contentDocument;
  } catch {
    doc = null;
  }
  if (!doc) return { note: { src, read: false, reason: 'cross-origin: the browser does not let the page read it' } };
  if (!doc.body) return { note: { src, read: false, reason: 'empty: the frame has no body' } };
  return { doc };
}

/** Where the frame's viewport origin sits on the page, so rects read inside it become page coordinates. */
export function frameOrigin(frame: Element, pageScroll: { x: number; y: number }): { x: number; y: number } {
  const r = frame.getBoundingClientRect();
  const style = frame.ownerDocument.defaultView?.getComputedStyle(frame);
  const padLeft = parseFloat(style?.paddingLeft ?? '0') || 0;
  const padTop = parseFloat(style?.paddingTop ?? '0') || 0;
  const inner = (frame as HTMLIFrameElement).contentWindow;
  return {
    x: r.left + pageScroll.x + frame.clientLeft + padLeft + (inner?.scrollX ?? 0),
    y: r.top + pageScroll.y + frame.clientTop + padTop + (inner?.scrollY ?? 0),
  };
}

export function offsetRect(r: DOMRect, origin: { x: number; y: number }): Rect {
  return { x: r.left + origin.x, y: r.top + origin.y, width: r.width, height: r.height };
}

/** One line for the record: "2 frames read; 1 not read (https://ads.example/…: cross-origin …)". */
export function framesNote(frames: FrameNote[]): string {
  const read = frames.filter((f) => f.read).length;
  const notRead = frames.filter((f) => !f.read);
  const parts = [`${read} frame${read === 1 ? '' : 's'} read`];
  if (notRead.length) parts.push(`${notRead.length} not read (${notRead.map((f) => `${f.src}: ${f.reason}`).join('; ')})`);
  return parts.join('; ');
}
