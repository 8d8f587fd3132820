/**
 * The perplexity stage: every kept prose block in a language Pith has a model for is scored by its perplexity per
 * token under that language's bigram model; a block above the cutoff is ill-formed text (a menu, a link soup, a
 * fragment) and is removed. Blocks in other languages are left alone and the record says which and why.
 */
import { decide, keepsText, logRun } from '../decisions/record';
import type { Decision, DecisionRecord, StageRun } from '../decisions/types';
import type { PageSnapshot } from '../snapshot/types';
import { ineligibility, isCompleteSentence } from './candidates';
import { candidateLanguages, detectLanguage, primaryTag, type LanguageGuess } from './detect';
import { wordCount } from './tokenize';
import { hasModel, languageName, type ModelLanguage } from './languages';
import type { Perplexity, PerplexityModel } from './model';
import { DEFAULT_LM_CUTOFF, DEFAULT_PERPLEXITY_PARAMS, type PerplexityParams } from './params';

/** Loads a language's model (lazily, once); rejects when it cannot. */
export type ModelLoader = (lang: ModelLanguage) => Promise<PerplexityModel>;

export { DEFAULT_LM_CUTOFF, DEFAULT_PERPLEXITY_PARAMS, LANGUAGE_SCALE, type PerplexityParams } from './params';

/** The cutoff for a language's blocks under `params`, for a model of this level. */
export function cutoffFor(lang: ModelLanguage, level: PerplexityModel['level'], params: PerplexityParams): number {
  if (level === 'lm') return params.lmCutoff ?? DEFAULT_LM_CUTOFF;
  const base = level === 'char' ? params.charCutoff : params.wordCutoff;
  return base * (params.languageScale?.[lang] ?? 1);
}

/** What the stage made of one block it looked at. */
export type BlockVerdict =
  | { block: number; status: 'scored'; lang: ModelLanguage; level: PerplexityModel['level']; model: string; perplexity: number; cutoff: number }
  | { block: number; status: 'no-model'; lang: string; reason: string }
  | { block: number; status: 'model-failed'; lang: ModelLanguage; reason: string }
  /** Most of its words are unknown to the model: text in another language the detector missed, or a list of names. */
  | { block: number; status: 'unknown-words'; lang: ModelLanguage; reason: string };

export interface PerplexityResult {
  page: LanguageGuess;
  verdicts: BlockVerdict[];
  /** Characters of the kept prose blocks the stage looked at (the base of the removal limit). */
  proseChars: number;
  decisions: Decision[];
  /** Summary for the record's StageRun note. */
  note: string;
  /** Whole stage, and the part of it spent fetching and parsing models. */
  ms: number;
  loadMs: number;
}

const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** How reasons name a model: "German model", or the language model's own name. */
export function modelName(model: PerplexityModel): string {
  return model.name ?? `${languageName(model.lang)} model`;
}

export function illFormedReason(value: number, cutoff: number, model: string): string {
  return `Ill-formed text (perplexity ${NUMBER.format(value)} > ${NUMBER.format(cutoff)}, ${model})`;
}

function pageText(snapshot: PageSnapshot, record: DecisionRecord): string {
  let text = '';
  for (const block of snapshot.blocks) {
    if (text.length > 4000) break;
    if (keepsText(record, block.id) && block.text.length > 0) text += `${block.text}\n`;
  }
  return text;
}

/**
 * The removals for scored verdicts under `params`' cutoffs (a verdict's own cutoff is not used, so one scoring
 * pass can be judged under several cutoffs); none when they would take more than the allowed share of the prose.
 */
