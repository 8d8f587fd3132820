/**
 * Footnotes, whatever markup the page used (WordPress footnote blocks, doc-noteref/doc-endnote roles, Pandoc, Hugo,
 * Jekyll/kramdown, markdown-it, Substack, Google Docs and Word exports, Tufte-style sidenotes, aside notes), become one
 * canonical form that the reader shows as footnotes and the Markdown export writes as `[^n]` … `[^n]: …`:
 *
 *   reference:  <sup data-pith-fnref="n">n</sup>            (linked to its note once the decisions are applied)
 *   notes:      <section data-pith-footnotes><ol><li data-pith-fn="n">…</li></ol></section>
 *
 * A reference is a short label ("1", "[2]", "*", "†") linking into the same page; the note is what it links to,
 * accepted when the markup says so (roles, footnote-ish ids/classes) or the note links back. Back-links and the
 * note's own number label go. Block markers move with the content, so the decision record still applies.
 */

export const FOOTNOTE_REF_ATTR = 'data-pith-fnref';
export const FOOTNOTE_ATTR = 'data-pith-fn';
export const FOOTNOTES_SECTION_ATTR = 'data-pith-footnotes';
const BLOCK_ATTR = 'data-pith-block';

const LABEL = /^(?:\d{1,3}|[a-z]|[*†‡§¶#]{1,3})$/i;
const HINT = /foot|endnote|(?:^|[\s_:-])fn|ftn|sidenote|(?:^|[\s_-])notes?(?:$|[\s_:-]|\d)/i;
const NOTE_CONTAINER = 'li, [role="doc-endnote"], [role="doc-footnote"], aside, .footnote, .footnote-item, div[id^="ftn"], p, dd';
const BACKLINK_TEXT = /^[\s↩︎↑⤴^]*$|^\s*(?:back|return|jump)\b/i;
const BACKLINK_HINT = /back|reverse|return/i;
const SIDENOTES = '.sidenote, .marginnote, .margin-note, span[role="doc-footnote"], aside[role="doc-footnote"]:not([id])';
const SIDENOTE_CHROME = 'label.margin-toggle, label.sidenote-number, input.margin-toggle, .sidenote-number:empty';

function labelOf(text: string): string {
  return text.trim().replace(/^[\[(]\s*|\s*[\])]$/g, '').trim();
}

function fragmentOf(link: Element, base: string): string | null {
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
    return target.parentElement?.closest(NOTE_CONTAINER) ?? target;
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

function isBacklink(link: Element, refIds: Set<string>, base: string): boolean {
  const frag = fragmentOf(link, base);
  if (frag && refIds.has(frag)) return true;
  if (link.getAttribute('role') === 'doc-backlink') return true;
  return frag !== null && (BACKLINK_HINT.test(link.getAttribute('class') ?? '') || BACKLINK_TEXT.test(link.textContent ?? ''));
}

function looksLikeNote(note: Element, target: Element, refIds: Set<string>, base: string): boolean {
  if (note.getAttribute('role') === 'doc-endnote' || note.getAttribute('role') === 'doc-footnote') return true;
  if (Array.from(note.querySelectorAll('a[href]')).some((a) => isBacklink(a, refIds, base))) return true;
  for (let e: Element | null = note, i = 0; e && i < 4; e = e.parentElement, i++) {
    if (HINT.test(hintText(e)) || e.getAttribute('role') === 'doc-endnotes') return true;
  }
  return HINT.test(hintText(target));
}

/** The element standing for a reference in the text: the <sup> around the link, or the link. */
function referenceElement(link: Element): Element {
  const parent = link.parentElement;
  if (parent?.localName === 'sup' && (parent.textContent ?? '').trim() === (link.textContent ?? '').trim()) return parent;
  return link;
}

function makeReference(doc: Document, n: number, replaced: Element): Element {
  const sup = doc.createElement('sup');
  sup.setAttribute(FOOTNOTE_REF_ATTR, String(n));
  sup.textContent = String(n);
  const block = replaced.getAttribute(BLOCK_ATTR);
  if (block !== null) sup.setAttribute(BLOCK_ATTR, block);
  return sup;
}

/** Drops back-links and the note's own leading label ("1.", "[1]", a number link). */
function cleanNote(note: Element, label: string, refIds: Set<string>, base: string): void {
  for (const link of Array.from(note.querySelectorAll('a[href]'))) {
    if (isBacklink(link, refIds, base)) {
      const parent = link.parentElement;
      link.remove();
      if (parent && parent !== note && parent.localName === 'sup' && !(parent.textContent ?? '').trim()) parent.remove();
    }
  }
  for (const number of Array.from(note.querySelectorAll('.footnote-number, .MsoFootnoteReference'))) number.remove();
  // A leading text label equal to the reference's ("1.", "[1]", "1)").
  const walker = note.ownerDocument.createTreeWalker(note, 4 /* text */);
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    if (!node.data.trim()) continue;
    const m = /^\s*[\[(]?\s*([^\s\])]{1,3}?)\s*[\]).:]?(?:\s+|$)/.exec(node.data);
    if (m && m[1] === label) node.data = node.data.slice(m[0].length);
    break;
  }
}

interface Note {
  n: number;
  element: Element;
  label: string;
  refIds: Set<string>;
}

function footnoteList(doc: Document): { section: Element; list: Element } {
  const section = doc.createElement('section');
  section.setAttribute(FOOTNOTES_SECTION_ATTR, '');
  const list = doc.createElement('ol');
  section.append(list);
  return { section, list };
}

