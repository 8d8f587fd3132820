/**
 * Footnotes that no footnote generator wrote, as people write them by hand: a bare number in superscript in the
 * sentence (`<sup>1</sup>`, no link) and, further down, a note that starts with the same number (`<sup>1</sup>`,
 * `<strong>1</strong>`, `<b><sup>1</sup> Note:</b>`) after an `<hr>`, under a "Notes" heading, as `<p class="footnote">`,
 * or a list item of an `<ol start>` in an aside or of a list under a "Footnotes" heading; and notes that share one
 * paragraph, each behind a named anchor and separated by `<br>`. They are rewritten into linked notes (a reference
 * linking to a note with an id, each note its own element) so the footnote finder (footnote-links.ts) reads them like
 * any other. A number becomes a note only when a bare reference with that number comes before it. A number in a link
 * that leads nowhere (a script link, an anchor the page lacks, Word's pasted `//GUID#_ftnref1`) counts as bare.
 */
import { mayHaveLabelLines, textOf } from './labelled-notes';

const BARE_NUMBER = /^\[?(\d{1,3})[.)\]]?$/;
const NOTES_HEADING = /^(?:foot|end|side)?notes?$|^references?(?: and notes)?$|^notes and references$|^sources$|^citations$/i;
const NOTE_BLOCKS = new Set(['p', 'div', 'li', 'dd', 'section']);
const LEAD_TAGS = new Set(['sup', 'strong', 'b', 'a', 'span']);
const HEADING = /^h[1-6]$/;
export const LOOSE_NOTE_ID = 'pith-note-';


/**
 * Whether a link leads nowhere a reader can follow (set by the caller, see footnote-links.ts: a script link, an anchor
 * missing from the page): a number in such a link is a bare label.
 */
export type DeadLinkTest = (a: Element) => boolean;

const hasRealLink = (el: Element, isDeadLink: DeadLinkTest): boolean =>
  (el.localName === 'a' && el.hasAttribute('href') && !isDeadLink(el)) || Array.from(el.querySelectorAll('a[href]')).some((a) => !isDeadLink(a));

/** The first child node with content (whitespace-only text skipped). */
function firstContent(el: Element): Node | null {
  for (const node of Array.from(el.childNodes)) {
    if (node.nodeType === 3 && !(node.textContent ?? '').trim()) continue;
    if (node.nodeType === 8) continue;
    return node;
  }
  return null;
}

/** The number a note starts with, and the element holding it (removed once the note is linked). */
function leadingLabel(block: Element, isDeadLink: DeadLinkTest): { n: number; label: Element } | null {
  let lead = firstContent(block);
  if (!lead || lead.nodeType !== 1) return null;
  let el = lead as Element;
  if (!LEAD_TAGS.has(el.localName)) return null;
  // <b><sup>1</sup> Note:</b>: the number is the bold run's first child (in Word's notes, a span's).
  const inner = firstContent(el);
  if (/^(b|strong|a|span)$/.test(el.localName) && inner?.nodeType === 1 && (inner as Element).localName === 'sup') {
    lead = inner;
    el = inner as Element;
  }
  const m = BARE_NUMBER.exec(textOf(el));
  if (!m || hasRealLink(el, isDeadLink)) return null;
  // A number inside <a name> is the label; the anchor goes with it.
  const holder = el.parentElement?.localName === 'a' && !el.parentElement.hasAttribute('href') && textOf(el.parentElement) === textOf(el) ? el.parentElement : el;
  return { n: Number(m[1]), label: holder };
}

/** The nearest heading or <hr> before `el` among its preceding siblings (and those of its ancestors, up to `root`). */
function boundaryBefore(el: Element, root: Element | null): Element | null {
  for (let e: Element | null = el; e && e !== root; e = e.parentElement) {
    for (let s = e.previousElementSibling; s; s = s.previousElementSibling) {
      if (s.localName === 'hr' || HEADING.test(s.localName)) return s;
      const inner = s.querySelector('h1, h2, h3, h4, h5, h6, hr');
      if (inner) return Array.from(s.querySelectorAll('h1, h2, h3, h4, h5, h6, hr')).pop() ?? inner;
    }
  }
  return null;
}

function isNotesBoundary(boundary: Element | null): boolean {
  return boundary !== null && (boundary.localName === 'hr' || NOTES_HEADING.test(textOf(boundary).replace(/[:.]$/, '')));
}

/** Whether `el` sits after an <hr> or under a heading such as "Notes" or "References" (nothing between but blocks). */
export function afterNotesBoundary(el: Element): boolean {
  return isNotesBoundary(boundaryBefore(el, null));
}

