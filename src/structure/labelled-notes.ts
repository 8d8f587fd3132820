/**
 * Notes written as a label on a line of its own followed by the note (texinfo's
 * `<h5><a id="FOOT1" href="#DOCF1">(1)</a></h5><p>…</p>`, definition-list glossaries of notes): the label and the
 * blocks after it, up to the next label, become one note element, so the footnote finder sees the label's target
 * holding the note and not an empty heading. Only where two or more such labels, each the target of a link in the
 * page, stand side by side.
 */
import { fewCharacters } from '../snapshot/text';

const LABEL_TEXT = /^[\[(]?\s*(?:\d{1,3}|[a-z]|[*†‡§]{1,3})\s*[\])]?\.?$/i;
const LABEL_HOLDERS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'dt', 'div']);

/** The most characters other than white space that a text matching LABEL_TEXT holds: "[123]." */
const MAX_LABEL_CHARS = 6;

export const textOf = (el: Node): string => (el.textContent ?? '').replace(/\s+/g, ' ').trim();

/** Every <div> of a page is asked: its text is read whole only when it is short enough for a label. */
const isLabelText = (el: Element): boolean => fewCharacters(el, MAX_LABEL_CHARS) && LABEL_TEXT.test(textOf(el));

/** An element holding nothing but a note label, itself or an element inside it the target of a link. */
function isLabelLine(el: Element, targeted: Set<string>): boolean {
  if (!LABEL_HOLDERS.has(el.localName) || !isLabelText(el)) return false;
  const ids = [el, ...Array.from(el.querySelectorAll('[id], a[name]'))].map((e) => e.id || e.getAttribute('name') || '');
  return ids.some((id) => id && targeted.has(id));
}

/** Whether the tree may hold label lines (a cheap test before rewriting a copy of it); an `a[id]` inside one is tested by the caller. */
export function mayHaveLabelLines(root: Element): boolean {
  return Array.from(root.querySelectorAll('[id], a[name]')).some((el) => {
    const holder = LABEL_HOLDERS.has(el.localName) ? el : el.parentElement;
    return holder !== null && LABEL_HOLDERS.has(holder.localName) && isLabelText(holder);
  });
}

/** Groups each label line with the blocks after it into a `<div class="footnote">`; `targeted`: fragments linked to. */
export function groupLabelledNotes(root: Element, targeted: Set<string>): void {
  const parents = new Set<Element>();
  for (const el of Array.from(root.querySelectorAll('h1, h2, h3, h4, h5, h6, p, dt, div'))) {
    if (el.parentElement && isLabelLine(el, targeted)) parents.add(el.parentElement);
  }
  for (const parent of parents) {
    const labels = Array.from(parent.children).filter((c) => isLabelLine(c, targeted));
    if (labels.length < 2) continue;
    for (const label of labels) {
      const body: Element[] = [];
      for (let s = label.nextElementSibling; s && !labels.includes(s) && s.localName !== 'hr' && !/^h[1-6]$/.test(s.localName); s = s.nextElementSibling) {
        body.push(s);
      }
      if (body.length === 0 || !body.some((b) => textOf(b))) continue;
      const note = root.ownerDocument.createElement('div');
      note.setAttribute('class', 'footnote');
      label.before(note);
      note.append(label, ...body);
    }
  }
}