export function illFormedDecisions(
  snapshot: PageSnapshot,
  verdicts: BlockVerdict[],
  proseChars: number,
  params: PerplexityParams,
): { decisions: Decision[]; overLimit: string | null } {
  const over: { block: number; lang: ModelLanguage; model: string; perplexity: number; cutoff: number }[] = [];
  for (const v of verdicts) {
    if (v.status !== 'scored') continue;
    const cutoff = cutoffFor(v.lang, v.level, params);
    if (v.perplexity <= cutoff) continue;
    // Only a block over the cutoff is tokenized again to see whether it is a sentence or too short to judge.
    const text = snapshot.blocks[v.block]!.text;
    if (isCompleteSentence(text) || (params.minWords !== undefined && wordCount(text) < params.minWords)) continue;
    over.push({ block: v.block, lang: v.lang, model: v.model, perplexity: v.perplexity, cutoff });
  }
  const removedChars = over.reduce((sum, v) => sum + snapshot.blocks[v.block]!.text.length, 0);
  if (proseChars > 0 && removedChars / proseChars > params.maxRemovedShare) {
    const share = Math.round((removedChars / proseChars) * 100);
    return { decisions: [], overLimit: `${over.length} over the cutoff, but that is ${share}% of the prose, so none removed` };
  }
  const decisions = over.map(
    (v): Decision => ({
      block: v.block,
      kept: false,
      stage: 'perplexity',
      cause: 'ill-formed-text',
      reason: illFormedReason(v.perplexity, v.cutoff, v.model),
      score: v.perplexity,
      threshold: v.cutoff,
      evidence: { kind: 'perplexity', perplexity: v.perplexity, lang: v.lang },
    }),
  );
  return { decisions, overLimit: null };
}

export async function runPerplexity(
  snapshot: PageSnapshot,
  record: DecisionRecord,
  loadModel: ModelLoader,
  params: PerplexityParams = DEFAULT_PERPLEXITY_PARAMS,
): Promise<PerplexityResult> {
  const started = performance.now();
  const page = detectLanguage(pageText(snapshot, record), snapshot.lang);
  const verdicts: BlockVerdict[] = [];
  const models = new Map<ModelLanguage, PerplexityModel | Error>();
  let loadMs = 0;
  const model = async (lang: ModelLanguage) => {
    let m = models.get(lang);
    if (!m) {
      const loadStarted = performance.now();
      m = await loadModel(lang).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e))));
      loadMs += performance.now() - loadStarted;
      models.set(lang, m);
    }
    return m;
  };

  let proseChars = 0;
  // One block's scores by model, so the fast path's score is not computed again by the best fit.
  let scores = new Map<PerplexityModel, Perplexity>();
  const scoreWith = async (m: PerplexityModel, text: string): Promise<Perplexity> => {
    let scored = scores.get(m);
    if (!scored) scores.set(m, (scored = await m.score(text)));
    return scored;
  };
  const unknownShareOf = (scored: Perplexity) => scored.unknown / Math.max(1, scored.tokens - scored.sentences);
  const scoredVerdict = (m: PerplexityModel, scored: Perplexity, lang: ModelLanguage) =>
    ({ status: 'scored', lang, level: m.level, model: modelName(m), perplexity: scored.perplexity, cutoff: cutoffFor(lang, m.level, params) }) as const;

  /**
   * The fast path: a block that the model of its marked (or the page's) language finds well-formed is kept
   * whatever the best fit would be, since the best fit can only be lower. Only the rest go through the per-block
   * language detector, most of the stage's time when every block went through it.
   */
  const withinCutoff = async (text: string, lang: string) => {
    if (!hasModel(lang)) return null;
    const m = await model(lang);
    if (m instanceof Error) return null;
    const scored = await scoreWith(m, text);
    const fits = params.maxUnknownShare === undefined || unknownShareOf(scored) <= params.maxUnknownShare;
    return fits && scored.perplexity <= cutoffFor(lang, m.level, params) ? scoredVerdict(m, scored, lang) : null;
  };

  const bestFit = async (text: string, attribute: string) => {
    const [lang, ...alternatives] = candidateLanguages(text, attribute, page) as [string, ...string[]];
    if (!hasModel(lang)) {
      return { status: 'no-model', lang, reason: `${languageName(lang)} text: Pith has no perplexity model for ${lang === 'und' ? 'an unknown language' : languageName(lang)}` } as const;
    }
    const loaded = await model(lang);
    if (loaded instanceof Error) return { status: 'model-failed', lang, reason: `the ${languageName(lang)} model could not be loaded (${loaded.message})` } as const;
    // The best fit among the languages the detector cannot tell apart; a model that does not know most of the
    // words is not a fit at all. A language model serves every language alike: there is nothing to choose.
    const candidates = loaded.level === 'lm' ? [loaded] : [loaded, ...(await alternativeModels(alternatives, model))];
    let best: { model: PerplexityModel; scored: Perplexity } | null = null;
    let unknownShare = 0;
    for (const [i, candidate] of candidates.entries()) {
      const scored = await scoreWith(candidate, text);
      // Sentence ends are tokens the model always knows; the share is of the words.
      const share = unknownShareOf(scored);
      if (i === 0) unknownShare = share;
      if (params.maxUnknownShare !== undefined && share > params.maxUnknownShare) continue;
      if (!best || scored.perplexity < best.scored.perplexity) best = { model: candidate, scored };
    }
    if (!best) return { status: 'unknown-words', lang, reason: `${Math.round(unknownShare * 100)}% of its words are unknown to the ${languageName(lang)} model` } as const;
    return scoredVerdict(best.model, best.scored, best.model.lang as ModelLanguage);
  };

  for (const block of snapshot.blocks) {
    if (!keepsText(record, block.id) || ineligibility(block) !== null) continue;
    proseChars += block.text.length;
    scores = new Map();
    const verdict = (await withinCutoff(block.text, primaryTag(block.lang) || page.lang)) ?? (await bestFit(block.text, block.lang ?? page.lang));
    verdicts.push({ block: block.id, ...verdict } as BlockVerdict);
  }

  const { decisions, overLimit } = illFormedDecisions(snapshot, verdicts, proseChars, params);
  const unsupported = new Map<string, number>();
  for (const v of verdicts) {
    if (v.status === 'scored') continue;
    const why = v.status === 'no-model' ? 'no model' : v.status === 'model-failed' ? 'model failed to load' : 'mostly unknown words';
    const what = `${languageName(v.lang)} (${why})`;
    unsupported.set(what, (unsupported.get(what) ?? 0) + 1);
  }
  const scored = verdicts.length - [...unsupported.values()].reduce((a, b) => a + b, 0);
  const parts = [`page language ${page.lang} (${page.source})`, `${scored} blocks scored`, `${decisions.length} removed`];
  if (overLimit) parts.push(overLimit);
  const used = new Set(verdicts.flatMap((v) => (v.status === 'scored' ? [v.model] : [])));
  if (used.size > 0) parts.push(`scored with the ${[...used].join(', ')}`);
  for (const [what, n] of unsupported) parts.push(`${n} left alone: ${what}`);
  return { page, verdicts, proseChars, decisions, note: parts.join('; '), ms: performance.now() - started, loadMs };
}

