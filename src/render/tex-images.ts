/**
 * Formulas drawn as images: LaTeX rendering services (CodeCogs, Google Chart's `cht=tx`, a path holding the TeX)
 * carry the TeX in the image URL, and blogs that render equations to SVG put it in the alt text. Either way the
 * TeX is read back, so the reader typesets the formula and the Markdown export writes it as `$…$`.
 */
const TEX_COMMAND = /\\[a-zA-Z]+|[\^_]\{/;
const TEX_QUERY_KEYS = ['chl', 'tex', 'latex', 'eq', 'formula'];
const TEX_HINT = /latex|(?:^|[\s_-])(?:tex|math|equation|eqn?|formula)(?:$|[\s_-])/i;

function decoded(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return '';
  }
}

/**
 * Whether the parameter can only hold TeX, so a formula without commands ("A, B", "AB") counts too: a `latex` or
 * `tex` parameter of a LaTeX renderer (WordPress' latex.php), or Google Chart's `chl` when the chart type is TeX.
 */
function namesTex(url: URL, key: string): boolean {
  if (key === 'chl') return url.searchParams.get('cht') === 'tx';
  return (key === 'latex' || key === 'tex') && /latex|tex|math/i.test(url.hostname + url.pathname);
}

/** TeX held by the image URL: a query parameter, the whole query (CodeCogs) or the last path segment. */
function texFromUrl(src: string): string | null {
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return null;
  }
  if (url.protocol === 'data:') return null;
  for (const key of TEX_QUERY_KEYS) {
    const value = url.searchParams.get(key);
    if (value && (TEX_COMMAND.test(value) || namesTex(url, key))) return value;
  }
  // The whole query is the TeX (CodeCogs) when it has no key=value pair; a '=' inside the TeX is still encoded.
  const rawQuery = url.search.slice(1);
  const query = decoded(rawQuery);
  if (query && !rawQuery.includes('=') && TEX_COMMAND.test(query)) return query;
  const last = decoded(url.pathname.split('/').pop() ?? '');
  return TEX_COMMAND.test(last) ? last : null;
}

/** The TeX an image shows, or null when it is not a formula. */
export function texOfImage(img: Element): string | null {
  return texOfImageSource(img.getAttribute('src') ?? '', img.getAttribute('alt') ?? '', img.getAttribute('class') ?? '');
}

/** texOfImage from the image's source, alt text and class (a snapshot block's image has no element). */
export function texOfImageSource(src: string, altText: string, className = ''): string | null {
  const fromUrl = texFromUrl(src);
  if (fromUrl) return fromUrl.trim();
  const alt = altText.trim().replace(/^\$+|\$+$/g, '').trim();
  if (!alt) return null;
  // Alt text is prose more often than TeX: a hint that the image is math and TeX's marks, or a command and no
  // run of plain words.
  const hinted = TEX_HINT.test(`${className} ${src}`);
  if (hinted && /[\\^_{}]/.test(alt)) return alt;
  const words = alt.replace(/\\[a-zA-Z]+/g, ' ').match(/\b[a-z]{4,}\b/gi)?.length ?? 0;
  return TEX_COMMAND.test(alt) && words <= 3 ? alt : null;
}
