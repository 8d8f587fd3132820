/**
 * The block-model stage: after the structural stages, the learned model decides keep or remove for every visible
 * block with text. Removals that a named rule is certain of (hidden, cookie banner, overlay, login form...) keep
 * their say and their cause. Each decision carries the features that moved it most and says them in words.
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
import { blockMargin, readBlockModel, sigmoid, type BlockModel } from './model';
import modelFile from './model.json';
import { reasonWords, type Contribution } from './reason';

/** Contributions kept as evidence per decision (the reason uses the strongest few). */
const EVIDENCE_FEATURES = 6;

let shipped: BlockModel | undefined;
function shippedModel(): BlockModel {
  return (shipped ??= readBlockModel(modelFile));
}

/** Where a removed block sat, when no named rule says what it is: the landmark around it. */
const LANDMARK_CAUSES: [string, RemovalCause][] = [
  ['in_nav', 'nav-menu'],
  ['in_footer', 'site-footer'],
  ['in_header', 'site-header'],
  ['in_aside', 'sidebar'],
];

export function applyBlockModel(extraction: Extraction, model: BlockModel = shippedModel()): Extraction {
  const started = performance.now();
  const { snapshot, record } = extraction;
  const rows = blockFeatures(extraction);
  const columns = model.features.map((f) => BLOCK_FEATURE_NAMES.indexOf(f));
  if (columns.some((c) => c < 0)) throw new Error('the block model was trained on features this version does not compute');
  const page = buildPageView(snapshot, extraction.mainNode, 0);
  let kept = 0;
  let decided = 0;
  for (const block of snapshot.blocks) {
    const previous = record.decisions[block.id];
    if (!block.visible || isCertainRemoval(previous) || tokenize(block.text).length === 0) continue;
    const full = rows[block.id]!;
    const row = Float32Array.from(columns, (c) => full[c]!);
    const contributions = new Float64Array(row.length);
    const probability = sigmoid(blockMargin(model, row, contributions));
    const keep = probability >= model.cutoff;
    const byFeature: Contribution[] = model.features.map((feature, i) => ({ feature, value: row[i]!, contribution: contributions[i]! }));
    const values = Object.fromEntries(byFeature.map((c) => [c.feature, c.value]));
    const top = [...byFeature].sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution)).slice(0, EVIDENCE_FEATURES);
    const decision: Decision = {
      block: block.id,
      kept: keep,
      stage: 'model',
      reason: reasonWords(byFeature, keep, values),
      score: probability,
      threshold: model.cutoff,
      evidence: { kind: 'block-model', probability, cutoff: model.cutoff, contributions: top },
    };
    if (!keep) decision.cause = classifyBlock(block, page)?.cause ?? classifyByPosition(block, page)?.cause ?? LANDMARK_CAUSES.find(([f]) => values[f]! > 0.5)?.[1] ?? 'stage-decided';
    decide(record, decision);
    decided++;
    if (keep) kept++;
  }
  logRun(record, { stage: 'model', path: 'block-model', ms: performance.now() - started, note: `${kept} of ${decided} blocks kept by the block model` });
  return extraction;
}