/** The loaded models of the alternative languages that have one (one that fails to load is skipped). */
async function alternativeModels(langs: string[], model: (lang: ModelLanguage) => Promise<PerplexityModel | Error>): Promise<PerplexityModel[]> {
  const out: PerplexityModel[] = [];
  for (const lang of langs) {
    if (!hasModel(lang)) continue;
    const m = await model(lang);
    if (!(m instanceof Error)) out.push(m);
  }
  return out;
}

/** What the record needs of a run: its removals and its run entry (apart, so a run elsewhere can send it back). */
export interface PerplexityOutcome {
  decisions: Decision[];
  run: StageRun;
  /** Of the run's ms, the part spent fetching and decoding models. */
  loadMs: number;
}

/** Runs the stage (here with a model loader, or in the model host) and gives what the record needs. */
export type PerplexityRunner = (snapshot: PageSnapshot, record: DecisionRecord, params?: PerplexityParams) => Promise<PerplexityOutcome>;

export function perplexityOutcome(result: PerplexityResult): PerplexityOutcome {
  const path = result.verdicts.length > 0 && result.verdicts.every((v) => v.status !== 'scored') ? 'perplexity:no-model' : 'perplexity';
  return { decisions: result.decisions, run: { stage: 'perplexity', path, ms: result.ms, note: result.note }, loadMs: result.loadMs };
}

export function recordPerplexity(record: DecisionRecord, outcome: PerplexityOutcome): void {
  for (const d of outcome.decisions) decide(record, d);
  logRun(record, outcome.run);
}

/** The runner over a model loader, in this context. */
export function localPerplexityRunner(loadModel: ModelLoader): PerplexityRunner {
  return async (snapshot, record, params) => perplexityOutcome(await runPerplexity(snapshot, record, loadModel, params));
}

/** Runs the stage and writes its decisions and its run into the record. */
export async function applyPerplexity(
  snapshot: PageSnapshot,
  record: DecisionRecord,
  loadModel: ModelLoader,
  params?: PerplexityParams,
): Promise<PerplexityResult> {
  const result = await runPerplexity(snapshot, record, loadModel, params);
  recordPerplexity(record, perplexityOutcome(result));
  return result;
}
