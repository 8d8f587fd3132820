/**
 * Computed styles as the walk reads them: one lookup per element, each property read when first asked.
 */
import type { PageGeometry } from './page-geometry';

/** Below this font size, text is not meant to be read (see `ElementInfo.transparent`). */
export const MIN_READABLE_FONT_PX = 4;
// "math" is MathML's "inline math" as Chromium serialises it (a block formula is "block math").
const INLINE_DISPLAYS = new Set(['inline', 'inline-block', 'inline-flex', 'inline-grid', 'ruby', 'ruby-text', 'contents', 'math']);

/**
 * An element's computed style, read property by property when first asked: most elements are only asked their
 * display (is it skipped, is it inline), and each read of a computed property costs a style lookup.
 */
export class ElementInfo {
  readonly display: string;
  private positionValue?: string;
  private visibilityValue?: string;
  private opacityValue?: number;
  private fontSizeValue?: number;
  private fontWeightValue?: number;

  constructor(private readonly style: CSSStyleDeclaration) {
    this.display = style.display;
  }

  get position(): string {
    return (this.positionValue ??= this.style.position);
  }

  get visibility(): string {
    return (this.visibilityValue ??= this.style.visibility);
  }

  get opacity(): number {
    return (this.opacityValue ??= parseFloat(this.style.opacity || '1'));
  }

  /**
   * Fully transparent and out of the flow (a faded-out slide, menu or dialog) or set in unreadably small type (a
   * widget's configuration kept in the page as text). Other transparent content keeps its place on the page, an empty
   * gap: it waits for a script to fade it in as the reader scrolls to it (scroll-reveal animations), and is read like
   * what the reader already sees.
   */
  get transparent(): boolean {
    return this.opacity === 0 && (this.position === 'absolute' || this.position === 'fixed' || this.fontSize < MIN_READABLE_FONT_PX);
  }

  get fontSize(): number {
    return (this.fontSizeValue ??= parseFloat(this.style.fontSize) || 16);
  }

  get fontWeight(): number {
    return (this.fontWeightValue ??= parseInt(this.style.fontWeight, 10) || 400);
  }
}

/** Every element's style the walk asked for, remembered; their count is what the read budget meters. */
export class StyleReader {
  private readonly info = new Map<Element, ElementInfo>();

  constructor(
    private readonly win: Window,
    private readonly geometry: PageGeometry,
  ) {}

  /** Elements whose style was read. */
  get count(): number {
    return this.info.size;
  }

  of(el: Element): ElementInfo {
    let info = this.info.get(el);
    if (!info) {
      // A frame's elements take their styles from the frame's own window.
      info = new ElementInfo((this.geometry.docOf(el).defaultView ?? this.win).getComputedStyle(el));
      this.info.set(el, info);
    }
    return info;
  }

  /** The style if the walk already read it (an element inside a unit read whole was never asked). */
  known(el: Element): ElementInfo | undefined {
    return this.info.get(el);
  }

  isInlineLevel(el: Element): boolean {
    const display = this.of(el).display;
    // Two-keyword values: "inline math" (MathML's <math>), "inline flow-root", "inline list-item".
    return INLINE_DISPLAYS.has(display) || display.startsWith('inline ');
  }
}
