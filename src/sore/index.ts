/**
 * SORE — semantic outlier removal with embedding models. Runs after the structural stage: segments the kept
 * content (and structurally removed text nearby), ranks segments against an anchor to find the core, and removes
 * segments that match a typical boilerplate phrase or lie far from the core. Pure apart from the injected
 * embedder and phrase index; the record passed in is not modified — apply the returned decisions with `decide()`.
 */
import { keepsText } from '../decisions/record';
import type { StageRun } from '../decisions/types';
import { chooseAnchor } from './anchor';
import { embedForSore } from './embed-plan';
import { modelCutoffs } from './calibration';
import { distanceToCore, selectCore } from './core';
import { blockDecisions } from './decide';
import { withFallback, type Attempt, type Evaluation, type FallbackOutcome } from './fallback';
import { repeatedItemFields, type ItemField } from './item-fields';
import { keepLeadIns, nextKeptBlocks } from './lead-ins';
import { languageSample, readsLanguage, type LanguageCheck } from './language';
import { classifySegment, type SegmentFacts } from './outliers';
import { resolveSoreParams, type SoreParams } from './params';
import { candidateBlocks, segmentBlocks, segmentsToEmbed } from './segment';
import type { PhraseHit, Segment, SoreDeps, SoreInput, SoreResult } from './types';
import { errorMessage } from '../error-message';

export type * from './types';
export { DEFAULT_SORE_PARAMS, resolveSoreParams, type SoreParams } from './params';
export { applyPhraseEdits, loadOutlierGroups, validateOutlierGroups, type OutlierGroup, type PhraseEdits } from './groups';
export { BruteForcePhraseIndex, buildBruteForceIndex } from './phrase-index';
export { calibrationFor, modelCutoffs } from './calibration';
export { languageSample, readsLanguage } from './language';
export { embedDistinct } from './embed-plan';

const now = () => performance.now();

function definedOnly<T extends object>(partial: T): Partial<T> {
  return Object.fromEntries(Object.entries(partial).filter(([, v]) => v !== undefined)) as Partial<T>;
}
const pct = (x: number) => `${Math.round(x * 100)}%`;

function describeLanguage(check: LanguageCheck): string {
  const share = check.commonShare === undefined ? '' : `, ${pct(check.commonShare)} common words of the model's language`;
  return `detected ${check.guess}${share}`;
}

function describeAttempt(a: Attempt): string {
  return `removed ${pct(a.removedShare)} of kept text at c ${a.params.groupCutoff.toFixed(2)}, d ${a.params.farDistance.toFixed(2)}`;
}

/** The verdicts and block decisions for segments already looked up (with the fallback when too much would go). */
export function decideSegments(
  facts: SegmentFacts[],
  coreCutoff: number,
  params: SoreParams,
  labels: ReadonlyMap<string, string>,
  { snapshot, record }: Pick<SoreInput, 'snapshot' | 'record'>,
): FallbackOutcome {
  const fields = params.keepItemFields ? repeatedItemFields(snapshot, record) : new Map<number, ItemField>();
  const withFields = facts.map((f) => (fields.has(f.segment.block) ? { ...f, itemField: fields.get(f.segment.block) } : f));
  const next = params.keepLeadIns ? nextKeptBlocks(snapshot, record) : null;
  const distances = facts.map((f) => f.distance);
  const evaluate = (p: SoreParams): Evaluation => {
    const classified = withFields.map((f) => classifySegment(f, p, labels, coreCutoff));
    const verdicts = next ? keepLeadIns(classified, distances, snapshot, next) : classified;
    return { verdicts, decisions: blockDecisions(verdicts, p, coreCutoff) };
  };
  const lengths = new Map(snapshot.blocks.map((b) => [b.id, b.text.length]));
  const keptChars = snapshot.blocks.reduce((n, b) => n + (keepsText(record, b.id) ? b.text.length : 0), 0);
  return withFallback(evaluate, params, keptChars, (b) => lengths.get(b) ?? 0);
}

