/**
 * Where things are on the page: element and range rects in page coordinates, frames' nodes included (a read frame's
 * rects are relative to its own viewport, moved by where the frame sits).
 */
import { frameOrigin, offsetRect } from './frames';
import type { Rect } from './types';

export function area(r: Rect): number {
  return Math.max(0, r.width) * Math.max(0, r.height);
}

export class PageGeometry {
  private readonly rects = new Map<Element, Rect>();
  /** Page coordinates of each read frame's viewport origin (its nodes' rects are relative to it). */
  private readonly frameOrigins = new Map<Document, { x: number; y: number }>();
  /** The page does not scroll while it is read: its scroll offset is read once (each read would check layout). */
  private readonly scrollX: number;
  private readonly scrollY: number;

  constructor(
    private readonly doc: Document,
    private readonly win: Window,
  ) {
    this.scrollX = win.scrollX;
    this.scrollY = win.scrollY;
  }

  /** Records where `frame`, whose document is `frameDoc`, sits on the page, before its nodes are read. */
  addFrame(frameDoc: Document, frame: Element): void {
    this.frameOrigins.set(frameDoc, frameOrigin(frame, { x: this.win.scrollX, y: this.win.scrollY }));
  }

  /**
   * The document `node` belongs to. Until a frame is read every node walked is the page's own (shadow roots
   * included), and the walk asks this for most elements: no `ownerDocument` read then.
   */
  docOf(node: Node): Document {
    return this.frameOrigins.size === 0 ? this.doc : node.ownerDocument!;
  }

  /** An element's rect, read once: a block's element is also its node, and a link is often its own link container. */
  elementRect(el: Element): Rect {
    let rect = this.rects.get(el);
    if (!rect) {
      rect = this.rectOf(el);
      this.rects.set(el, rect);
    }
    return rect;
  }

  rectOf(target: Element | Range): Rect {
    const r = target.getBoundingClientRect();
    const origin = this.frameOrigins.size ? this.frameOrigins.get(target instanceof Range ? target.startContainer.ownerDocument! : target.ownerDocument) : undefined;
    if (origin) return offsetRect(r, origin);
    return { x: r.left + this.scrollX, y: r.top + this.scrollY, width: r.width, height: r.height };
  }
}
