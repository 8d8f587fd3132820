import { decide, logRun } from '../decisions/record';
import type { Embedder } from '../embedding/types';
import { runSore, type PhraseIndex, type SoreParams } from '../sore';
import type { OutlierGroup } from '../sore/groups';
import type { Extraction } from './types';

export interface SemanticDeps {
  embedder: Embedder;
  index: PhraseIndex;
  groups: readonly OutlierGroup[];
  /** Throws to stop SORE between embedding batches (it then reports 'sore:failed'), e.g. past a time limit. */
  checkpoint?: () => void;
}

/**
 * SORE over a structural extraction: its decisions replace the structural ones (which stay in `supersedes`), its
 * run joins the record, and its timings join the extraction's. Runs wherever the model lives (offscreen document,
 * Firefox background, the CLI's model page); the extraction is plain data so it crosses those boundaries.
 */
export async function semanticPass(extraction: Extraction, deps: SemanticDeps, params: Partial<SoreParams> = {}): Promise<Extraction> {
  const result = await runSore(
    { snapshot: extraction.snapshot, record: extraction.record, mainNode: extraction.mainNode },
    { embedder: deps.embedder, index: deps.index, groups: deps.groups, checkpoint: deps.checkpoint },
    params,
  );
  const record = { decisions: [...extraction.record.decisions], runs: [...extraction.record.runs] };
  for (const decision of result.decisions) decide(record, decision);
  logRun(record, { ...result.run, note: `${result.run.note ?? ''}; backend: ${deps.embedder.backend}${deps.embedder.backendReason ? ` (${deps.embedder.backendReason})` : ''}` });
  const timings: Record<string, number> = {
    ...extraction.timings,
    'sore.segment': result.timings.segment,
    'sore.embed': result.timings.embed,
    'sore.query': result.timings.query,
    sore: result.timings.total,
  };
  timings.total = (extraction.timings.total ?? 0) + result.timings.total;
  return { ...extraction, record, timings, segments: result.segments };
}
