import { decide, emptyRecord, logRun } from '../decisions/record';
import type { Decision } from '../decisions/types';
import { hiddenArticleDecisions } from '../fallback/hidden-article';
import { markedPageClone } from '../fallback/marked-clone';
import { siblingSectionDecisions } from '../fallback/sibling-sections';
import { readabilityPastBoilerplate } from '../fallback/boilerplate-article';
import { readabilityDecision, readabilitySkipReason, type ReadabilityVerdict } from '../fallback/readability';
import { applyRemovalRules, explainRemovals } from '../boilerplate';
import { gceDecisions, runGce, type GceResult } from '../gce';
import { applyPageTypeProfile } from '../page-type';
import { applyBlockModel } from '../blocks/stage';
import { framesNote } from '../snapshot/frames';
import { takeSnapshot, type BlockDomMap } from '../snapshot/take-snapshot';
import { DEFAULT_READ_BUDGET } from '../snapshot/budget';
import { waitForContent } from '../snapshot/wait-for-content';
import { placeStreamedSegments } from '../snapshot/streamed-segments';
import { waitedNote } from '../render/page-notes';
import { linkClusterDecisions } from '../structure/link-clusters';
import { formulaInTextDecisions } from '../structure/formulas-in-text';
import { tableInTextDecisions } from '../structure/tables-in-text';
import { referencedNoteDecisions } from '../structure/referenced-notes';
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
  timings.gce = performance.now() - started;

  started = performance.now();
  let verdict: ReadabilityVerdict | null = null;
  const skipped = policy !== 'auto' ? null : readabilitySkipReason(snapshot, gce.mainNode >= 0);
  const structure = () => (verdict ??= skipped ? { kept: null, ms: 0, skipped } : readabilityPastBoilerplate(snapshot, page));
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
    } else if (skipped) {
      logRun(record, { stage: 'readability', path: 'readability:skipped', ms: 0, note: skipped });
    } else if (policy !== 'gce' && structure().error) {
      logRun(record, { stage: 'readability', path: 'readability:failed', ms: structure().ms, note: `Readability threw (${structure().error}); GCE's container used unchecked` });
    }
    const clusters = linkClusterDecisions(snapshot, record);
    for (const d of clusters) decide(record, d);
    logRun(record, { stage: 'structure', path: 'link-clusters', ms: 0, note: `${clusters.length} link clusters removed` });
  } else {
    // Hidden, overlay and empty blocks only: needed only when the container is not used.
    for (const d of gceDecisions(snapshot, { ...gce, mainNode: -1, path: 'failed' })) decide(record, d);
    logRun(record, { stage: 'gce', path: `gce:${gce.path}`, ms: timings.gce, note: `not used: ${rejection}` });
  }

  let mode = gceLabel(gce.path);
  if (rejection !== null) {
    const kept = structure().kept;
    if (kept) for (const d of hiddenArticleDecisions(snapshot, record, kept)) decide(record, d);
    const sections = kept ? siblingSectionDecisions(snapshot, record, kept) : [];
    for (const d of sections) decide(record, d);
    for (const block of snapshot.blocks) {
      if (record.decisions[block.id]) continue;
      decide(record, readabilityDecision(block.id, kept ? kept.has(block.id) : block.visible));
    }
    const failed = structure().error;
    const path = kept ? 'readability' : failed ? 'readability:failed' : 'whole-page';
    mode = kept ? 'Structural fallback (Readability)' : failed ? 'Whole page (the structural extractor failed)' : 'Whole page (no article structure found)';
    logRun(record, { stage: 'readability', path, ms: structure().ms, note: failed ? `${rejection}; Readability threw (${failed})` : rejection });
    if (sections.length > 0) logRun(record, { stage: 'readability', path: 'readability:sibling-sections', ms: 0, note: `${sections.length} blocks of the article's other sections kept` });
  }
  if (verdict) timings.fallback = performance.now() - started;
  const reread = (verdict as ReadabilityVerdict | null)?.reread; // set inside `structure`, which the compiler cannot see
  if (reread) logRun(record, { stage: 'readability', path: 'readability:reread', ms: 0, note: reread });

  for (const block of snapshot.blocks) {
    if (!record.decisions[block.id]) {
      decide(record, { block: block.id, kept: false, stage: 'structure', reason: 'No stage kept it', evidence: { kind: 'empty' } });
    }
  }
  // Parts of the article the structural extractor drops: notes the text refers to, formulas, data tables.
  const parts = [...referencedNoteDecisions(snapshot, record), ...formulaInTextDecisions(snapshot, record), ...tableInTextDecisions(snapshot, record)];
  for (const d of parts) decide(record, d);
  if (parts.length > 0) logRun(record, { stage: 'structure', path: 'article-parts', ms: 0, note: `${parts.length} footnote, formula or table blocks kept` });
  started = performance.now();
  applyRemovalRules(snapshot, record);
  explainRemovals(snapshot, record, rejection === null ? gce.mainNode : -1);
  timings.causes = performance.now() - started;
  timings.total = Object.values(timings).reduce((a, b) => a + b, 0);
  return { snapshot, record, mainNode: rejection === null ? gce.mainNode : -1, mode, timings };
}

