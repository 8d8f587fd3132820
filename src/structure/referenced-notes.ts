/**
 * Footnotes are part of the article they annotate: a note that a kept block refers to (a footnote link, see
 * footnote-links.ts) is kept even where the layout or the structural extractor took the notes section for
 * boilerplate (asides, a list after the article). Hidden blocks and fixed overlays stay removed.
 */
import type { Decision, DecisionRecord } from '../decisions/types';
import { copyTree } from '../snapshot/copy-tree';
import { fewCharacters } from '../snapshot/text';
import type { PageSnapshot } from '../snapshot/types';
import { findFootnotes, type FoundFootnotes } from './footnote-links';
import { mayHaveLooseFootnotes } from './loose-footnotes';

const BLOCK_SELECTOR = '[data-pith-block]';
const NOT_RESTORED = new Set(['hidden', 'fixed-overlay', 'empty']);

function blockIdOf(el: Element | null): number | null {
  const raw = el?.getAttribute('data-pith-block');
  return raw && /^\d+$/.test(raw) ? Number(raw) : null;
}

/** The most characters other than white space in a reference's text: a label in brackets, "[12]" (footnote-links.ts). */
const MAX_REFERENCE_CHARS = 6;

/**
 * Whether the copy can hold a footnote reference at all: a link into a page whose text is short enough for a label,
 * or a superscript, which a hand-written note turns into such a link (loose-footnotes.ts; nothing else there changes a
 * link's text but its white space). Most pages have neither, and finding the notes copies the page and reads every link.
 */
function mayHoldReferences(root: Element): boolean {
  if (root.querySelector('sup')) return true;
  for (const link of root.querySelectorAll('a[href*="#"]')) if (fewCharacters(link, MAX_REFERENCE_CHARS)) return true;
  return false;
}

/**
 * The page's notes and references, found once per page copy: the article-parts stage and the page-type stage (after a
 * profile) both ask, and only which blocks are kept differs between them. Keyed by the snapshot's node list, which a
 * profile's copy of the snapshot shares, and checked against its HTML, which a profile may extend.
 */
const found = new WeakMap<object, { html: string; footnotes: FoundFootnotes }>();

function pageFootnotes(snapshot: PageSnapshot): FoundFootnotes {
  const cached = found.get(snapshot.nodes);
  if (cached && cached.html === snapshot.html) return cached.footnotes;
  let footnotes: FoundFootnotes = { notes: [], references: [], aliases: new Set() };
  if (/href="[^"]*#|<sup/.test(snapshot.html)) {
    const shared = copyTree(snapshot);
    if (mayHoldReferences(shared)) {
      // Finding loose notes rewrites the tree; the snapshot's tree is shared, so they are found in a copy.
      const body = mayHaveLooseFootnotes(shared) ? (shared.cloneNode(true) as HTMLElement) : shared;
      footnotes = findFootnotes(body, snapshot.url);
    }
  }
  found.set(snapshot.nodes, { html: snapshot.html, footnotes });
  return footnotes;
}

export function referencedNoteDecisions(snapshot: PageSnapshot, record: DecisionRecord): Decision[] {
  const { notes, references } = pageFootnotes(snapshot);
  // Kept blocks referring to each note, gathered in one pass over the references (not one pass per note).
  const keptReferrers = new Map<(typeof notes)[number], number[]>();
  for (const r of references) {
    const id = blockIdOf(r.element.closest(BLOCK_SELECTOR));
    if (id === null || !(record.decisions[id]?.kept ?? false)) continue;
    const list = keptReferrers.get(r.note);
    if (list) list.push(id);
    else keptReferrers.set(r.note, [id]);
  }
  const out: Decision[] = [];
  for (const note of notes) {
    const from = keptReferrers.get(note);
    if (!from) continue;
    const ids = [note.element, ...Array.from(note.element.querySelectorAll(BLOCK_SELECTOR))].map(blockIdOf);
    for (const id of ids) {
      if (id === null) continue;
      const current = record.decisions[id];
      if (current?.kept || (current && NOT_RESTORED.has(current.evidence.kind))) continue;
      if (!snapshot.blocks[id]?.visible) continue;
      out.push({
        block: id,
        kept: true,
        stage: 'structure',
        reason: `Footnote ${note.n}, which the article refers to`,
        evidence: { kind: 'footnote', references: from },
      });
    }
  }
  return out;
}
