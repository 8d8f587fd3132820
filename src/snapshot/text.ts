/** Collapses layout whitespace; not \s, which would also turn a CJK text's ideographic space (U+3000) into ' '. */
const LAYOUT_SPACE = /[ \t\n\r\f\v\u00a0\u2028\u2029]+/g;

export function normaliseSpace(text: string): string {
  return text.replace(LAYOUT_SPACE, ' ').trim();
}

const NON_SPACE = /\S/g;

/**
 * Whether the element's text (its `textContent`) has at most `max` characters other than white space, read only until
 * it has more: cheap on a large element, whose whole text need not be read to say no.
 */
export function fewCharacters(el: Element, max: number): boolean {
  let count = 0;
  const texts = el.ownerDocument.createTreeWalker(el, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_CDATA_SECTION);
  for (let text = texts.nextNode(); text; text = texts.nextNode()) {
    const data = (text as CharacterData).data;
    NON_SPACE.lastIndex = 0;
    while (NON_SPACE.exec(data)) if (++count > max) return false;
  }
  return true;
}
