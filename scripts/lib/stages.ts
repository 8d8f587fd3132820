/** The `--stages` flag: a comma-separated list of pipeline stages to run after the snapshot. */
import type { StageName } from '../../src/decisions/types';

type SelectableStage = Exclude<StageName, 'snapshot' | 'user'>;

/** Keyed by every selectable StageName, so adding a stage to the union without listing it here fails to compile. */
const SELECTABLE: Record<SelectableStage, true> = {
  gce: true,
  overlay: true,
  readability: true,
  structure: true,
  sore: true,
  perplexity: true,
  dripper: true,
};

/** What the page runs when no --stages is given (ExtractOptions' default); used to name result files. */
export const DEFAULT_STAGES_LABEL = 'gce';

export function selectableStages(): string[] {
  return Object.keys(SELECTABLE);
}

function isSelectable(name: string): name is SelectableStage {
  return Object.hasOwn(SELECTABLE, name);
}

/** Parses "gce,overlay"; throws with the offending name when one is unknown. */
export function parseStages(value: string): StageName[] {
  const names = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 0) throw new Error('--stages needs at least one stage');
  const unknown = names.find((name) => !isSelectable(name));
  if (unknown !== undefined) throw new Error(`unknown stage "${unknown}" (known: ${selectableStages().join(', ')})`);
  return names.filter(isSelectable);
}

export function stagesLabel(stages: StageName[] | undefined): string {
  return stages ? stages.join('+') : DEFAULT_STAGES_LABEL;
}
