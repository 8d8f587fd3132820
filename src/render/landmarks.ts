/**
 * The page's own landmarks (main, nav, aside, header, footer, article) mean nothing inside the reader, which has its
 * own; screen readers would announce a "navigation" inside the article. They become plain <div>s, keeping their
 * attributes (block ids, lang, dir) and content.
 */

const LANDMARKS = 'main, nav, aside, header, footer, article';

export function flattenLandmarks(root: Element): void {
  for (const el of Array.from(root.querySelectorAll(LANDMARKS))) {
    const div = el.ownerDocument.createElement('div');
    for (const attr of Array.from(el.attributes)) div.setAttribute(attr.name, attr.value);
    div.append(...Array.from(el.childNodes));
    el.replaceWith(div);
  }
}