/** List items numbered by their list: an <ol start> in an aside, or a list in a notes section. */
function listNotes(root: Element): Map<number, Element[]> {
  const out = new Map<number, Element[]>();
  for (const ol of Array.from(root.querySelectorAll('ol'))) {
    const inAside = ol.closest('aside') !== null && ol.hasAttribute('start');
    const inNotes = /foot|endnote/i.test(`${ol.parentElement?.getAttribute('class') ?? ''} ${ol.getAttribute('class') ?? ''}`) || (!ol.previousElementSibling?.matches('ol, ul, p') && isNotesBoundary(boundaryBefore(ol, root)) && boundaryBefore(ol, root)?.localName !== 'hr');
    if (!inAside && !inNotes) continue;
    const start = Number(ol.getAttribute('start') ?? '1') || 1;
    Array.from(ol.children)
      .filter((li) => li.localName === 'li')
      .forEach((li, i) => {
        const n = start + i;
        out.set(n, [...(out.get(n) ?? []), li]);
      });
  }
  return out;
}

interface LooseNote {
  n: number;
  start: Element;
  label: Element | null;
}

/** Bare superscript numbers in the text, by number, in document order. */
function bareReferences(root: Element, isDeadLink: DeadLinkTest): Map<number, Element[]> {
  const refs = new Map<number, Element[]>();
  for (const sup of Array.from(root.querySelectorAll('sup'))) {
    const m = /^\[?(\d{1,3})\]?$/.exec(textOf(sup));
    const link = sup.closest('a') ?? sup.querySelector('a');
    if (!m || (link && !(link.hasAttribute('href') && isDeadLink(link)))) continue;
    const n = Number(m[1]);
    refs.set(n, [...(refs.get(n) ?? []), sup]);
  }
  return refs;
}

/** Loose notes: blocks led by a number that a bare reference before them carries. */
function looseNotes(root: Element, refs: Map<number, Element[]>, isDeadLink: DeadLinkTest): LooseNote[] {
  const notes = new Map<number, LooseNote>();
  const follows = (el: Element, n: number) => (refs.get(n) ?? []).some((r) => !el.contains(r) && el.compareDocumentPosition(r) & 2 /* r precedes */);
  for (const block of Array.from(root.querySelectorAll('p, div, li, dd'))) {
    const lead = leadingLabel(block, isDeadLink);
    if (!lead || notes.has(lead.n) || !follows(block, lead.n)) continue;
    // The number leads a note only when the block is more than the number (a bare "1" paragraph is a list marker).
    if (textOf(block).length <= textOf(lead.label).length + 2) continue;
    if (Array.from(block.children).some((c) => NOTE_BLOCKS.has(c.localName) && leadingLabel(c, isDeadLink))) continue;
    notes.set(lead.n, { n: lead.n, start: block, label: lead.label });
  }
  for (const [n, items] of listNotes(root)) {
    if (notes.has(n) || !items[0] || !follows(items[0], n)) continue;
    notes.set(n, { n, start: items[0], label: null });
  }
  // Paragraph notes count only where the page marks them as notes: after an <hr> or a notes heading, or as a
  // footnote class; or when the numbers run 1, 2, 3, … as a set of notes does.
  const marked = (note: LooseNote) =>
    note.start.localName === 'li' || /foot|note/i.test(note.start.getAttribute('class') ?? '') || isNotesBoundary(boundaryBefore(note.start, root));
  const unmarked = [...notes.values()].filter((note) => !marked(note)).sort((a, b) => a.n - b.n);
  const isRun = unmarked.length >= 2 && unmarked.every((note, i) => note.n === i + 1 && note.start.parentElement === unmarked[0].start.parentElement);
  const kept = [...notes.values()].filter((note) => marked(note) || isRun);
  const numbers = new Set(kept.map((n) => n.n));
  return kept.filter((note) => note.n === 1 || numbers.has(note.n - 1)).sort((a, b) => a.n - b.n);
}

