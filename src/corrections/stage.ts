/**
 * The corrections stage: the user's saved rules for the site, applied after every other stage. A rule whose block
 * cannot be found on the page is left alone and counted, never applied to a look-alike.
 */
import { decide, logRun } from '../decisions/record';
import type { Decision, DecisionRecord } from '../decisions/types';
import type { Extraction } from '../pipeline/types';
import type { PageSnapshot } from '../snapshot/types';
import type { CorrectionRule } from './rules';
import { findBlock, pageSignatures } from './signature';
import { errorMessage } from '../error-message';

export interface CorrectionsOutcome {
  applied: number;
  /** Rules whose block is gone from the page (or changed beyond recognition). */
  unmatched: number;
}

export function correctionReason(host: string, savedAt: string): string {
  return `Your correction for ${host} (saved ${savedAt})`;
}

export function correctionDecision(block: number, kept: boolean, host: string, savedAt: string): Decision {
  return {
    block,
    kept,
    stage: 'user',
    reason: correctionReason(host, savedAt),
    ...(kept ? {} : { cause: 'user-correction' as const }),
    evidence: { kind: 'user-correction' },
  };
}

export function unmatchedNote(count: number): string {
  return count === 1 ? '1 saved correction no longer matches this page' : `${count} saved corrections no longer match this page`;
}

/** Applies a site's rules to the record, in place; later rules win over earlier ones for the same block. */
export function applyCorrections(snapshot: PageSnapshot, record: DecisionRecord, rules: readonly CorrectionRule[], started = performance.now()): CorrectionsOutcome {
  if (rules.length === 0) return { applied: 0, unmatched: 0 };
  let host = '';
  try {
    host = new URL(snapshot.url).hostname;
  } catch {
    host = snapshot.url;
  }
  const signatures = pageSignatures(snapshot);
  let applied = 0;
  let unmatched = 0;
  for (const rule of rules) {
    const block = findBlock(rule.signature, signatures);
    if (block < 0) {
      unmatched += 1;
      continue;
    }
    decide(record, correctionDecision(block, rule.kept, host, rule.savedAt));
    applied += 1;
  }
  const notes = [`${applied} saved correction${applied === 1 ? '' : 's'} applied`];
  if (unmatched > 0) notes.push(unmatchedNote(unmatched));
  logRun(record, { stage: 'user', path: 'corrections', ms: performance.now() - started, note: notes.join('; ') });
  return { applied, unmatched };
}

/**
 * The user's saved corrections for the site, last (after every other stage, so they win), in place. A failure is
 * logged in the record and leaves the extraction as it was.
 */
export function runCorrectionsStage(extraction: Extraction, rules: readonly CorrectionRule[]): Extraction {
  const started = performance.now();
  try {
    applyCorrections(extraction.snapshot, extraction.record, rules, started);
  } catch (error) {
    logRun(extraction.record, { stage: 'user', path: 'corrections:failed', ms: performance.now() - started, note: errorMessage(error) });
  }
  extraction.timings.corrections = performance.now() - started;
  return extraction;
}
