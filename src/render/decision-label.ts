/** Words for a decision, as the reader's tooltip shows them. */
import type { Decision, StageName } from '../decisions/types';

const STAGE_LABELS: Record<StageName, string> = {
  snapshot: 'Page snapshot',
  gce: 'Layout (GCE)',
  overlay: 'Overlay check',
  readability: 'Structure (Readability)',
  structure: 'Structure',
  model: 'Block model',
  sore: 'Semantic outliers',
  perplexity: 'Perplexity',
  'page-type': 'Page type',
  lm: 'Language model (deep clean)',
  user: 'Your correction',
};

export function stageLabel(stage: string): string {
  return (STAGE_LABELS as Record<string, string | undefined>)[stage] ?? stage;
}

function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (Number.isInteger(n)) return String(n);
  return Math.abs(n) >= 100 ? n.toFixed(0) : Number(n.toPrecision(3)).toString();
}

export interface DecisionLabel {
  reason: string;
  stage: string;
  /** e.g. "Score 0.12 · threshold 0.3", or null when the stage gave neither. */
  score: string | null;
  /** The decision this one replaced, in words, e.g. "Earlier: kept by Layout (GCE)". */
  earlier: string | null;
}

export function describeDecision(decision: Decision | undefined): DecisionLabel {
  if (!decision) return { reason: 'No decision was recorded for this block', stage: 'None', score: null, earlier: null };
  const parts: string[] = [];
  if (typeof decision.score === 'number') parts.push(`Score ${formatNumber(decision.score)}`);
  if (typeof decision.threshold === 'number') parts.push(`threshold ${formatNumber(decision.threshold)}`);
  const previous = decision.supersedes;
  return {
    reason: decision.reason || (decision.kept ? 'Kept' : 'Removed'),
    stage: stageLabel(decision.stage),
    score: parts.length > 0 ? parts.join(' · ') : null,
    earlier: previous ? `Earlier: ${previous.kept ? 'kept' : 'removed'} by ${stageLabel(previous.stage)}` : null,
  };
}
