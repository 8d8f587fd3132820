/**
 * Gives every removal in the record its specific cause and a reason that names the evidence and the stage that
 * decided: "Site footer (in <footer>, 92% links) — outside the article (Readability)". The named rules of
 * `rules/` say what a block is; where none matches, a block outside the article container is named by where it sat
 * ("outside the article <div> marked “content”; it sat in <div> marked “topbar”, 6 blocks, 83% links"). Decisions
 * themselves are not changed: kept stays kept, removed stays removed.
 */
import type { RemovalCause } from '../decisions/causes';
import type { Decision, DecisionRecord } from '../decisions/types';
import type { Block, PageSnapshot } from '../snapshot/types';
import { classifyBlock, type Classification } from './classify';
import { classifyByPosition } from './layout-position';
import { blockLinkShare, buildPageView, commonAncestor, Relation, type PageView } from './page-view';
import { causeReason, describeElement, percent } from './words';

/** Inside the article, a block Readability dropped that is at least this much link text is a link cluster. */
const LINK_CLUSTER_SHARE = 0.5;

function firstWord(page: PageView, node: number): string | null {
  const hint = page.snapshot.nodes[node]?.hint ?? '';
  return hint.split(/\s+/).find((t) => t.length > 0 && t.length <= 40 && !t.includes('/')) ?? null;
}

function isInsideArticle(block: Block, page: PageView): boolean {
  return page.container >= 0 && (block.node === page.container || page.relation[block.node] === Relation.inside);
}

/** The outermost element around the block that does not hold the article: the part of the page it belongs to. */
function outerRegion(block: Block, page: PageView): number {
  const nodes = page.snapshot.nodes;
  let v = block.node;
  while (v > 0 && nodes[v]!.parent >= 0 && page.relation[nodes[v]!.parent] !== Relation.around) v = nodes[v]!.parent;
  return v;
}

function outsideEvidence(block: Block, page: PageView): string {
  const article = `${describeElement(page.snapshot.nodes[page.container]!, firstWord(page, page.container))}, ${page.keptCount} kept blocks`;
  const region = outerRegion(block, page);
  const blocks = page.blockCount[region] ?? 1;
  const text = page.textLength[region] ?? 0;
  const share = text > 0 ? (page.linkLength[region] ?? 0) / text : 0;
  const where = blocks <= 1 ? `it stands alone in ${describeElement(page.snapshot.nodes[region]!)}` : `it sat in ${describeElement(page.snapshot.nodes[region]!, firstWord(page, region))}, ${blocks} blocks, ${percent(share)}`;
  return `the article is ${article}; ${where}`;
}

/** Which stage decided, in the words that close the reason. */
function stagePhrase(decision: Decision, inside: boolean): string {
  switch (decision.evidence.kind) {
    case 'outside-main-container':
      return 'outside the main content area (layout)';
    case 'fixed-overlay':
      return 'fixed on the screen over the page (overlay check)';
    case 'structural-extractor':
      return inside ? 'inside the article, dropped by Readability' : 'outside the article (Readability)';
    case 'link-dense':
      return `link-cluster rule (${percent(decision.score ?? 0)})`;
    default:
      return `decided by ${decision.stage}`;
  }
}

function withCause(decision: Decision, cause: RemovalCause, reason: string): Decision {
  return { ...decision, cause, reason };
}

function explain(decision: Decision, block: Block, page: PageView): Decision {
  const kind = decision.evidence.kind;
  if (kind === 'hidden') return { ...decision, cause: 'hidden' };
  const hasContent = block.text.length > 0 || block.images.length > 0;
  if (!hasContent) return kind === 'empty' ? { ...decision, cause: 'empty' } : withCause(decision, 'empty', `Empty (no text or images) — ${decision.reason}`);
  if (decision.cause && decision.cause !== 'stage-decided') return decision; // a stage named it already
  if (kind !== 'outside-main-container' && kind !== 'fixed-overlay' && kind !== 'structural-extractor' && kind !== 'link-dense' && kind !== 'empty' && kind !== 'unclaimed') {
    return { ...decision, cause: decision.cause ?? 'stage-decided' };
  }
  const inside = isInsideArticle(block, page);
  const stage = stagePhrase(decision, inside);
  // An overlay floats over the page: where it happens to sit says nothing about what it is.
  const byPosition = !inside && kind !== 'fixed-overlay';
  const named: Classification | null = classifyBlock(block, page) ?? (byPosition ? classifyByPosition(block, page) : null);
  if (named) return withCause(decision, named.cause, causeReason(named.cause, named.evidence, stage));
  if (kind === 'fixed-overlay') return withCause(decision, 'fixed-overlay', decision.reason);
  if (kind === 'link-dense') return withCause(decision, 'link-cluster', decision.reason);
  if (!inside && page.container >= 0) {
    const by = decision.evidence.kind === 'structural-extractor' ? 'Readability' : 'layout (GCE)';
    return withCause(decision, 'outside-container', `Outside the article (${outsideEvidence(block, page)}) — decided by ${by}`);
  }
  const share = blockLinkShare(block);
  if (inside && share >= LINK_CLUSTER_SHARE) {
    return withCause(decision, 'link-cluster', `Mostly links (${percent(share)} of its text) — ${stage}`);
  }
  return withCause(decision, 'stage-decided', decision.reason);
}

/**
 * Sets `cause` and a specific `reason` on every removal in the record. `mainNode` is the article container when a
 * stage chose one (GCE); else the container is the lowest element holding every kept block.
 */
export function explainRemovals(snapshot: PageSnapshot, record: DecisionRecord, mainNode: number): void {
  const kept = snapshot.blocks.filter((b) => record.decisions[b.id]?.kept);
  const container = mainNode >= 0 ? mainNode : kept.length > 0 ? commonAncestor(snapshot, kept.map((b) => b.node)) : -1;
  const page = buildPageView(snapshot, container, kept.length);
  for (const block of snapshot.blocks) {
    const decision = record.decisions[block.id];
    if (!decision || decision.kept) continue;
    record.decisions[block.id] = explain(decision, block, page);
  }
}
