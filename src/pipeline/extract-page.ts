import { logRun } from '../decisions/record';
import { markedPageClone } from '../fallback/marked-clone';
import { framesNote } from '../snapshot/frames';
import { takeSnapshot, type BlockDomMap } from '../snapshot/take-snapshot';
import { DEFAULT_READ_BUDGET } from '../snapshot/budget';
import { waitForContent } from '../snapshot/wait-for-content';
import { placeStreamedSegments } from '../snapshot/streamed-segments';
import { waitedNote } from '../render/page-notes';
import type { PageSnapshot } from '../snapshot/types';
import type { ExtractOptions } from './page-api';
import { extractionOf, newContext, runStages, stagesFrom, stagesUntil } from './run-stages';
import type { Extraction } from './types';

/**
 * Runs the structural stages of `stages.ts` (those before the page type) over a snapshot: pure apart from
 * Readability, which reads `page` (the page with its blocks marked) when given, else the snapshot's copy.
 */
export function runStructuralStages(snapshot: PageSnapshot, options: ExtractOptions = {}, page?: () => Document): Extraction {
  const ctx = runStages(newContext(snapshot, options, page), stagesUntil('page-type'));
  return extractionOf(ctx, { snapshot: snapshot.stats.ms });
}

/** Runs the stages from the page type on over the structural stages' extraction. */
export function applyPageTypeProfile(extraction: Extraction, options: ExtractOptions = {}): Extraction {
  const ctx = newContext(extraction.snapshot, options, undefined, extraction.record);
  ctx.mainNode = extraction.mainNode;
  ctx.mode = extraction.mode;
  runStages(ctx, stagesFrom('page-type'));
  return { ...extraction, ...extractionOf(ctx, extraction.timings) };
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
    extraction = applyPageTypeProfile(runStructuralStages(snapshot, options, livePage), options);
  } finally {
    streamed.restore();
  }
  if (streamed.count) logRun(extraction.record, { stage: 'snapshot', path: 'snapshot:streamed', ms: 0, note: `${streamed.count} streamed segment${streamed.count === 1 ? '' : 's'} read where the page's scripts would have placed ${streamed.count === 1 ? 'it' : 'them'}` });
  if (waited) logRun(extraction.record, { stage: 'snapshot', path: 'snapshot:waited', ms: waited.ms, note: waitedNote(waited) });
  if (snapshot.frames) logRun(extraction.record, { stage: 'snapshot', path: 'snapshot:frames', ms: 0, note: framesNote(snapshot.frames) });
  if (later) extraction = await later(extraction, options);
  return { extraction, dom };
}
