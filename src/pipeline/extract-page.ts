import { decide, emptyRecord, logRun } from '../decisions/record';
import type { Decision } from '../decisions/types';
import { hiddenArticleDecisions } from '../fallback/hidden-article';
import { markedPageClone } from '../fallback/marked-clone';
import { readabilityDecision, runReadabilityOnSnapshot } from '../fallback/readability';
import { gceDecisions, runGce, type GceResult } from '../gce';
import { takeSnapshot } from '../snapshot/take-snapshot';
import { linkClusterDecisions } from '../structure/link-clusters';
import type { Block, PageSnapshot } from '../snapshot/types';
import type { ExtractOptions, LayoutPolicy } from './page-api';
import { structuralAgreement } from './structural-agreement';
import type { Extraction } from './types';


function gceLabel(path: string): string {
  return `Layout (GCE, ${path.replace(/^M(\d)/, 'M$1 ').replace('nobest', 'no-best')})`;
}

function keptIds(decisions: { block: number; kept: boolean }[]): Set<number> {
  return new Set(decisions.filter((d) => d.kept).map((d) => d.block));
}

/** Why GCE's answer is not used, or null when it is. */
function gceRejection(
  snapshot: PageSnapshot,
  gce: GceResult,
  gceKept: Set<number>,
  policy: LayoutPolicy,
  structure: () => Set<number> | null,
): string | null {
  if (gce.mainNode < 0) return 'GCE found no main container';
  if (policy === 'gce') return null;
  if (policy === 'readability') return 'structural path forced';
  const kept = structure();
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
 * Runs the structural stages over a snapshot: pure apart from Readability, which reads `page` (the page with its
 * blocks marked) when given, else the snapshot's copy.
 */
export function runStructuralStages(snapshot: PageSnapshot, options: ExtractOptions = {}, page?: () => Document): Extraction {
  const timings: Record<string, number> = { snapshot: snapshot.stats.ms };
  const record = emptyRecord();
  const policy = options.layoutPolicy ?? 'auto';

  let started = performance.now();
  const gce = runGce(snapshot);
  const layoutDecisions = gceDecisions(snapshot, gce);
  const baseDecisions = gceDecisions(snapshot, { ...gce, mainNode: -1, path: 'failed' }); // hidden, overlay, empty
  timings.gce = performance.now() - started;

  started = performance.now();
  let verdict: ReturnType<typeof runReadabilityOnSnapshot> | null = null;
  const structure = () => (verdict ??= runReadabilityOnSnapshot(snapshot, undefined, page));
  const rejection = gceRejection(snapshot, gce, keptIds(layoutDecisions), policy, () => structure().kept);
  if (rejection === null) {
    for (const d of layoutDecisions) decide(record, d);
    logRun(record, { stage: 'gce', path: `gce:${gce.path}`, ms: timings.gce });
    // Inside the container both agree on, the structural extractor's finer judgement removes what it dropped.
    const structural = policy === 'gce' ? null : structure().kept;
    if (structural) {
      const inside = snapshot.blocks.filter((b) => record.decisions[b.id]?.kept && !structural.has(b.id) && !isTitleHeading(b, snapshot));
      for (const block of inside) decide(record, structuralTrim(block.id));
      logRun(record, { stage: 'readability', path: 'readability:within-container', ms: structure().ms, note: `${inside.length} blocks inside the container dropped by Readability` });
    }
    const clusters = linkClusterDecisions(snapshot, record);
    for (const d of clusters) decide(record, d);
    logRun(record, { stage: 'structure', path: 'link-clusters', ms: 0, note: `${clusters.length} link clusters removed` });
  } else {
    for (const d of baseDecisions) decide(record, d);
    logRun(record, { stage: 'gce', path: `gce:${gce.path}`, ms: timings.gce, note: `not used: ${rejection}` });
  }

  let mode = gceLabel(gce.path);
  if (rejection !== null) {
    const kept = structure().kept;
    if (kept) for (const d of hiddenArticleDecisions(snapshot, record, kept)) decide(record, d);
    for (const block of snapshot.blocks) {
      if (record.decisions[block.id]) continue;
      decide(record, readabilityDecision(block.id, kept ? kept.has(block.id) : block.visible));
    }
    const path = kept ? 'readability' : 'whole-page';
    mode = kept ? 'Structural fallback (Readability)' : 'Whole page (no article structure found)';
    logRun(record, { stage: 'readability', path, ms: structure().ms, note: rejection });
  }
  if (verdict) timings.fallback = performance.now() - started;

  for (const block of snapshot.blocks) {
    if (!record.decisions[block.id]) {
      decide(record, { block: block.id, kept: false, stage: 'structure', reason: 'No stage kept it', evidence: { kind: 'empty' } });
    }
  }
  timings.total = Object.values(timings).reduce((a, b) => a + b, 0);
  return { snapshot, record, mainNode: rejection === null ? gce.mainNode : -1, mode, timings };
}

/** The whole pipeline in a live page: snapshot, then the stages. */
export async function extractPage(doc: Document, options: ExtractOptions = {}): Promise<Extraction> {
  const { snapshot, dom } = takeSnapshot(doc);
  // Readability reads the page as Readability.js would, so the fallback gives its answer on the same page.
  return runStructuralStages(snapshot, options, () => markedPageClone(doc, dom));
}
