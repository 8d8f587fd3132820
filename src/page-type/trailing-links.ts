/**
 * Links to other stories after an article: a run of short, mostly-linked items (a "latest news" ticker, "most read",
 * "related" headlines) that follows the last paragraph of the article's running text. Language-neutral: it reads
 * only text amounts, link shares and the order of the kept blocks.
 */
import { blockLinkShare } from '../boilerplate/page-view';
import { decide, isKept } from '../decisions/record';
import type { DecisionRecord } from '../decisions/types';
import type { Block, PageSnapshot } from '../snapshot/types';
import { ARTICLE_MIN_PROSE, isProse, textAmount } from '../text/prose';

export interface TrailingLinkParams {
  /** Kept prose (Latin-character equivalents) the article must hold before anything after it is read as its surroundings. */
  minProse: number;
  /** An item: at most this much text… */
  maxItem: number;
  /** …and at least this share of it link text. */
  minLinkShare: number;
  /** A run: at least this many items in a row. */
  minItems: number;
}

export const TRAILING_LINKS: TrailingLinkParams = { minProse: ARTICLE_MIN_PROSE, maxItem: 300, minLinkShare: 0.7, minItems: 3 };

/** A time, date or count beside a headline ("17:57", "12.03."): too short to be an item, no link, not a heading. */
const SEPARATOR_MAX_CHARS = 20;

function isSeparator(block: Block): boolean {
  return !block.headingLevel && block.linkTextLength === 0 && textAmount(block.text) <= SEPARATOR_MAX_CHARS;
}

export interface TrailingRun {
  /** The run's blocks (items and the headings among or right above them), in order. */
  blocks: number[];
  items: number;
}

/** The runs of short linked items the record keeps after the article's last paragraph of prose; none when the page has too little prose. */
export function trailingLinkRuns(snapshot: PageSnapshot, record: DecisionRecord, params: TrailingLinkParams = TRAILING_LINKS): TrailingRun[] {
  const kept = snapshot.blocks.filter((b) => b.visible && b.text && isKept(record, b.id));
  let prose = 0;
  let end = -1;
  kept.forEach((b, i) => {
    if (!isProse(b)) return;
    prose += textAmount(b.text);
    end = i;
  });
  if (end < 0 || prose < params.minProse) return [];
  const runs: TrailingRun[] = [];
  let run: TrailingRun = { blocks: [], items: 0 };
  const close = () => {
    if (run.items >= params.minItems) runs.push(run);
    run = { blocks: [], items: 0 };
  };
  for (const block of kept.slice(end + 1)) {
    if (isSeparator(block)) {
      if (run.blocks.length > 0) run.blocks.push(block.id); // a headline's time or date: part of the run, not an item
      continue;
    }
    if (block.headingLevel && textAmount(block.text) <= params.maxItem) {
      if (run.items === 0) run = { blocks: [block.id], items: 0 }; // a heading right above a run titles it
      else run.blocks.push(block.id);
      continue;
    }
    if (textAmount(block.text) <= params.maxItem && blockLinkShare(block) >= params.minLinkShare) {
      run.blocks.push(block.id);
      run.items++;
      continue;
    }
    close();
  }
  close();
  return runs;
}

/** Removes the runs (`trailingLinkRuns`) with cause `related-content`. */
export function withoutTrailingLinks(snapshot: PageSnapshot, record: DecisionRecord, log: { detail: string; note: string }[]): void {
  const runs = trailingLinkRuns(snapshot, record);
  if (runs.length === 0) return;
  for (const run of runs) {
    const found = `a list of ${run.items} links to other pages after the end of the article`;
    for (const id of run.blocks) {
      decide(record, { block: id, kept: false, stage: 'page-type', cause: 'related-content', reason: `Links to other stories: ${found}`, evidence: { kind: 'page-type-profile', found } });
    }
  }
  log.push({ detail: 'trailing-links', note: `${runs.reduce((n, r) => n + r.items, 0)} linked headlines after the article's last paragraph removed (${runs.length} lists)` });
}
