/** Resolving the real source of (lazy-loaded) images, so the reader and exports show them. */

const LAZY_SRC_ATTRIBUTES = ['data-src', 'data-lazy-src', 'data-original', 'data-lazy', 'data-url', 'data-hi-res-src'];
const LAZY_SRCSET_ATTRIBUTES = ['data-srcset', 'data-lazy-srcset', 'srcset'];
const PLACEHOLDER = /^data:|placeholder|blank\.|spacer|pixel\.|1x1|transparent\.(gif|png)|lazy[-_]?load/i;

function firstSrcsetUrl(srcset: string): string {
  // The largest candidate reads best in a reader; srcset lists "url 320w, url 640w".
  let best = '';
  let bestWidth = -1;
  for (const part of srcset.split(/,\s+/)) {
    const [url, descriptor = ''] = part.trim().split(/\s+/);
    const width = parseFloat(descriptor) || 0;
    if (url && width > bestWidth) {
      best = url;
      bestWidth = width;
    }
  }
  return best;
}

function looksLikePlaceholder(src: string): boolean {
  return !src || (PLACEHOLDER.test(src) && !/^data:image\/(png|jpe?g|webp|gif);base64,.{400,}/.test(src));
}

/** The URL the image would show once loaded: currentSrc unless it is a placeholder, else the lazy-load attributes. */
export function resolveImageSrc(img: HTMLImageElement, base: string): string {
  const candidates = [img.currentSrc, img.getAttribute('src') ?? ''];
  for (const attr of LAZY_SRC_ATTRIBUTES) candidates.push(img.getAttribute(attr) ?? '');
  for (const attr of LAZY_SRCSET_ATTRIBUTES) {
    const value = img.getAttribute(attr);
    if (value) candidates.push(firstSrcsetUrl(value));
  }
  const source = img.closest('picture')?.querySelector('source[srcset], source[data-srcset]');
  if (source) candidates.push(firstSrcsetUrl(source.getAttribute('srcset') ?? source.getAttribute('data-srcset') ?? ''));
  const chosen = candidates.find((c) => c && !looksLikePlaceholder(c)) ?? candidates.find(Boolean) ?? '';
  return absoluteUrl(chosen, base);
}

export function absoluteUrl(url: string, base: string): string {
  if (!url) return '';
  try {
    return new URL(url.trim(), base).href;
  } catch {
    return '';
  }
}
