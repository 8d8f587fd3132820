/**
 * An image that has not loaded (offline, a slow network, a `loading="lazy"` image far below the first screen) and
 * declares no size has no box: with no alt text it is laid out 0 × 0. It is not hidden; it is shown once it loads.
 * A tracking pixel or a spacer that declares a tiny size, an image marked aria-hidden, and an image inside a clipped
 * container of no width (a screen-reader-only or pixel wrapper) stay hidden; a block of nothing but pixels is hidden
 * even where the browser gives it a box.
 */
import type { PageGeometry } from './page-geometry';

/** A declared side at most this many pixels is a pixel or a spacer line, not a picture. */
const MAX_PIXEL_SIDE = 2;
/** How far up a clipped wrapper of no size is looked for. */
const MAX_WRAPPER_LEVELS = 6;

/** The width and height the image's attributes declare, those it declares, in pixels. */
function declaredSides(img: HTMLImageElement): number[] {
  const sides: number[] = [];
  for (const name of ['width', 'height']) {
    const value = img.getAttribute(name);
    if (value && /^\s*\d+(\.\d+)?\s*(px)?\s*$/i.test(value)) sides.push(parseFloat(value));
  }
  return sides;
}

/**
 * Whether `img` declares a pixel's size (every side it declares at most 2 px: a tracking pixel, a spacer), whether
 * it loaded or not. A divider line 464 × 2 is a picture of a line, not a pixel.
 */
export function declaresPixelSize(img: HTMLImageElement): boolean {
  const sides = declaredSides(img);
  return sides.length > 0 && sides.every((side) => side <= MAX_PIXEL_SIDE);
}

/** A pixel the page shows as one: it declares a pixel's size and the page's style does not make it larger. */
export function isPixel(img: HTMLImageElement, geometry: PageGeometry): boolean {
  if (!declaresPixelSize(img)) return false;
  const box = geometry.elementRect(img);
  return box.width <= MAX_PIXEL_SIDE || box.height <= MAX_PIXEL_SIDE;
}

/**
 * The image's size for the snapshot: its laid-out size, or 0 × 0 (unknown) when it has not loaded and neither its
 * attributes nor its inline style declare a size. Such a box is the browser's stand-in (a 16-px broken-image icon
 * without alt text, the alt text's line with it), which says nothing of the picture: read as its size, a lead photo
 * that has not loaded yet would look like an icon.
 */
export function imageSize(img: HTMLImageElement): { width: number; height: number } {
  const loaded = img.complete && img.naturalWidth > 0;
  const styled = img.style?.getPropertyValue('width') || img.style?.getPropertyValue('height');
  if (!loaded && declaredSides(img).length === 0 && !styled) return { width: 0, height: 0 };
  return { width: img.width, height: img.height };
}

/** Whether `img` has a source, has not loaded, has no box and is not a pixel the page hides on purpose. */
export function isUnloadedImage(img: HTMLImageElement, src: string, geometry: PageGeometry): boolean {
  if (!src || (img.complete && img.naturalWidth > 0)) return false;
  if (img.getAttribute('aria-hidden') === 'true') return false;
  if (declaresPixelSize(img)) return false;
  const box = geometry.elementRect(img);
  return box.width === 0 || box.height === 0;
}

/**
 * Whether `el` or a wrapper of it clips its content to nothing: overflow hidden (or a clip) on a box of at most one pixel
 * wide, or one whose inline style sets its height to at most one pixel. A wrapper that only collapsed around the
 * image (no width set, its height the image's 0) does not count.
 */
export function insideClippedWrapper(el: Element, geometry: PageGeometry): boolean {
  let wrapper: Element | null = el.localName === 'img' ? el.parentElement : el;
  for (let level = 0; wrapper && level < MAX_WRAPPER_LEVELS && wrapper.localName !== 'body'; level++, wrapper = wrapper.parentElement) {
    const style = (geometry.docOf(wrapper).defaultView ?? window).getComputedStyle(wrapper);
    const clips = style.overflow !== 'visible' || (style.clip !== '' && style.clip !== 'auto');
    if (!clips) continue;
    const rect = geometry.elementRect(wrapper);
    const inlineHeight = parseFloat((wrapper as HTMLElement).style?.getPropertyValue('height') || 'NaN');
    if (rect.width <= 1 || inlineHeight <= 1) return true;
  }
  return false;
}
