/**
 * The choice between GCE's container and Readability's article, and what each answer decides. Used by the
 * `article` stage of `stages.ts`.
 */
import { decide } from '../decisions/record';
import type { Decision, DecisionRecord } from '../decisions/types';
import { hiddenArticleDecisions } from '../fallback/hidden-article';
import { readabilityDecision, type ReadabilityVerdict } from '../fallback/readability';
import type { GceResult } from '../gce';
import type { Block, PageSnapshot } from '../snapshot/types';
import { ARTICLE_MIN_PROSE, isProse, textAmount } from '../text/prose';
import type { LayoutPolicy } from './page-api';
import { passOn, type PassSwitches } from './passes';
import { structuralAgreement } from './structural-agreement';

export function gceLabel(path: string): string {
  return `Layout (GCE, ${path.replace(/^M(\d)/, 'M$1 ').replace('nobest', 'no-best')})`;
}

export function keptIds(decisions: { block: number; kept: boolean }[]): Set<number> {
  return new Set(decisions.filter((d) => d.kept).map((d) => d.block));
}

/** Why GCE's answer is not used, or null when it is. */
export function gceRejection(
  snapshot: PageSnapshot,
  gce: GceResult,
  gceKept: Set<number>,
  policy: LayoutPolicy,
  readability: ReadabilityVerdict | null,
): string | null {
  if (gce.mainNode < 0) return 'GCE found no main container';
  if (policy === 'gce') return null;
  if (policy === 'readability') return 'structural path forced';
  const kept = readability?.kept ?? null;
  if (kept === null) return null; // no structural answer to prefer
  if (!snapshot.styled) return "the page's stylesheets did not load, so its layout is not the author's";
  const agreement = structuralAgreement(snapshot, gceKept, kept);
  return agreement.agrees
    ? null
    : `GCE's container disagrees with the page structure (coverage ${agreement.coverage.toFixed(2)}, purity ${agreement.purity.toFixed(2)})`;
}

/** Readability drops the article's own headline (it shows the title apart); inside the container it stays. */
function isTitleHeading(block: Block, snapshot: PageSnapshot): boolean {
  if (block.kind !== 'heading') return false;
  if (block.headingLevel === 1) return true;
  const title = snapshot.metadata.title.toLowerCase();
  const text = block.text.toLowerCase();
  return text.length > 0 && title.includes(text);
}

function structuralTrim(block: number): Decision {
  return {
    ...readabilityDecision(block, false),
    reason: 'Inside the main content area, but the page structure marks it as boilerplate (Readability)',
  };
}

/**
 * Running text of the container Readability left out when its article there was one data table (Readability can take
 * a large table inside a story for the article): the container's prose then stands. 0 when Readability kept anything
 * else in the container, or the container holds less than `ARTICLE_MIN_PROSE` of prose.
 */
export function proseLeftByFragment(snapshot: PageSnapshot, record: DecisionRecord, structural: Set<number>): number {
  let table = -1;
  for (const id of structural) {
    if (!record.decisions[id]?.kept) continue; // outside the container
    if (snapshot.blocks[id]?.kind !== 'table' || table >= 0) return 0;
    table = id;
  }
  if (table < 0) return 0;
  let left = 0;
  for (const b of snapshot.blocks) if (b.id !== table && record.decisions[b.id]?.kept && isProse(b)) left += textAmount(b.text);
  return left >= ARTICLE_MIN_PROSE ? left : 0;
}

/** Inside the container both agree on, the structural extractor's finer judgement removes what it dropped. */
export function trimInsideContainer(snapshot: PageSnapshot, record: DecisionRecord, structural: Set<number>): number {
  const inside = snapshot.blocks.filter((b) => record.decisions[b.id]?.kept && !structural.has(b.id) && !isTitleHeading(b, snapshot));
  for (const block of inside) decide(record, structuralTrim(block.id));
  return inside.length;
}

/** Readability's article decides every block GCE's hidden/overlay/empty checks left. */
export function decideByReadability(snapshot: PageSnapshot, record: DecisionRecord, kept: Set<number> | null, passes?: PassSwitches): void {
  if (kept && passOn(passes, 'hidden-article')) for (const d of hiddenArticleDecisions(snapshot, record, kept)) decide(record, d);
  for (const block of snapshot.blocks) {
    if (record.decisions[block.id]) continue;
    decide(record, readabilityDecision(block.id, kept ? kept.has(block.id) : block.visible));
  }
}