/** Blocks after a note that continue it (a list, more paragraphs), up to the next note, heading or rule. */
function continuation(note: LooseNote, starts: Set<Element>, root: Element): Element[] {
  if (note.start.localName === 'li' || !isNotesBoundary(boundaryBefore(note.start, root))) return [];
  const out: Element[] = [];
  for (let s = note.start.nextElementSibling; s; s = s.nextElementSibling) {
    if (starts.has(s) || HEADING.test(s.localName) || s.localName === 'hr' || s.querySelector('h1, h2, h3, h4, h5, h6, hr')) break;
    const lead = firstContent(s);
    if (lead?.nodeType === 1 && /^(b|strong)$/.test((lead as Element).localName)) break;
    if (!/^(p|ul|ol|blockquote|pre|div)$/.test(s.localName)) break;
    out.push(s);
  }
  // Only when nothing but notes follows: otherwise the blocks are the article going on.
  const after = out.length ? out[out.length - 1].nextElementSibling : null;
  return after === null || starts.has(after) ? out : [];
}

/** Notes sharing one paragraph behind named anchors (`<a name="one"><sup>1</sup></a> … <br><br> <a name="two">…`) get a paragraph each. */
function splitSharedNotes(root: Element): void {
  const named = new Map<string, Element>();
  for (const a of Array.from(root.querySelectorAll('a[name], a[id]'))) {
    if (BARE_NUMBER.test(textOf(a))) named.set(a.getAttribute('name') || a.id, a);
  }
  if (named.size < 2) return;
  const byBlock = new Map<Element, Element[]>();
  for (const link of Array.from(root.querySelectorAll('a[href^="#"]'))) {
    const target = named.get(decodeURIComponent((link.getAttribute('href') ?? '').slice(1)));
    const block = target?.parentElement;
    if (!target || !block || block.contains(link) || !NOTE_BLOCKS.has(block.localName)) continue;
    const list = byBlock.get(block) ?? [];
    if (!list.includes(target)) list.push(target);
    byBlock.set(block, list);
  }
  for (const [block, targets] of byBlock) {
    if (targets.length < 2 || !block.querySelector('br')) continue;
    const pieces: Node[][] = [[]];
    for (const node of Array.from(block.childNodes)) {
      if (targets.includes(node as Element) && pieces[pieces.length - 1].some((n) => (n.textContent ?? '').trim())) pieces.push([]);
      pieces[pieces.length - 1].push(node);
    }
    for (const piece of pieces) {
      while (piece.length && (piece[piece.length - 1].nodeName === 'BR' || !(piece[piece.length - 1].textContent ?? '').trim() && piece[piece.length - 1].nodeType === 3)) piece.pop();
      if (!piece.length) continue;
      const p = block.ownerDocument.createElement(block.localName);
      for (const attr of Array.from(block.attributes)) if (attr.name !== 'id') p.setAttribute(attr.name, attr.value);
      p.classList.add('footnote');
      p.append(...piece);
      block.before(p);
    }
    block.remove();
  }
}

/** "1. Note" loses its number with the label; the "." or ")" left in front of the note goes too. */
function dropLeadingPunctuation(block: Element): void {
  const first = firstContent(block);
  if (first?.nodeType === 3) first.textContent = (first.textContent ?? '').replace(/^\s*[.):]\s*/, '');
}

/** Whether the tree may hold loose footnotes (a cheap test before rewriting a copy of it). */
export function mayHaveLooseFootnotes(root: Element): boolean {
  return root.querySelector('sup, a[name], a[id]') !== null || mayHaveLabelLines(root);
}

/** Rewrites loose footnotes under `root` into linked notes. */
export function linkLooseFootnotes(root: Element, isDeadLink: DeadLinkTest): void {
  splitSharedNotes(root);
  const refs = bareReferences(root, isDeadLink);
  if (refs.size === 0) return;
  const notes = looseNotes(root, refs, isDeadLink).filter((note) => !note.start.closest(`[id^="${LOOSE_NOTE_ID}"]`));
  if (notes.length === 0) return;
  const doc = root.ownerDocument;
  const starts = new Set(notes.map((n) => n.start));
  for (const note of notes) {
    const id = `${LOOSE_NOTE_ID}${note.n}`;
    const more = continuation(note, starts, root);
    note.label?.remove();
    dropLeadingPunctuation(note.start);
    if (more.length === 0) note.start.setAttribute('id', id);
    else {
      const wrapper = doc.createElement('div');
      wrapper.setAttribute('id', id);
      wrapper.setAttribute('class', 'footnote');
      note.start.before(wrapper);
      wrapper.append(note.start, ...more);
    }
    for (const sup of refs.get(note.n) ?? []) {
      if (!root.contains(sup) || note.start.contains(sup) || sup.compareDocumentPosition(note.start) & 2) continue;
      const link = doc.createElement('a');
      link.setAttribute('href', `#${id}`);
      link.textContent = String(note.n);
      sup.replaceChildren(link);
    }
  }
}
