import type { OutlierIndex } from '../ann/outlier-index';
import type { Embedder } from '../embedding/types';
import type { SoreParams } from '../sore';
import type { OutlierGroup } from '../sore/groups';
import { buildOutlierIndex, outlierIndexKey } from '../sore/outlier-index-build';
import { semanticPass } from './semantic-pass';
import type { Extraction } from './types';

/** Where a semantic job gets its long-lived model and index: created once, reused for every page. */
export interface ModelAccess {
  embedder(spec: string): Promise<Embedder>;
  index(key: string, build: () => Promise<OutlierIndex>): Promise<OutlierIndex>;
}

export interface SemanticJob {
  spec: string;
  groups: readonly OutlierGroup[];
  params?: Partial<SoreParams>;
}

/** One page's semantic pass with the host's model and the outlier index built once per model and phrase list. */
export async function runSemanticJob(models: ModelAccess, extraction: Extraction, job: SemanticJob): Promise<Extraction> {
  const embedder = await models.embedder(job.spec);
  const index = await models.index(outlierIndexKey(embedder, job.groups), async () => (await buildOutlierIndex(embedder, job.groups)).index);
  return semanticPass(extraction, { embedder, index, groups: job.groups }, job.params);
}
