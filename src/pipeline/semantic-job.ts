import type { OutlierIndex } from '../ann/outlier-index';
import type { Embedder } from '../embedding/types';
import type { SoreParams } from '../sore';
import type { Exemplar } from '../sore/exemplars';
import type { OutlierGroup } from '../sore/groups';
import { buildOutlierIndex, droppedPhrasesMessage, outlierIndexKey } from '../sore/outlier-index-build';
import { withSemanticFailure } from './semantic-failure';
import { semanticPass } from './semantic-pass';
import type { Extraction } from './types';

/** An outlier index with what building it left out (said once per run, and in every page's record). */
export interface BuiltIndex {
  index: OutlierIndex;
  /** One sentence per problem, e.g. phrases the model could not represent; empty when there was none. */
  warnings: string[];
}

/** Where a semantic job gets its long-lived model and index: created once, reused for every page. */
export interface ModelAccess {
  embedder(spec: string): Promise<Embedder>;
  index(key: string, build: () => Promise<BuiltIndex>): Promise<BuiltIndex>;
}

export interface SemanticJob {
  spec: string;
  groups: readonly OutlierGroup[];
  /** Mined known lines (public/outlier-exemplars.json); none: the vote has only the hand-written phrases. */
  exemplars?: readonly Exemplar[];
  params?: Partial<SoreParams>;
  /** Throws to stop the pass (it then fails, keeping the structural result); the caller chooses the limit. */
  checkpoint?: () => void;
}

/** The outlier phrase list is required: without it SORE would run on its distance rule alone, unannounced. */
export const NO_GROUPS_MESSAGE = 'the outlier phrase list (outlier-groups.json) could not be loaded or has no usable groups';

/** The model and its outlier index, loaded or built once; warnings say what the index had to leave out. */
export async function prepareSemantic(
  models: ModelAccess,
  spec: string,
  groups: readonly OutlierGroup[],
  exemplars: readonly Exemplar[] = [],
): Promise<{ embedder: Embedder; built: BuiltIndex }> {
  if (groups.length === 0) throw new Error(NO_GROUPS_MESSAGE);
  const embedder = await models.embedder(spec);
  const built = await models.index(outlierIndexKey(embedder, groups, exemplars), async () => {
    const result = await buildOutlierIndex(embedder, groups, exemplars);
    const warnings = result.dropped.length > 0 ? [droppedPhrasesMessage(embedder.id, result.dropped, result.total)] : [];
    if (exemplars.length === 0) warnings.push(NO_EXEMPLARS_MESSAGE);
    return { index: result.index, warnings };
  });
  return { embedder, built };
}

export const NO_EXEMPLARS_MESSAGE = 'no mined known lines (outlier-exemplars.json): the vote has only the hand-written phrases';

/**
 * One page's semantic pass with the host's model and the outlier index built once per model and phrase list.
 * Never throws: a failure (no phrase list, model not loadable, time limit) keeps the structural result, with a
 * 'sore:failed' run saying why (see `withSemanticFailure`).
 */
export async function runSemanticJob(models: ModelAccess, extraction: Extraction, job: SemanticJob): Promise<Extraction> {
  const started = performance.now();
  try {
    const { embedder, built } = await prepareSemantic(models, job.spec, job.groups, job.exemplars);
    job.checkpoint?.();
    const result = await semanticPass(extraction, { embedder, index: built.index, groups: job.groups, checkpoint: job.checkpoint }, job.params);
    return built.warnings.length > 0 ? withRunWarnings(result, built.warnings) : result;
  } catch (error) {
    return withSemanticFailure(extraction, error, performance.now() - started);
  }
}

function withRunWarnings(extraction: Extraction, warnings: string[]): Extraction {
  const runs = extraction.record.runs.map((run) => (run.stage === 'sore' ? { ...run, warnings: [...(run.warnings ?? []), ...warnings] } : run));
  return { ...extraction, record: { ...extraction.record, runs } };
}
