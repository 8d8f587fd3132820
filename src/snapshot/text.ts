/** Collapses layout whitespace; not \s, which would also turn a CJK text's ideographic space (U+3000) into ' '. */
const LAYOUT_SPACE = /[ \t\n\r\f\v\u00a0\u2028\u2029]+/g;

export function normaliseSpace(text: string): string {
  return text.replace(LAYOUT_SPACE, ' ').trim();
}
