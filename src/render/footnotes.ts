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
import { findFootnotes, isBacklink } from '../structure/footnote-links';

export const FOOTNOTE_REF_ATTR = 'data-pith-fnref';
export const FOOTNOTE_ATTR = 'data-pith-fn';
export const FOOTNOTES_SECTION_ATTR = 'data-pith-footnotes';
const BLOCK_ATTR = 'data-pith-block';
const BACKLINK_NOISE = '.footnote-number, .MsoFootnoteReference';

const SIDENOTES = '.sidenote, .marginnote, .margin-note, span[role="doc-footnote"], aside[role="doc-footnote"]:not([id])';
/**
 * Notes written in the sentence as a span that a stylesheet moves to the margin or opens on click: Tufte's convention
 * (the span right after its `margin-toggle`) and `span.footnote` holding the note itself. Counted only when the span
 * reads as a note (a few words), not as a reference label.
 */
const INLINE_NOTES = 'span.footnote, label.margin-toggle + span, input.margin-toggle + span';
const isInlineNote = (el: Element): boolean =>
  el.closest('p, li, dd, blockquote') !== null && ((el.textContent ?? '').trim().match(/\S+/g)?.length ?? 0) >= 3 && !el.querySelector('a[href^="#"], sup, [data-pith-fnref]');
const SIDENOTE_CHROME = 'label.margin-toggle, label.sidenote-number, input.margin-toggle, .sidenote-number:empty';
/** A note label as a page shows it in the sentence: "1", "[2]", "*", "†". */
const NOTE_LABEL = /^(?:\[?\d{1,3}\]?|[*†‡§])$/;

/**
 * Notes shown on hover: a label in the sentence whose `title` holds the note ("1" with the note's sentence as its
 * tooltip), the note's rich copy often hidden inside it until clicked (the copy keeps only the label then).
 * Links are left to the linked-footnote rules.
 */
function tooltipNotes(root: Element): Element[] {
  return Array.from(root.querySelectorAll('span[title], sup[title]')).filter((el) => {
    const title = el.getAttribute('title')?.trim() ?? '';
    if (title.length < 12 || !/\s/.test(title) || el.closest('a[href], [data-pith-fnref]')) return false;
    const label = (el.firstChild?.nodeType === 3 ? el.firstChild.textContent : el.textContent)?.trim() ?? '';
    return NOTE_LABEL.test(label);
  });
}

/** The note of a tooltip label: its own content after the label when it holds more, else the tooltip's text. */
function tooltipNoteContent(el: Element): Node[] {
  const doc = el.ownerDocument;
  const rich = Array.from(el.children).find((child) => {
    const text = (child.textContent ?? '').trim();
    return text.length > 0 && !NOTE_LABEL.test(text);
  });
  if (rich) return Array.from(rich.childNodes);
  return [doc.createTextNode(el.getAttribute('title')?.trim() ?? '')];
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
function cleanNote(note: Element, label: string, refIds: Set<string>, base: string, aliases: Set<string>): void {
  for (const link of Array.from(note.querySelectorAll('a[href]'))) {
    if (isBacklink(link, refIds, base, aliases)) {
      const parent = link.parentElement;
      link.remove();
      if (parent && parent !== note && parent.localName === 'sup' && !(parent.textContent ?? '').trim()) parent.remove();
    }
  }
  for (const number of Array.from(note.querySelectorAll(BACKLINK_NOISE))) number.remove();
  // A label line whose only content was the back-link (texinfo's <h5><a href="#DOCF1">(1)</a></h5>).
  for (const heading of Array.from(note.querySelectorAll('h1, h2, h3, h4, h5, h6'))) {
    if (!(heading.textContent ?? '').trim() && !heading.querySelector('img, math')) heading.remove();
  }
  // A leading text label equal to the reference's ("1.", "[1]", "1)").
  const walker = note.ownerDocument.createTreeWalker(note, 4 /* text */);
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    if (!node.data.trim()) continue;
    const m = /^\s*[\[(]?\s*([^\s\])]{1,3}?)\s*[\]).:]?(?:\s+|$)/.exec(node.data);
    if (m && m[1] === label) node.data = node.data.slice(m[0].length);
    break;
  }
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
  const { notes: found, references, aliases } = findFootnotes(root, base);
  const notes = new Map(found.map((n) => [n.element, n]));

  const inlineNotes = Array.from(root.querySelectorAll(INLINE_NOTES)).filter((el) => !el.matches(SIDENOTES) && isInlineNote(el));
  const sidenotes = [...Array.from(root.querySelectorAll(SIDENOTES)), ...inlineNotes]
    .filter((el) => !notes.has(el) && !found.some((note) => note.element.contains(el)) && !el.closest(`[${FOOTNOTES_SECTION_ATTR}]`) && (el.textContent ?? '').trim())
    .sort((a, b) => (a.compareDocumentPosition(b) & 4 ? -1 : 1));
  const tooltips = notes.size === 0 && sidenotes.length === 0 ? tooltipNotes(root) : [];
  if (notes.size === 0 && sidenotes.length === 0 && tooltips.length === 0) return;

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
    cleanNote(note.element, note.label, note.refIds, base, aliases);
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
  for (const tooltip of tooltips) {
    if (!tooltip.isConnected) continue;
    n++;
    const block = tooltip.closest(`[${BLOCK_ATTR}]`)?.getAttribute(BLOCK_ATTR) ?? null;
    items.push({ n, li: noteItem(doc, n, tooltipNoteContent(tooltip), block) });
    const ref = makeReference(doc, n, tooltip);
    ref.removeAttribute(BLOCK_ATTR);
    tooltip.replaceWith(ref);
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
  const kept = new Set<string | null>();
  for (const li of Array.from(root.querySelectorAll(`[${FOOTNOTE_ATTR}]`))) {
    const n = li.getAttribute(FOOTNOTE_ATTR);
    kept.add(n);
    li.setAttribute('id', `pith-fn-${n}`);
  }
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