/** What SORE reads from a page before any model runs: its candidate blocks, the segments worth a vector, the anchor. */
export function soreReading(input: Pick<SoreInput, 'snapshot' | 'record' | 'mainNode'>, params: SoreParams) {
  const { snapshot, record } = input;
  // Removed blocks nearby can only be restored; without rescue they could change nothing, so they are not embedded.
  const candidates = candidateBlocks(snapshot, record, params, input.mainNode).filter((c) => params.rescue || c.origin === 'kept');
  const segments: Segment[] = segmentsToEmbed(segmentBlocks(candidates, snapshot.lang, params), params);
  const anchor = chooseAnchor(snapshot, record, params);
  const language = languageSample(candidates.filter((c) => c.origin === 'kept').map((c) => c.block));
  return { segments, anchor, language };
}

export async function runSore(
  input: SoreInput,
  deps: SoreDeps,
  partialParams: Partial<SoreParams> = {},
): Promise<SoreResult> {
  const start = now();
  const timings = { segment: 0, embed: 0, query: 0, total: 0 };
  // The embedder's calibrated cutoffs, under whatever the caller set explicitly.
  const params = resolveSoreParams({ ...modelCutoffs(deps.embedder.id), ...definedOnly(partialParams) });
  const { segments, anchor, language: sample } = soreReading(input, params);
  timings.segment = now() - start;

  const notes = [`anchor: ${anchor.source}`, `model: ${deps.embedder.id}`];
  const finish = (path: string, rest: Omit<SoreResult, 'run' | 'timings'> = { decisions: [], segments: [] }): SoreResult => {
    timings.total = now() - start;
    const run: StageRun = { stage: 'sore', path, ms: timings.total, note: notes.join('; ') };
    return { ...rest, run, timings };
  };

  const keptCount = segments.filter((s) => s.origin === 'kept').length;
  if (keptCount === 0) return finish('skipped:no-segments');
  const language = readsLanguage(deps.embedder.languages, sample);
  if (!language.reads) {
    notes.push(`the page's language (${describeLanguage(language)}) is not one ${deps.embedder.id} reads (${deps.embedder.languages?.join(', ')})`);
    return finish('skipped:language');
  }
  if (!anchor.text) return finish('skipped:no-anchor');

  let vectors: Float32Array[];
  let anchorVector: Float32Array;
  try {
    const t = now();
    const embedded = await embedForSore(deps.embedder, anchor.text, segments.map((s) => s.text), params.embedBatchSize, deps.checkpoint);
    [anchorVector, vectors] = [embedded.anchor, embedded.vectors];
    timings.embed = now() - t;
    notes.push(`embedded: ${embedded.texts} distinct texts in ${embedded.calls} calls`);
  } catch (error) {
    notes.push(`embedding failed: ${errorMessage(error)}`);
    return finish('sore:failed');
  }

  let facts: SegmentFacts[];
  let coreCutoff: number;
  try {
    const core = selectCore(anchorVector, vectors, params, (i) => segments[i].origin === 'kept');
    coreCutoff = core.cutoff;
    const t = now();
    // Core segments are kept whatever they resemble, so only the others are looked up.
    const hits: PhraseHit[][] = [];
    for (let i = 0; i < segments.length; i++) {
      hits.push(core.members.has(i) ? [] : await deps.index.nearest(vectors[i], params.nearestK));
    }
    timings.query = now() - t;
    facts = segments.map((segment, i) => ({
      segment,
      core: core.members.has(i),
      anchorSimilarity: core.similarities[i],
      distance: distanceToCore(core, vectors[i]),
      hits: hits[i],
    }));
    notes.push(`segments: ${segments.length} (${core.members.size} core, ${segments.length - keptCount} from removed blocks)`);
  } catch (error) {
    notes.push(`scoring failed: ${errorMessage(error)}`);
    return finish('sore:failed');
  }

  const labels = new Map((deps.groups ?? []).map((g) => [g.id, g.label]));
  const outcome = decideSegments(facts, coreCutoff, params, labels, input);
  notes.push(outcome.attempts.map(describeAttempt).join(', then '));
  if (outcome.path !== 'sore') notes.push(`more than ${pct(params.fallbackShare)}: ${outcome.path}`);
  return finish(
    outcome.path,
    outcome.chosen ? { decisions: outcome.chosen.decisions, segments: outcome.chosen.verdicts } : undefined,
  );
}