function noteItem(doc: Document, n: number, content: Node[], block: string | null): Element {
  const li = doc.createElement('li');
  li.setAttribute(FOOTNOTE_ATTR, String(n));
  li.setAttribute('value', String(n));
  if (block !== null) li.setAttribute(BLOCK_ATTR, block);
  li.append(...content);
  return li;
}

/** Rewrites the page's footnotes into the canonical form (before presentational attributes are stripped). */
export function normalizeFootnotes(root: Element, base: string): void {
  const doc = root.ownerDocument;
  const targets = anchorTargets(root);
  const notes = new Map<Element, Note>();
  const references: { element: Element; note: Note }[] = [];

  for (const link of Array.from(root.querySelectorAll('a[href]'))) {
    const frag = fragmentOf(link, base);
    if (!frag) continue;
    const label = labelOf(link.textContent ?? '');
    const isNoteRef = link.getAttribute('role') === 'doc-noteref' || link.closest('[role="doc-noteref"]') !== null;
    if (!LABEL.test(label) && !(isNoteRef && label.length <= 4)) continue;
    const target = targets.get(frag);
    if (!target || target.contains(link)) continue;
    const note = noteOf(target);
    if (note.contains(link) || note === root || link.closest(`[${FOOTNOTES_SECTION_ATTR}]`)) continue;
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

  const sidenotes = Array.from(root.querySelectorAll(SIDENOTES)).filter(
    (el) => !notes.has(el) && !el.closest(`[${FOOTNOTES_SECTION_ATTR}]`) && (el.textContent ?? '').trim(),
  );
  if (notes.size === 0 && sidenotes.length === 0) return;

  const { section, list } = footnoteList(doc);
  const items: { n: number; li: Element }[] = [];
  let placeBefore: Element | null = null;
  for (const note of notes.values()) {
    const container =
      note.element.closest('[role="doc-endnotes"], .footnotes, .wp-block-footnotes, .footnote-list, [id="footnotes"]') ??
      (note.element.parentElement && /^(ol|ul)$/.test(note.element.parentElement.localName) ? note.element.parentElement : note.element);
    if (!placeBefore || container.compareDocumentPosition(placeBefore) & 4) placeBefore = container;
  }
  for (const { element, note } of references) element.replaceWith(makeReference(doc, note.n, element));
  for (const note of notes.values()) {
    cleanNote(note.element, note.label, note.refIds, base);
    items.push({ n: note.n, li: noteItem(doc, note.n, Array.from(note.element.childNodes), note.element.getAttribute(BLOCK_ATTR)) });
  }
  if (placeBefore?.isConnected) placeBefore.before(section);
  else root.append(section);
  for (const note of notes.values()) {
    const container = note.element.closest('[role="doc-endnotes"], .footnotes, .wp-block-footnotes');
    container?.querySelectorAll('hr').forEach((hr) => hr.remove());
    note.element.remove();
  }

  // Sidenotes: the note sits in the sentence; it becomes a reference there and a note in the list.
  let n = notes.size;
  for (const sidenote of sidenotes) {
    if (!sidenote.isConnected) continue;
    n++;
    const block = sidenote.closest(`[${BLOCK_ATTR}]`)?.getAttribute(BLOCK_ATTR) ?? null;
    const previous = sidenote.previousElementSibling;
    if (previous?.matches(SIDENOTE_CHROME)) previous.remove();
    sidenote.parentElement?.querySelectorAll(SIDENOTE_CHROME).forEach((c) => c.remove());
    const ref = makeReference(doc, n, sidenote);
    ref.removeAttribute(BLOCK_ATTR);
    const ownBlock = sidenote.getAttribute(BLOCK_ATTR);
    items.push({ n, li: noteItem(doc, n, Array.from(sidenote.childNodes), ownBlock ?? block) });
    sidenote.replaceWith(ref);
  }
  for (const { li } of items.sort((a, b) => a.n - b.n)) list.append(li);
  if (!section.isConnected) root.append(section);
}

/**
 * After the decisions are applied: each reference whose note is still there links to it (`#pith-fn-n`, first
 * reference `id="pith-fnref-n"`); a reference whose note was removed stays a plain number; an empty list goes.
 */
export function linkFootnotes(root: Element): void {
  const doc = root.ownerDocument;
  const kept = new Set(Array.from(root.querySelectorAll(`[${FOOTNOTE_ATTR}]`)).map((li) => li.getAttribute(FOOTNOTE_ATTR)));
  for (const li of Array.from(root.querySelectorAll(`[${FOOTNOTE_ATTR}]`))) li.setAttribute('id', `pith-fn-${li.getAttribute(FOOTNOTE_ATTR)}`);
  const seen = new Set<string>();
  for (const ref of Array.from(root.querySelectorAll(`sup[${FOOTNOTE_REF_ATTR}]`))) {
    const n = ref.getAttribute(FOOTNOTE_REF_ATTR) ?? '';
    if (!kept.has(n)) {
      ref.removeAttribute(FOOTNOTE_REF_ATTR);
      continue;
    }
    const link = doc.createElement('a');
    link.setAttribute('href', `#pith-fn-${n}`);
    if (!seen.has(n)) link.setAttribute('id', `pith-fnref-${n}`);
    seen.add(n);
    link.append(...Array.from(ref.childNodes));
    ref.append(link);
  }
  for (const section of Array.from(root.querySelectorAll(`[${FOOTNOTES_SECTION_ATTR}]`))) {
    if (!section.querySelector(`[${FOOTNOTE_ATTR}]`)) section.remove();
  }
}
