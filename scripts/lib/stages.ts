/** The `--stages` flag: a comma-separated list of pipeline stages to run after the snapshot. */
/**
 * Stages a run can ask for. 'gce' is the structural pipeline (snapshot, GCE, Readability, link clusters), which
 * always runs; 'perplexity' adds the n-gram language-model stage (in the page); 'sore' adds the semantic pass;
 * 'dripper' adds deep clean (block labels by a small language model, --llm).
 */
const SELECTABLE = ['gce', 'perplexity', 'sore', 'dripper'] as const;
export type SelectableStage = (typeof SELECTABLE)[number];

/** What runs when no --stages is given; used to name result files. */
export const DEFAULT_STAGES_LABEL = 'gce';

export function selectableStages(): string[] {
  return [...SELECTABLE];
}

function isSelectable(name: string): name is SelectableStage {
  return (SELECTABLE as readonly string[]).includes(name);
}

/** Parses "gce,sore"; throws with the offending name when one is unknown. */
export function parseStages(value: string): SelectableStage[] {
  const names = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 0) throw new Error('--stages needs at least one stage');
  const unknown = names.find((name) => !isSelectable(name));
  if (unknown !== undefined) throw new Error(`unknown stage "${unknown}" (known: ${selectableStages().join(', ')})`);
  return names.filter(isSelectable);
}

export function stagesLabel(stages: SelectableStage[] | undefined): string {
  return stages ? stages.join('+') : DEFAULT_STAGES_LABEL;
}
