/**
 * "Show removed", calmly: each run of removed blocks (a piece of "What was removed") is drawn collapsed behind one
 * thin marker, "Site menu — 12 links", which expands the run in place. A removed block that holds kept blocks is
 * not collapsed (the article's own text stays where it is). Runs on the rendered body, after pruning. Pure DOM.
 */
import type { Extraction } from '../pipeline/types';
import { REMOVED_CLASS } from './apply-decisions';
import { placeNames } from './place-names';
import { removedPieces } from './removal-summary';
import { causeEvidence, causeName, pieceFacts } from './vocabulary';

export const MARKER_CLASS = 'pith-removed-marker';
export const COLLAPSED_CLASS = 'pith-run-collapsed';
export const RUN_ATTR = 'data-pith-run';

const KEPT_INSIDE = `[data-pith-block]:not(.${REMOVED_CLASS})`;

/** The outermost element around `el` whose blocks all belong to the run (so hiding it hides nothing else). */
function outermost(el: Element, root: Element, members: Set<Element>): Element {
  let top = el;
  for (let parent = top.parentElement; parent && parent !== root; parent = parent.parentElement) {
    const blocks = parent.querySelectorAll('[data-pith-block]');
    if (parent.matches('[data-pith-block]') && !members.has(parent)) break;
    if (!Array.from(blocks).every((b) => members.has(b))) break;
    top = parent;
  }
  return top;
}

export function collapseRemovedRuns(root: Element, extraction: Extraction): void {
  const doc = root.ownerDocument;
  for (const { cause, piece } of removedPieces(extraction.snapshot.blocks, extraction.record, placeNames(extraction.snapshot, extraction.record))) {
    const members = piece.blocks
      .map((id) => root.querySelector(`.${REMOVED_CLASS}[data-pith-block="${id}"]`))
      .filter((el): el is Element => el !== null && el.querySelector(KEPT_INSIDE) === null);
    if (members.length === 0) continue;
    const set = new Set(members);
    const tops = new Set(members.map((el) => outermost(el, root, set)));
    const run = String(piece.block);
    for (const el of [...set, ...tops]) {
      el.classList.add(COLLAPSED_CLASS);
      el.setAttribute(RUN_ATTR, run);
    }
    const blocks = piece.blocks.map((id) => extraction.snapshot.blocks[id]!).filter(Boolean);
    const marker = doc.createElement('p');
    marker.className = MARKER_CLASS;
    marker.setAttribute(RUN_ATTR, run);
    marker.setAttribute('data-cause', cause);
    marker.setAttribute('role', 'button');
    marker.setAttribute('tabindex', '0');
    marker.setAttribute('aria-expanded', 'false');
    marker.textContent = `${causeName(cause)} — ${causeEvidence(cause, pieceFacts(blocks))}`;
    const first = [...tops][0]!;
    first.parentNode?.insertBefore(marker, first);
  }
}

/** Expands (or collapses) a run drawn by `collapseRemovedRuns`, in the live reader. */
export function setRunExpanded(root: Element, run: string, expanded: boolean): void {
  for (const el of Array.from(root.querySelectorAll(`[${RUN_ATTR}="${run}"]`))) {
    if (el.classList.contains(MARKER_CLASS)) el.setAttribute('aria-expanded', String(expanded));
    else el.classList.toggle(COLLAPSED_CLASS, !expanded);
  }
}

/** Expands (or collapses) every removed run of the live reader. */
export function setAllRunsExpanded(root: Element, expanded: boolean): void {
  for (const marker of Array.from(root.querySelectorAll(`.${MARKER_CLASS}`))) {
    const run = marker.getAttribute(RUN_ATTR);
    if (run) setRunExpanded(root, run, expanded);
  }
}
