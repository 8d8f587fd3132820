/** Resolving the real source of (lazy-loaded) images, so the reader and exports show them. */

const LAZY_SRC_ATTRIBUTES = ['data-src', 'data-lazy-src', 'data-original', 'data-lazy', 'data-url', 'data-hi-res-src'];
const LAZY_SRCSET_ATTRIBUTES = ['data-srcset', 'data-lazy-srcset', 'srcset'];
const PLACEHOLDER = /^data:|placeholder|blank\.|spacer|pixel\.|1x1|transparent\.(gif|png)|lazy[-_]?load/i;

interface SrcsetCandidate {
  url: string;
  /** Width in pixels ("640w") or pixel density ("2x", 1 when absent), whichever the descriptor gives. */
  width: number;
  density: number;
}

function srcsetCandidates(srcset: string): SrcsetCandidate[] {
  const out: SrcsetCandidate[] = [];
  // Candidates are "url descriptor" separated by a comma and whitespace (a bare comma may be part of a URL).
  for (const part of srcset.split(/,\s+/)) {
    const [url = '', descriptor = ''] = part.trim().split(/\s+/);
    if (!url) continue;
    const m = /^(\d+(?:\.\d+)?)([wx])$/i.exec(descriptor);
    const value = m ? parseFloat(m[1]) : 1;
    out.push({ url: url.replace(/,$/, ''), width: m?.[2].toLowerCase() === 'w' ? value : 0, density: m?.[2].toLowerCase() === 'x' ? value : 1 });
  }
  return out;
}

/** The candidate that reads best in a reader: the widest, else the densest. */
export function bestSrcsetUrl(srcset: string): string {
  let best: SrcsetCandidate | null = null;
  for (const c of srcsetCandidates(srcset)) {
    if (!best || c.width > best.width || (c.width === best.width && c.density > best.density)) best = c;
  }
  return best?.url ?? '';
}

function looksLikePlaceholder(src: string): boolean {
  return !src || (PLACEHOLDER.test(src) && !/^data:image\/(png|jpe?g|webp|gif);base64,.{400,}/.test(src));
}

/**
 * The image a lazy loader put in <noscript> next to its placeholder (`<img data-src><noscript><img src></noscript>`).
 * With scripts on, the noscript's content is text; it is parsed inert (a template), never loaded.
 */
function noscriptImage(img: Element): { src: string; srcset: string } | null {
  const siblings = [img.nextElementSibling, img.previousElementSibling, img.parentElement?.nextElementSibling ?? null];
  const noscript = siblings.find((el) => el?.localName === 'noscript');
  if (!noscript) return null;
  const template = img.ownerDocument.createElement('template');
  template.innerHTML = noscript.children.length > 0 ? noscript.innerHTML : (noscript.textContent ?? '');
  const real = template.content.querySelector('img');
  if (!real) return null;
  return { src: real.getAttribute('src') ?? '', srcset: real.getAttribute('srcset') ?? '' };
}

/**
 * The URL the image shows best once loaded: the largest candidate of its srcset (or its lazy-load srcset, or its
 * <picture>'s source), else its lazy-load source, else what the browser loaded; placeholders are skipped.
 */
export function resolveImageSrc(img: HTMLImageElement, base: string, absolute: (url: string) => string = (url) => absoluteUrl(url, base)): string {
  const candidates: string[] = [];
  for (const attr of LAZY_SRCSET_ATTRIBUTES) {
    const value = img.getAttribute(attr);
    if (value) candidates.push(bestSrcsetUrl(value));
  }
  const source = img.closest('picture')?.querySelector('source[srcset], source[data-srcset]');
  if (source) candidates.push(bestSrcsetUrl(source.getAttribute('srcset') ?? source.getAttribute('data-srcset') ?? ''));
  for (const attr of LAZY_SRC_ATTRIBUTES) candidates.push(img.getAttribute(attr) ?? '');
  const fromNoscript = noscriptImage(img);
  if (fromNoscript) candidates.push(bestSrcsetUrl(fromNoscript.srcset), fromNoscript.src);
  candidates.push(img.currentSrc, img.getAttribute('src') ?? '');
  const chosen = candidates.find((c) => c && !looksLikePlaceholder(c)) ?? candidates.find(Boolean) ?? '';
  return absolute(chosen);
}

/** The source a lazy loader has not put in place yet (the browser shows a placeholder or nothing), else null. */
export function pendingLazySource(img: HTMLImageElement, base: string): string | null {
  if (!showsPlaceholder(img)) return null;
  const src = resolveImageSrc(img, base);
  return isRealSource(src) ? src : null;
}

const showsPlaceholder = (img: HTMLImageElement): boolean => looksLikePlaceholder(img.currentSrc || img.getAttribute('src') || '');
const isRealSource = (src: string): boolean => src !== '' && !looksLikePlaceholder(src);

export function absoluteUrl(url: string, base: string): string {
  if (!url) return '';
  try {
    return new URL(url.trim(), base).href;
  } catch {
    return '';
  }
}

/**
 * `absoluteUrl` and `resolveImageSrc` against one base, each answer remembered: a page repeats the same hrefs and
 * image sources many times, each image is resolved for its block and for the copy, and every `new URL` parses the
 * base again.
 */
export class UrlResolver {
  private readonly absolutes = new Map<string, string>();
  private readonly images = new Map<Element, string>();

  constructor(private readonly base: string) {}

  absolute(url: string): string {
    let resolved = this.absolutes.get(url);
    if (resolved === undefined) {
      resolved = absoluteUrl(url, this.base);
      this.absolutes.set(url, resolved);
    }
    return resolved;
  }

  /**
   * The image's source is one its lazy loader has not put in place yet (the browser shows a placeholder or nothing):
   * such an image often waits transparent, or without a size, for the script that fades it in.
   */
  waitsForLoader(img: HTMLImageElement): boolean {
    return showsPlaceholder(img) && isRealSource(this.imageSrc(img));
  }

  imageSrc(img: HTMLImageElement): string {
    let src = this.images.get(img);
    if (src === undefined) {
      src = resolveImageSrc(img, this.base, (url) => this.absolute(url));
      this.images.set(img, src);
    }
    return src;
  }
}

/** A URL whose path names a picture file (query and fragment aside). */
const PICTURE_FILE = /^\S+\.(?:jpe?g|png|webp|gif|avif)(?:[?#]\S*)?$/i;
const FIGURE_MEDIA = 'img, picture, video, audio, svg, canvas, math, iframe, object, embed';

/**
 * The picture a figure names but does not show yet: its lazy loader draws the image when the figure scrolls into
 * view, and until then the figure holds a caption and an empty box, its picture's URL in one of its attributes
 * (schema.org's `itemid` on an ImageObject, a `data-*` source) or in a `<meta itemprop="contentUrl">`. The raw URL,
 * or '' when the figure shows media or names none.
 */
export function namedFigurePicture(figure: Element): string {
  if (figure.querySelector(FIGURE_MEDIA)) return '';
  for (const { name, value } of Array.from(figure.attributes)) {
    if (name !== 'class' && name !== 'style' && PICTURE_FILE.test(value.trim())) return value.trim();
  }
  const meta = figure.querySelector('meta[itemprop="contentUrl"][content], meta[itemprop="url"][content], meta[itemprop="image"][content]');
  const content = meta?.getAttribute('content')?.trim() ?? '';
  return PICTURE_FILE.test(content) ? content : '';
}
