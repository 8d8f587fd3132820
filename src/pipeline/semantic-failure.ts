/**
 * What a semantic pass that failed, was cancelled or ran out of time leaves: the structural extraction, with a
 * 'sore:failed' run that says why. The reader, the CLI and the benchmark all read the failure from there.
 * (No model code here: Node-side scripts import it.)
 */
import { logRun } from '../decisions/record';
import type { StageRun } from '../decisions/types';
import type { Extraction } from './types';
import { errorClause } from '../error-message';

/**
 * The structural extraction with a 'sore:failed' run that says why the semantic pass did not change it: what the
 * reader exports and the CLI prints when the pass fails, is cancelled or runs out of time.
 */
export function withSemanticFailure(extraction: Extraction, error: unknown, ms = 0): Extraction {
  const record = { decisions: extraction.record.decisions, runs: [...extraction.record.runs] };
  logRun(record, { stage: 'sore', path: 'sore:failed', ms, note: `failed: ${errorClause(error)}; the structural result is kept` });
  return { ...extraction, record, segments: undefined };
}

/** Why the semantic pass left the structural result, when it failed (undefined when it ran). */
export function semanticFailure(runs: readonly StageRun[]): string | undefined {
  const run = [...runs].reverse().find((r) => r.stage === 'sore');
  if (!run || run.path !== 'sore:failed') return undefined;
  const note = run.note ?? '';
  const failed = note.split('; ').find((part) => /failed/.test(part));
  return (failed ?? note).replace(/^failed: /, '') || 'the semantic pass failed';
}
