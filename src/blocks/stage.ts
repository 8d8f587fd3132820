/**
 * The block-model stage: after the structural stages, the learned model decides keep or remove for the visible
 * blocks with text, alone ('alone') or only where it is very confident that the pipeline is wrong ('overturn': the
 * pipeline's decision stands elsewhere). Removals that a named rule is certain of (hidden, cookie banner, overlay,
 * login form...) keep their say and their cause. Each model decision carries the features that moved it most and
 * says them in words. The model file is loaded on first use (`withBlockModel`), never with the content script.
 */
import { classifyBlock } from '../boilerplate/classify';
import { classifyByPosition } from '../boilerplate/layout-position';
import { buildPageView } from '../boilerplate/page-view';
import type { RemovalCause } from '../decisions/causes';
import { decide, logRun } from '../decisions/record';
import type { Decision } from '../decisions/types';
import type { Extraction } from '../pipeline/types';
import { tokenize } from '../text/tokenize';
import { isCertainRemoval } from './certain-rules';
import { BLOCK_FEATURE_NAMES, blockFeatures } from './features';
import { blockMargin, modelKeeps, readBlockModel, sigmoid, type BlockModel, type BlockModelMode } from './model';
import { reasonWords, type Contribution } from './reason';

/** Contributions kept as evidence per decision (the reason uses the strongest few). */
const EVIDENCE_FEATURES = 6;

/** How the shipped model is used (chosen on the dev sets: bench/results/2026-11-28-block-model-general.md). */
export const SHIPPED_MODE: BlockModelMode = 'overturn';

let shipped: Promise<BlockModel> | undefined;
/** The model that comes with Pith, loaded once, on first use. */
export function shippedBlockModel(): Promise<BlockModel> {
  return (shipped ??= import('./model.json').then((file) => readBlockModel(file.default)));
}

/** The stage with the shipped model. */
export async function withBlockModel(extraction: Extraction, mode: BlockModelMode = SHIPPED_MODE): Promise<Extraction> {
  return applyBlockModel(extraction, await shippedBlockModel(), mode);
}

/** Where a removed block sat, when no named rule says what it is: the landmark around it. */
const LANDMARK_CAUSES: [string, RemovalCause][] = [
  ['in_nav', 'nav-menu'],
  ['in_footer', 'site-footer'],
  ['in_header', 'site-header'],
  ['in_aside', 'sidebar'],
];

/** The probability the decision was measured against. */
function cutoffOf(model: BlockModel, mode: BlockModelMode, pipelineKept: boolean): number {
  if (mode === 'alone' || !model.overturn) return model.cutoff;
  return pipelineKept ? model.overturn.removeBelow : model.overturn.keepAbove;
}

export function applyBlockModel(extraction: Extraction, model: BlockModel, mode: BlockModelMode = SHIPPED_MODE): Extraction {
  const started = performance.now();
  const { snapshot, record } = extraction;
  const rows = blockFeatures(extraction);
  const columns = model.features.map((f) => BLOCK_FEATURE_NAMES.indexOf(f));
  if (columns.some((c) => c < 0)) throw new Error('the block model was trained on features this version does not compute');
  const page = buildPageView(snapshot, extraction.mainNode, 0);
  let kept = 0;
  let decided = 0;
  let overturned = 0;
  for (const block of snapshot.blocks) {
    const previous = record.decisions[block.id];
    if (!block.visible || isCertainRemoval(previous) || tokenize(block.text).length === 0) continue;
    const full = rows[block.id]!;
    const row = Float32Array.from(columns, (c) => full[c]!);
    const contributions = new Float64Array(row.length);
    const probability = sigmoid(blockMargin(model, row, contributions));
    const pipelineKept = previous?.kept === true;
    const keep = modelKeeps(model, probability, mode, pipelineKept);
    decided++;
    if (keep) kept++;
    // Overturning only: where the model agrees, the pipeline's decision (and its reason) stands.
    if (mode === 'overturn' && keep === pipelineKept) continue;
    if (keep !== pipelineKept) overturned++;
    const byFeature: Contribution[] = model.features.map((feature, i) => ({ feature, value: row[i]!, contribution: contributions[i]! }));
    const values = Object.fromEntries(byFeature.map((c) => [c.feature, c.value]));
    const top = [...byFeature].sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution)).slice(0, EVIDENCE_FEATURES);
    const decision: Decision = {
      block: block.id,
      kept: keep,
      stage: 'model',
      reason: reasonWords(byFeature, keep, values),
      score: probability,
      threshold: cutoffOf(model, mode, pipelineKept),
      evidence: { kind: 'block-model', probability, cutoff: cutoffOf(model, mode, pipelineKept), contributions: top },
    };
    if (!keep) decision.cause = classifyBlock(block, page)?.cause ?? classifyByPosition(block, page)?.cause ?? LANDMARK_CAUSES.find(([f]) => values[f]! > 0.5)?.[1] ?? 'stage-decided';
    decide(record, decision);
  }
  const note = mode === 'overturn' ? `${overturned} of ${decided} pipeline decisions overturned by the block model` : `${kept} of ${decided} blocks kept by the block model`;
  logRun(record, { stage: 'model', path: `block-model:${mode}`, ms: performance.now() - started, note });
  return extraction;
}
