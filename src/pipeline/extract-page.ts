import { decide, emptyRecord, logRun } from '../decisions/record';
import type { Decision } from '../decisions/types';
import { readabilityDecision, runReadabilityOnSnapshot } from '../fallback/readability';
import { gceDecisions, runGce } from '../gce';
import { takeSnapshot } from '../snapshot/take-snapshot';
import type { PageSnapshot } from '../snapshot/types';
import type { ExtractOptions } from './page-api';
import type { Extraction } from './types';

/**
 * Which structural path decides: GCE's layout container when it finds one, else Readability on the snapshot.
 * 'auto' also distrusts GCE when the page has no author styles (layout is one unstyled column there).
 */
export type LayoutPolicy = 'auto' | 'gce' | 'readability';

export interface PipelineOptions extends ExtractOptions {
  layoutPolicy?: LayoutPolicy;
}

function modeLabel(path: string): string {
  if (path.startsWith('gce:')) return `Layout (GCE, ${path.slice(4).replace(/^M(\d)/, 'M$1 ').replace('nobest', 'no-best')})`;
  if (path === 'readability') return 'Structural fallback (Readability)';
  return 'Whole page (no article structure found)';
}

/** Runs the structural stages over a snapshot: pure apart from Readability's DOM parsing of the snapshot's copy. */
export function runStructuralStages(snapshot: PageSnapshot, options: PipelineOptions = {}): Extraction {
  const timings: Record<string, number> = { snapshot: snapshot.stats.ms };
  const record = emptyRecord();
  const policy = options.layoutPolicy ?? 'auto';

  let started = performance.now();
  const gce = runGce(snapshot);
  const useGce = gce.mainNode >= 0 && policy !== 'readability' && (policy === 'gce' || snapshot.styled);
  const gceResult: Decision[] = gceDecisions(snapshot, useGce ? gce : { ...gce, mainNode: -1, path: 'failed' });
  for (const d of gceResult) decide(record, d);
  timings.gce = performance.now() - started;
  logRun(record, { stage: 'gce', path: `gce:${gce.path}`, ms: timings.gce, note: useGce ? undefined : snapshot.styled ? undefined : 'page has no author styles' });

  let path = `gce:${gce.path}`;
  if (!useGce) {
    started = performance.now();
    const verdict = runReadabilityOnSnapshot(snapshot);
    for (const block of snapshot.blocks) {
      if (record.decisions[block.id]) continue;
      decide(record, readabilityDecision(block.id, verdict.kept ? verdict.kept.has(block.id) : block.visible));
    }
    timings.fallback = performance.now() - started;
    path = verdict.kept ? 'readability' : 'whole-page';
    logRun(record, { stage: 'readability', path, ms: timings.fallback });
  }

  for (const block of snapshot.blocks) {
    if (!record.decisions[block.id]) {
      decide(record, { block: block.id, kept: false, stage: 'structure', reason: 'No stage kept it', evidence: { kind: 'empty' } });
    }
  }
  timings.total = Object.values(timings).reduce((a, b) => a + b, 0);
  return { snapshot, record, mainNode: useGce ? gce.mainNode : -1, mode: modeLabel(path), timings };
}

/** The whole pipeline in a live page: snapshot, then the stages. The DOM map stays in the page (annotator). */
export async function extractPage(doc: Document, options: PipelineOptions = {}): Promise<Extraction> {
  const { snapshot } = takeSnapshot(doc);
  return runStructuralStages(snapshot, options);
}
