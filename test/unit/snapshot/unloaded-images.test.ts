/**
 * Images that have not loaded: an image with a source and no box (no alt, no declared size, offline or not yet
 * loaded) is waiting, not hidden; a tracking pixel, an aria-hidden image and one clipped away by its wrapper are not.
 * happy-dom lays nothing out, so every box is 0 × 0 unless the test's geometry says otherwise.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { PageGeometry } from '../../../src/snapshot/page-geometry';
import { declaresPixelSize, imageSize, insideClippedWrapper, isUnloadedImage } from '../../../src/snapshot/unloaded-images';

const ZERO = { x: 40, y: 300, width: 0, height: 0 };
function geometry(widths: Map<Element, number> = new Map()): PageGeometry {
  return {
    elementRect: (el: Element) => ({ ...ZERO, width: widths.get(el) ?? 0 }),
    docOf: () => document,
  } as unknown as PageGeometry;
}
const image = (selector: string) => document.querySelector(selector) as HTMLImageElement;
const SRC = 'http://example.test/images/flood-line.jpg';

describe('images that have not loaded', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('a photo with a source, no alt and no size, not loaded, is waiting to load', () => {
    document.body.innerHTML = '<article><p>Text.</p><div class="photo"><img id="photo" src="/images/flood-line.jpg"></div></article>';
    expect(isUnloadedImage(image('#photo'), SRC, geometry())).toBe(true);
  });

  it('a 1×1 tracking pixel, a spacer line and an aria-hidden image stay out', () => {
    document.body.innerHTML = `<img id="pixel" src="/t.gif" width="1" height="1"><img id="spacer" src="/s.gif" height="1">
      <img id="decor" src="/d.png" aria-hidden="true">`;
    for (const id of ['#pixel', '#spacer', '#decor']) expect(isUnloadedImage(image(id), SRC, geometry())).toBe(false);
    expect([image('#pixel'), image('#spacer'), image('#decor')].map(declaresPixelSize)).toEqual([true, true, false]);
  });

  it('a divider line declared 464 × 2 is a picture, not a pixel', () => {
    document.body.innerHTML = '<img id="line" src="/line.jpg" width="464" height="2">';
    expect(declaresPixelSize(image('#line'))).toBe(false);
  });

  it('an image without a source, or one that has loaded, is not waiting', () => {
    document.body.innerHTML = '<img id="none"><img id="loaded" src="/images/a.png">';
    expect(isUnloadedImage(image('#none'), '', geometry())).toBe(false);
    const loaded = image('#loaded');
    Object.defineProperty(loaded, 'complete', { value: true });
    Object.defineProperty(loaded, 'naturalWidth', { value: 800 });
    expect(isUnloadedImage(loaded, SRC, geometry())).toBe(false);
  });

  it('a wrapper that clips to no width hides the image; one that only collapsed around it does not', () => {
    document.body.innerHTML = `<div id="sr" style="overflow: hidden; position: absolute"><img id="a" src="/a.jpg"></div>
      <div id="flat" style="overflow: hidden; height: 0"><img id="b" src="/b.jpg"></div>
      <div id="wrap" style="overflow: hidden"><img id="c" src="/c.jpg"></div>`;
    const widths = new Map<Element, number>([[document.getElementById('flat')!, 600], [document.getElementById('wrap')!, 600]]);
    expect(insideClippedWrapper(image('#a'), geometry(widths))).toBe(true);
    expect(insideClippedWrapper(image('#b'), geometry(widths))).toBe(true);
    expect(insideClippedWrapper(image('#c'), geometry(widths))).toBe(false);
  });
});

describe('the size an image is recorded with', () => {
  /** Gives `img` what the browser would report: its laid-out box (16 px: the broken-image icon) and its loading state. */
  function shown(img: HTMLImageElement, o: { box: number; natural: number }): HTMLImageElement {
    Object.defineProperty(img, 'width', { value: o.box });
    Object.defineProperty(img, 'height', { value: o.box });
    Object.defineProperty(img, 'complete', { value: true });
    Object.defineProperty(img, 'naturalWidth', { value: o.natural });
    return img;
  }

  it('is unknown (0 × 0) for an image that has not loaded and declares no size: its box is the broken-image icon', () => {
    document.body.innerHTML = '<img id="photo" src="/images/flood-line.jpg">';
    expect(imageSize(shown(image('#photo'), { box: 16, natural: 0 }))).toEqual({ width: 0, height: 0 });
  });

  it('is the box for a loaded icon, and for an unloaded image that declares its size', () => {
    document.body.innerHTML = '<img id="icon" src="/icons/share.png"><img id="sized" src="/images/mast.jpg" width="640" height="400"><img id="styled" src="/images/mast.jpg" style="width:640px">';
    expect(imageSize(shown(image('#icon'), { box: 16, natural: 16 }))).toEqual({ width: 16, height: 16 });
    expect(imageSize(shown(image('#sized'), { box: 640, natural: 0 }))).toEqual({ width: 640, height: 640 });
    expect(imageSize(shown(image('#styled'), { box: 640, natural: 0 }))).toEqual({ width: 640, height: 640 });
  });
});
