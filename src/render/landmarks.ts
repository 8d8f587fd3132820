/**
 * The page's own landmarks (main, nav, aside, header, footer, article) mean nothing inside the reader, which has its
 * own; screen readers would announce a "navigation" inside the article. They become plain <div>s, keeping their
 * attributes (block ids, lang, dir) and content. So do the parts of layout tables (marked by the snapshot with
 * data-pith-layout="table"), which old pages use for columns: in the reader they are just boxes.
 */

const FLATTENED = 'main, nav, aside, header, footer, article, [data-pith-layout="table"]';

export function flattenLandmarks(root: Element): void {
  for (const el of Array.from(root.querySelectorAll(FLATTENED))) {
    const div = el.ownerDocument.createElement('div');
    for (const attr of Array.from(el.attributes)) {
      if (attr.name !== 'data-pith-layout') div.setAttribute(attr.name, attr.value);
    }
    div.append(...Array.from(el.childNodes));
    el.replaceWith(div);
  }
}
