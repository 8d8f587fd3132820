/**
 * Footnote links in a page, whatever the markup (WordPress footnote blocks, doc-noteref/doc-endnote roles, Pandoc,
 * Hugo, Jekyll/kramdown, markdown-it, Substack, Google Docs and Word exports, aside notes): a reference is a short
 * label ("1", "[2]", "*", "†") linking into the same page; its note is what it links to, accepted when the markup says
 * so (roles, footnote-ish ids/classes) or the note links back. A link to another address the page gives itself (a
 * versioned paper citing `…v7#bib.bib2`) counts as into the page (ownAddresses). Used by the structural rule that keeps
 * notes the article refers to and by the reader/Markdown rendering of footnotes.
 */
import { groupLabelledNotes } from './labelled-notes';
import { afterNotesBoundary, linkLooseFootnotes } from './loose-footnotes';

export const LABEL = /^(?:\d{1,3}|[a-z]|[*†‡§¶#]{1,3})$/i;
const HINT = /foot|endnote|(?:^|[\s_:-])fn|ftn|sidenote|noteref|(?:^|[\s_-])(?:notes?|references?|citations?)(?:$|[\s_:-]|\d)/i;
const NOTE_CONTAINER = 'li, [role="doc-endnote"], [role="doc-footnote"], aside, .footnote, .footnote-item, div[id^="ftn"], p, dd';
const BACKLINK_TEXT = /^[\s↩︎↑⤴^]*$|^\s*(?:back|return|jump)\b/i;
const BACKLINK_HINT = /back|reverse|return/i;

export function labelOf(text: string): string {
  return text.trim().replace(/^[\[(]\s*|\s*[\])]$/g, '').trim();
}

/**
 * The fragment of a link into this page: same address as `base`, or one of `aliases` (other addresses the page gives
 * itself, see ownAddresses).
 */
export function fragmentOf(link: Element, base: string, aliases?: Set<string>): string | null {
  const href = link.getAttribute('href');
  if (!href || !href.includes('#')) return null;
  try {
    const url = new URL(href, base);
    const page = new URL(base);
    const samePage = url.origin === page.origin && url.pathname === page.pathname && url.search === page.search;
    if (!samePage && !aliases?.has(withoutHash(url))) return null;
    const frag = decodeURIComponent(url.hash.slice(1));
    return frag || null;
  } catch {
    return null;
  }
}

function withoutHash(url: URL): string {
  return `${url.origin}${url.pathname}${url.search}`;
}

/** Links to another address need this many distinct fragments found in this page before it counts as the page's own. */
const OWN_ADDRESS_FRAGMENTS = 3;

/**
 * Other addresses under which a page links to itself (a paper served at /html/1706.03762 whose citations link to
 * /html/1706.03762v7#bib.bib2, a mirrored or saved copy): an address whose links name several fragments, nearly all of
 * them ids in this page.
 */
export function ownAddresses(root: Element, base: string, targets: Map<string, Element>): Set<string> {
  const byAddress = new Map<string, { found: Set<string>; links: number; missing: number }>();
  let page: string;
  try {
    page = withoutHash(new URL(base));
  } catch {
    return new Set();
  }
  for (const link of Array.from(root.querySelectorAll('a[href*="#"]'))) {
    let url: URL;
    let frag: string;
    try {
      url = new URL(link.getAttribute('href') ?? '', base);
      frag = decodeURIComponent(url.hash.slice(1));
    } catch {
      continue; // not an address, or a fragment that is not valid percent-encoding ("#50%off")
    }
    const address = withoutHash(url);
    if (address === page || !frag || !/^https?:$/.test(url.protocol)) continue;
    const entry = byAddress.get(address) ?? { found: new Set<string>(), links: 0, missing: 0 };
    entry.links++;
    if (targets.has(frag)) entry.found.add(frag);
    else entry.missing++;
    byAddress.set(address, entry);
  }
  const own = new Set<string>();
  for (const [address, { found, links, missing }] of byAddress) {
    if (found.size >= OWN_ADDRESS_FRAGMENTS && missing <= links * 0.1) own.add(address);
  }
  return own;
}

/**
 * A link a reader cannot follow: one that only runs a script (a wiki's "scroll to note"), an anchor this page does
 * not hold, or an anchor on an address that is no host (Word's clipboard copies link notes to `//GUID#_ftnref1`).
 */
function leadsNowhere(link: Element, base: string, aliases: Set<string>, targets: Map<string, Element>): boolean {
  const href = link.getAttribute('href') ?? '';
  if (/^\s*javascript:/i.test(href)) return true;
  const frag = fragmentOf(link, base, aliases);
  if (frag) return !targets.has(frag);
  try {
    const url = new URL(href, base);
    return url.hash.length > 1 && /^https?:$/.test(url.protocol) && !url.hostname.includes('.') && !targets.has(decodeURIComponent(url.hash.slice(1)));
  } catch {
    return false;
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

export function isBacklink(link: Element, refIds: Set<string>, base: string, aliases?: Set<string>): boolean {
  const frag = fragmentOf(link, base, aliases);
  if (frag && refIds.has(frag)) return true;
  if (link.getAttribute('role') === 'doc-backlink') return true;
  // "↩" to "#" (a script goes back in history): a back-link with no target.
  if (/#$/.test(link.getAttribute('href') ?? '') && /[↩↑⤴]/.test(link.textContent ?? '') && BACKLINK_TEXT.test(link.textContent ?? '')) return true;
  return frag !== null && (BACKLINK_HINT.test(link.getAttribute('class') ?? '') || BACKLINK_TEXT.test(link.textContent ?? ''));
}

function looksLikeNote(note: Element, target: Element, refIds: Set<string>, base: string, aliases: Set<string>): boolean {
  if (note.getAttribute('role') === 'doc-endnote' || note.getAttribute('role') === 'doc-footnote') return true;
  if (Array.from(note.querySelectorAll('a[href]')).some((a) => isBacklink(a, refIds, base, aliases))) return true;
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
  /** Other addresses the page links to itself by (ownAddresses). */
  aliases: Set<string>;
  /** Each reference in the text (the <sup> around the link, or the link), with its note. */
  references: { element: Element; note: FoundNote }[];
}

/**
 * Footnote references and their notes under `root`; notes numbered in order of first reference. Loose notes (no
 * links) are first rewritten as linked ones: `root` changes, so pass a copy of a tree others read.
 */
export function findFootnotes(root: Element, base: string): FoundFootnotes {
  // Grouping labelled notes moves elements but adds no ids, so the targets found first still hold for loose notes.
  const initial = anchorTargets(root);
  const aliases = ownAddresses(root, base, initial);
  const targeted = new Set<string>();
  for (const link of Array.from(root.querySelectorAll('a[href*="#"]'))) {
    const frag = fragmentOf(link, base, aliases);
    if (frag) targeted.add(frag);
  }
  groupLabelledNotes(root, targeted);
  linkLooseFootnotes(root, (a) => leadsNowhere(a, base, aliases, initial));
  const targets = anchorTargets(root);
  const notes = new Map<Element, FoundNote>();
  const references: { element: Element; note: FoundNote }[] = [];
  for (const link of Array.from(root.querySelectorAll('a[href]'))) {
    const frag = fragmentOf(link, base, aliases);
    if (!frag) continue;
    const label = labelOf(link.textContent ?? '');
    const isNoteRef = link.getAttribute('role') === 'doc-noteref' || link.closest('[role="doc-noteref"]') !== null;
    if (!LABEL.test(label) && !(isNoteRef && label.length <= 4)) continue;
    const target = targets.get(frag);
    if (!target || target.contains(link)) continue;
    const note = noteOf(target);
    // A place marker in preformatted text (an RFC's "page-3", which its contents link to by page number) is no note.
    if (note.contains(link) || note === root || note.closest('pre') !== null || link.closest('[data-pith-footnotes]')) continue;
    if (target.compareDocumentPosition(link) & 4 /* link follows target */ && !isNoteRef) continue;
    const refElement = referenceElement(link);
    const refIds = idsAround(refElement);
    let entry = notes.get(note);
    if (!entry) {
      if (!isNoteRef && !looksLikeNote(note, target, refIds, base, aliases)) continue;
      entry = { n: notes.size + 1, element: note, label, refIds };
      notes.set(note, entry);
    } else {
      for (const id of refIds) entry.refIds.add(id);
    }
    references.push({ element: refElement, note: entry });
  }

  return { notes: [...notes.values()], references, aliases };
}