/**
 * A stage run after the structural stages and the page type (the page bundle's perplexity stage,
 * `perplexity-stage.ts`): passed in, so that a reader of pages without it (the extension's content script) does not
 * bundle its code.
 */
export type LaterStage = (extraction: Extraction, options: ExtractOptions) => Promise<Extraction>;

export { runCorrectionsStage } from '../corrections/stage';

/** The whole pipeline in a live page: snapshot, then the stages (then `later`, e.g. perplexity, when given). */
export async function extractPage(doc: Document, options: ExtractOptions = {}, later?: LaterStage): Promise<Extraction> {
  return (await extractPageWithDom(doc, options, later)).extraction;
}

/** `extractPage`, with the live nodes behind each block (the annotator outlines them on the page). */
export async function extractPageWithDom(doc: Document, options: ExtractOptions = {}, later?: LaterStage): Promise<{ extraction: Extraction; dom: BlockDomMap }> {
  // The wait only helps: if it cannot run (no MutationObserver), the page is read as it is.
  const waited = options.waitForContentMs ? await waitForContent(doc, { timeoutMs: options.waitForContentMs }).catch(() => null) : null;
  // A React streaming page read before its scripts ran: its hidden segments are read where they belong, and put back
  // after the (synchronous) structural stages, which read the live page.
  const streamed = placeStreamedSegments(doc);
  let snapshot: PageSnapshot, dom: BlockDomMap, extraction: Extraction;
  try {
    ({ snapshot, dom } = takeSnapshot(doc, { ...DEFAULT_READ_BUDGET, ...options.budget }));
    if (waited) snapshot.waitedForContent = waited;
    // Readability reads the page as Readability.js would, so the fallback gives its answer on the same page; but a
    // clone of the live page lacks shadow-root and frame content, and on a page too large to read whole Readability
    // would take tens of seconds over every element: then it reads the snapshot's copy (what was read).
    const livePage = snapshot.composed || snapshot.stats.truncated ? undefined : () => markedPageClone(doc, dom);
    extraction = applyPageTypeProfile(runStructuralStages(snapshot, options, livePage));
    if (options.blockModel) extraction = applyBlockModel(extraction);
  } finally {
    streamed.restore();
  }
  if (streamed.count) logRun(extraction.record, { stage: 'snapshot', path: 'snapshot:streamed', ms: 0, note: `${streamed.count} streamed segment${streamed.count === 1 ? '' : 's'} read where the page's scripts would have placed ${streamed.count === 1 ? 'it' : 'them'}` });
  if (waited) logRun(extraction.record, { stage: 'snapshot', path: 'snapshot:waited', ms: waited.ms, note: waitedNote(waited) });
  if (snapshot.frames) logRun(extraction.record, { stage: 'snapshot', path: 'snapshot:frames', ms: 0, note: framesNote(snapshot.frames) });
  if (later) extraction = await later(extraction, options);
  return { extraction, dom };
}
