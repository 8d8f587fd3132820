/**
 * Which `<noscript>` elements are read as part of the page. With scripting on (the usual case) the browser keeps a
 * noscript's content as one inert text node and shows nothing, so there is nothing to read. A page parsed with
 * scripting off (a reader who blocks scripts, a saved page opened without them) gets that content as elements, laid
 * out like the rest of the page. Discourse and Blogger put the whole thread or post there, for browsers whose scripts
 * do not run; other sites put a notice beside their content ("enable JavaScript", a consent form). So shown
 * noscripts are read only when they hold at least as much text as the rest of the page: then they are the page.
 */

/** Elements whose text is not the page's text. */
const NOT_TEXT = 'script, style, template';

/**
 * Length of the text under `root` (white space collapsed), leaving out what elements matching `skip` hold; counting
 * stops once it passes `enough` (the rest of a long page need not be read to know it is longer).
 */
function textLength(root: Element, skip: string, enough = Infinity): number {
  let length = 0;
  const texts = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = texts.nextNode(); n && length <= enough; n = texts.nextNode()) {
    if (!n.parentElement?.closest(skip)) length += (n.nodeValue ?? '').replace(/\s+/g, ' ').trim().length;
  }
  return length;
}

/**
 * A noscript holding only an image that no placeholder stands for: the lazy loader puts the image in an empty box
 * when the reader scrolls to it, so without scripts (or before it runs) the noscript's image is the only copy.
 * One beside a placeholder `<img>` is that image's twin, read through the placeholder (`images.ts`).
 */
function isLoneImage(noscript: Element): boolean {
  if (!noscript.querySelector('img[src], img[srcset]') || textLength(noscript, NOT_TEXT, 0) > 0) return false;
  const around = noscript.parentElement;
  return around !== null && ![...around.querySelectorAll('img, picture')].some((img) => !img.closest('noscript'));
}

export function noscriptsToRead(doc: Document): ReadonlySet<Element> {
  const body = doc.body;
  if (!body) return new Set();
  // Parsed as markup (scripting was off) and not inside another.
  const parsed = [...body.querySelectorAll('noscript')].filter((el) => el.firstElementChild !== null && !el.parentElement?.closest('noscript'));
  const images = parsed.filter(isLoneImage);
  // Holding text: read when that text is the page.
  const shown = parsed.map((el) => ({ el, length: textLength(el, NOT_TEXT) })).filter(({ length }) => length > 0);
  if (shown.length === 0) return new Set(images);
  const inside = shown.reduce((n, { length }) => n + length, 0);
  return inside >= textLength(body, `${NOT_TEXT}, noscript`, inside) ? new Set([...images, ...shown.map(({ el }) => el)]) : new Set(images);
}

/** Puts a <div> with the same attributes and children in the place of a read noscript (copies drop <noscript> whole). */
export function unwrapNoscript(el: Element): void {
  const div = el.ownerDocument.createElement('div');
  for (const name of el.getAttributeNames()) div.setAttribute(name, el.getAttribute(name)!);
  div.append(...el.childNodes);
  el.replaceWith(div);
}
