/**
 * Footnote links in a page, whatever the markup (WordPress footnote blocks, doc-noteref/doc-endnote roles, Pandoc,
 * Hugo, Jekyll/kramdown, markdown-it, Substack, Google Docs and Word exports, aside notes): a reference is a short
 * label ("1", "[2]", "*", "†") linking into the same page; its note is what it links to, accepted when the markup says
 * so (roles, footnote-ish ids/classes) or the note links back. Used by the structural rule that keeps notes the
 * article refers to and by the reader/Markdown rendering of footnotes.
 */
import { afterNotesBoundary, linkLooseFootnotes } from './loose-footnotes';

export const LABEL = /^(?:\d{1,3}|[a-z]|[*†‡§¶#]{1,3})$/i;
const HINT = /foot|endnote|(?:^|[\s_:-])fn|ftn|sidenote|noteref|(?:^|[\s_-])(?:notes?|references?|citations?)(?:$|[\s_:-]|\d)/i;
const NOTE_CONTAINER = 'li, [role="doc-endnote"], [role="doc-footnote"], aside, .footnote, .footnote-item, div[id^="ftn"], p, dd';
const BACKLINK_TEXT = /^[\s↩︎↑⤴^]*$|^\s*(?:back|return|jump)\b/i;
const BACKLINK_HINT = /back|reverse|return/i;

export function labelOf(text: string): string {
  return text.trim().replace(/^[\[(]\s*|\s*[\])]$/g, '').trim();
}

export function fragmentOf(link: Element, base: string): string | null {
  const href = link.getAttribute('href');
  if (!href || !href.includes('#')) return null;
  try {
    const url = new URL(href, base);
    const page = new URL(base);
    if (url.origin !== page.origin || url.pathname !== page.pathname || url.search !== page.search) return null;
    const frag = decodeURIComponent(url.hash.slice(1));
    return frag || null;
  } catch {
    return null;
  }
}

function hintText(el: Element | null): string {
  return el ? `${el.id} ${el.getAttribute('class') ?? ''} ${el.getAttribute('role') ?? ''} ${el.getAttribute('name') ?? ''}` : '';
}

/** id (and a[name]) → element, for resolving fragments. */
export function anchorTargets(root: Element): Map<string, Element> {
  const map = new Map<string, Element>();
  for (const el of Array.from(root.querySelectorAll('[id], a[name]'))) {
    const key = el.getAttribute('id') || el.getAttribute('name');
    if (key && !map.has(key)) map.set(key, el);
  }
  return map;
}

/** The element that holds the note a reference points at. */
function noteOf(target: Element): Element {
  const labelLike = LABEL.test(labelOf(target.textContent ?? '')) || (target.localName === 'a' && !(target.textContent ?? '').trim());
  if (target.localName === 'a' || labelLike || target.localName === 'sup' || target.localName === 'span') {
    let note = target.parentElement?.closest(NOTE_CONTAINER) ?? target;
    // A wrapper holding only the number (Substack: <p><a>1</a></p><div>text</div>): the note is further out.
    while ((note.textContent ?? '').trim() === (target.textContent ?? '').trim() && note.parentElement) {
      note = note.parentElement.closest(NOTE_CONTAINER) ?? note.parentElement;
    }
    return note;
  }
  return target;
}

function idsAround(el: Element): Set<string> {
  const ids = new Set<string>();
  for (let e: Element | null = el, i = 0; e && i < 3; e = e.parentElement, i++) {
    if (e.id) ids.add(e.id);
    const name = e.getAttribute('name');
    if (name) ids.add(name);
  }
  for (const inner of Array.from(el.querySelectorAll('[id], a[name]'))) ids.add(inner.id || inner.getAttribute('name') || '');
  return ids;
}

export function isBacklink(link: Element, refIds: Set<string>, base: string): boolean {
  const frag = fragmentOf(link, base);
  if (frag && refIds.has(frag)) return true;
  if (link.getAttribute('role') === 'doc-backlink') return true;
  // "↩" to "#" (a script goes back in history): a back-link with no target.
  if (/#$/.test(link.getAttribute('href') ?? '') && /[↩↑⤴]/.test(link.textContent ?? '') && BACKLINK_TEXT.test(link.textContent ?? '')) return true;
  return frag !== null && (BACKLINK_HINT.test(link.getAttribute('class') ?? '') || BACKLINK_TEXT.test(link.textContent ?? ''));
}

function looksLikeNote(note: Element, target: Element, refIds: Set<string>, base: string): boolean {
  if (note.getAttribute('role') === 'doc-endnote' || note.getAttribute('role') === 'doc-footnote') return true;
  if (Array.from(note.querySelectorAll('a[href]')).some((a) => isBacklink(a, refIds, base))) return true;
  for (let e: Element | null = note, i = 0; e && i < 4; e = e.parentElement, i++) {
    if (HINT.test(hintText(e)) || e.getAttribute('role') === 'doc-endnotes') return true;
  }
  return HINT.test(hintText(target)) || afterNotesBoundary(note);
}


/** The element standing for a reference in the text: the <sup> around the link, or the link. */
function referenceElement(link: Element): Element {
  const parent = link.parentElement;
  if (parent?.localName === 'sup' && (parent.textContent ?? '').trim() === (link.textContent ?? '').trim()) return parent;
  return link;
}


export interface FoundNote {
  n: number;
  element: Element;
  /** The reference's label ("1"), as the note may repeat it. */
  label: string;
  /** ids around the references (a note's back-links point at them). */
  refIds: Set<string>;
}

export interface FoundFootnotes {
  notes: FoundNote[];
  /** Each reference in the text (the <sup> around the link, or the link), with its note. */
  references: { element: Element; note: FoundNote }[];
}

/**
 * Footnote references and their notes under `root`; notes numbered in order of first reference. Loose notes (no
 * links) are first rewritten as linked ones: `root` changes, so pass a copy of a tree others read.
 */
export function findFootnotes(root: Element, base: string): FoundFootnotes {
  linkLooseFootnotes(root);
  const targets = anchorTargets(root);
  const notes = new Map<Element, FoundNote>();
  const references: { element: Element; note: FoundNote }[] = [];
  for (const link of Array.from(root.querySelectorAll('a[href]'))) {
    const frag = fragmentOf(link, base);
    if (!frag) continue;
    const label = labelOf(link.textContent ?? '');
    const isNoteRef = link.getAttribute('role') === 'doc-noteref' || link.closest('[role="doc-noteref"]') !== null;
    if (!LABEL.test(label) && !(isNoteRef && label.length <= 4)) continue;
    const target = targets.get(frag);
    if (!target || target.contains(link)) continue;
    const note = noteOf(target);
    if (note.contains(link) || note === root || link.closest('[data-pith-footnotes]')) continue;
    if (target.compareDocumentPosition(link) & 4 /* link follows target */ && !isNoteRef) continue;
    const refElement = referenceElement(link);
    const refIds = idsAround(refElement);
    let entry = notes.get(note);
    if (!entry) {
      if (!isNoteRef && !looksLikeNote(note, target, refIds, base)) continue;
      entry = { n: notes.size + 1, element: note, label, refIds };
      notes.set(note, entry);
    } else {
      for (const id of refIds) entry.refIds.add(id);
    }
    references.push({ element: refElement, note: entry });
  }

  return { notes: [...notes.values()], references };
}
