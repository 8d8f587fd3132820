/**
 * JSON-LD text as a reader should see it. A JSON-LD script is raw text to the HTML parser, so what sites write into it
 * arrives as written: their HTML (character references, sometimes escaped twice, and tags) or a whole description
 * URL-encoded ("A%20deep%20chair").
 */

/** A character reference ("&amp;", "&#039;"), a tag ("<b>", "<wbr/>"), a percent-escape ("%20"). */
const ENTITY = /&(?:#\d+|#x[\da-f]+|[a-z][a-z\d]*);/i;
const TAG = /<\/?[a-z][^<>]*>/gi;
const PERCENT_ESCAPE = /%[\da-f]{2}/i;

/**
 * The text with its character references decoded by the page's own HTML parser, in an inert document: a <textarea>'s
 * content is read as text, so tags in it stay as written. (A decoding library's entity table would add some 30 kB to
 * every content script.)
 */
function decodeReferences(text: string): string {
  const doc = new DOMParser().parseFromString(`<textarea>${text.replace(/<\/textarea/gi, '&lt;/textarea')}</textarea>`, 'text/html');
  return doc.querySelector('textarea')?.value ?? text;
}

/** A JSON-LD value as words: references decoded, tags dropped, a URL-encoded value decoded. */
export function plainValue(value: string): string {
  let text = value;
  for (let i = 0; i < 2 && ENTITY.test(text); i++) text = decodeReferences(text);
  // Inline tags join the words around them ("Garten<wbr/>schlauch"); any other tag ends a word.
  text = text.replace(TAG, (tag) => (/^<\/?(wbr|b|i|em|strong|span|a|sup|sub|u)\b/i.test(tag) ? '' : ' ')).replace(/[ \t]{2,}/g, ' ');
  if (PERCENT_ESCAPE.test(text) && !/\s/.test(text.trim())) {
    try {
      text = decodeURIComponent(text);
    } catch { /* not URL-encoded after all: as it is */ }
  }
  return text.trim();
}
