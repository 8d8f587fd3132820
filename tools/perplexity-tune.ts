/**
 * Tunes the perplexity cutoffs on the dev sets: each page is read once in headless Chromium through the
 * structural pipeline (the same page bundle as the CLI), then the perplexity stage is replayed in Node with each
 * candidate cutoff and the kept text scored as the benchmark scores it (token P/R/F1; snippets for
 * trafilatura-dev), per dataset and language, beside the structural result alone.
 *
 *   npx tsx tools/perplexity-tune.ts [--datasets a,b] [--limit N] [--langs de,fr] [--cutoffs 4000,8000,16000] [--char-cutoffs 1000,3000]
 *
 * `--removals` also lists every block the shipped defaults remove, each with what removing it alone does to its
 * page's F1 and precision and whether the truth contains it: the false removals to fix, worst first.
 * `--leftovers` counts per language what the stage scored and removed, and lists the boilerplate it left (the
 * `without` snippets the kept text still holds) with why the block holding each was kept.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { emptyRecord, decide, keptText } from '../src/decisions/record';
import { hasModel, MODEL_LANGUAGES, type ModelLanguage } from '../src/perplexity/languages';
import type { PerplexityModel } from '../src/perplexity/model';
import { DEFAULT_PERPLEXITY_PARAMS, illFormedDecisions, runPerplexity, type ModelLoader } from '../src/perplexity/stage';
import type { Decision, DecisionRecord } from '../src/decisions/types';
import { normaliseForMatching, snippetPrf } from '../bench/lib/scoring/snippet-scores';
import { tokenPrf, type Prf } from '../bench/lib/scoring/token-scores';
import type { PageSnapshot } from '../src/snapshot/types';
import { PROJECT_ROOT } from '../vite.page.config';
import { markdownTable } from '../scripts/lib/markdown-table';
import { readBuiltModel } from '../scripts/lib/perplexity-corpus';
import { readReplayPages } from './lib/replay-pages';
import { LeftoverReport } from './lib/perplexity-leftovers';

interface CachedPage {
  dataset: string;
  id: string;
  lang: string;
  truth: string;
  with: string[];
  without: string[];
  snapshot: PageSnapshot;
  kept: number[];
}

const DEFAULT_BENCH_DIR = join(PROJECT_ROOT, '../shared/bench');

const { values } = parseArgs({
  options: {
    datasets: { type: 'string', default: 'trafilatura-dev,cleaneval-dev,cleanportaleval,wcxb-dev-sample,readability' },
    limit: { type: 'string' },
    /** Only pages whose recorded language is one of these (the limit counts before this filter). */
    langs: { type: 'string' },
    cutoffs: { type: 'string', default: '4000,6000,8000,12000,16000,24000' },
    'char-cutoffs': { type: 'string', default: String(DEFAULT_PERPLEXITY_PARAMS.charCutoff) },
    'min-words': { type: 'string', default: String(DEFAULT_PERPLEXITY_PARAMS.minWords ?? 0) },
    'max-share': { type: 'string', default: String(DEFAULT_PERPLEXITY_PARAMS.maxRemovedShare) },
    cache: { type: 'string', default: '/tmp/pith-perplexity-tune.json' },
    concurrency: { type: 'string', default: '2' },
    'bench-dir': { type: 'string', default: DEFAULT_BENCH_DIR },
    removals: { type: 'boolean', default: false },
    /** Per language: what the stage scored and removed, and every `without` snippet the kept text still holds, with why. */
    leftovers: { type: 'boolean', default: false },
    /** Replay the pages a stopped run cached, without reading the rest. */
    'cached-only': { type: 'boolean', default: false },
  },
});

function readPages(): Promise<CachedPage[]> {
  const langs = values.langs ? new Set(values.langs.split(',')) : null;
  return readReplayPages(
    {
      benchDir: values['bench-dir'],
      datasets: values.datasets,
      limit: values.limit ? Number(values.limit) : undefined,
      concurrency: Number(values.concurrency),
      cachePath: values.cache,
      cacheKey: `${values['bench-dir'] === DEFAULT_BENCH_DIR ? '' : `${values['bench-dir']}|`}${values.datasets}|${values.limit ?? ''}|${values.langs ?? ''}`,
      accept: (r) => !langs || langs.has(r.lang ?? ''),
      cachedOnly: values['cached-only'],
    },
    async () => {
      const x = await window.__pith!.extract();
      return { snapshot: { ...x.snapshot, html: '', nodes: [], links: [] }, kept: x.record.decisions.filter((d) => d?.kept).map((d) => d.block) };
    },
    (dataset, r, read) => ({ dataset, id: r.id, lang: r.lang ?? '', truth: r.truth_text ?? '', with: r.with ?? [], without: r.without ?? [], ...read }) as CachedPage,
  );
}

const cache = new Map<ModelLanguage, Promise<PerplexityModel>>();
const loader: ModelLoader = (lang) => {
  let m = cache.get(lang);
  if (!m) {
    m = readBuiltModel(lang);
    cache.set(lang, m);
  }
  return m;
};

function score(page: CachedPage, text: string): Prf {
  return page.truth ? tokenPrf(text, page.truth) : snippetPrf(text, page.with, page.without);
}

interface JudgedRemoval {
  page: CachedPage;
  text: string;
  reason: string;
  /** The page's F1 and precision with this block removed alone, less those of the structural result. */
  dF1: number;
  dPrecision: number;
  /** The truth holds the block's text (token truth: as a substring; snippets: a `with` snippet inside the block). */
  inTruth: boolean;
}

const removals: JudgedRemoval[] = [];
const leftovers = values.leftovers ? new LeftoverReport(DEFAULT_PERPLEXITY_PARAMS) : null;

/** `base`: the page's score with the structural result alone; `decisions`: the shipped defaults' removals. */
function judgeRemovals(page: CachedPage, structural: () => DecisionRecord, base: Prf, decisions: readonly Decision[]): JudgedRemoval[] {
  const truth = normaliseForMatching(page.truth);
  return decisions.map((d) => {
    const record = structural();
    decide(record, d);
    const s = score(page, keptText(page.snapshot.blocks, record));
    const text = page.snapshot.blocks[d.block]!.text;
    const block = normaliseForMatching(text);
    const inTruth = page.truth ? truth.includes(block) : page.with.some((w) => block.includes(normaliseForMatching(w)));
    return { page, text, reason: d.reason, dF1: s.f1 - base.f1, dPrecision: s.precision - base.precision, inTruth };
  });
}

function printRemovals(list: JudgedRemoval[]): void {
  const sorted = [...list].sort((a, b) => a.dF1 - b.dF1);
  const worse = list.filter((r) => r.dF1 < 0).length;
  const better = list.filter((r) => r.dF1 > 0).length;
  console.log(`\n${list.length} removals under the defaults: ${worse} lower their page's F1, ${better} raise it, ${list.filter((r) => r.inTruth).length} are in the truth\n`);
  for (const r of sorted) {
    const where = `${r.page.dataset} ${r.page.lang} ${r.page.id}`;
    console.log(`${r.dF1.toFixed(4)} dP ${r.dPrecision.toFixed(4)} ${r.inTruth ? 'TRUTH' : '     '} ${where} | ${r.reason.replace(/^Ill-formed text /, '')} | ${r.text.replace(/\s+/g, ' ').slice(0, 200)}`);
  }
}

async function main(): Promise<void> {
  const pages = await readPages();
  const wordCutoffs = values.cutoffs.split(',').map(Number);
  const charCutoffs = values['char-cutoffs'].split(',').map(Number);
  const maxRemovedShare = Number(values['max-share']);
  const minWords = values['min-words'].split(',').map(Number);
  // The grid judges every language at the same cutoff (no per-language scale), so each language's row shows where
  // its own cutoff lies; the last column is the shipped defaults, per-language scale included.
  const configs = [
    { label: 'gce', params: null },
    ...wordCutoffs.flatMap((w) =>
      charCutoffs.flatMap((c) =>
        minWords.map((m) => ({ label: `ppl ${w}/${c}${minWords.length > 1 ? ` ≥${m}w` : ''}`, params: { wordCutoff: w, charCutoff: c, maxRemovedShare, languageScale: {}, minWords: m } })),
      ),
    ),
    { label: 'ppl defaults', params: DEFAULT_PERPLEXITY_PARAMS },
  ];
  // The stage settles a block below its cutoff on the first model it tries (the fast path), so the replay scores
  // at the lowest cutoff of the grid: every verdict is then the one each cutoff of the grid would have had.
  const scoringParams = {
    ...DEFAULT_PERPLEXITY_PARAMS,
    wordCutoff: Math.min(DEFAULT_PERPLEXITY_PARAMS.wordCutoff, ...wordCutoffs),
    charCutoff: Math.min(DEFAULT_PERPLEXITY_PARAMS.charCutoff, ...charCutoffs),
    languageScale: {},
  };
  // group → config → scores
  const groups = new Map<string, Prf[][]>();
  const stageMs: number[] = [];
  const stageCpuMs: number[] = [];
  for (const page of pages) {
    const rowKeys = [page.dataset, ...(page.dataset === 'trafilatura-dev' ? [`trafilatura-dev ${page.lang}`] : []), 'all'];
    const perConfig: Prf[] = [];
    const structural = () => {
      const record = emptyRecord();
      for (const id of page.kept) decide(record, { block: id, kept: true, stage: 'gce', reason: '', evidence: { kind: 'empty' } });
      return record;
    };
    if (hasModel(page.lang)) await loader(page.lang); // loaded outside the measurement
    const cpuBefore = process.cpuUsage();
    const scored = await runPerplexity(page.snapshot, structural(), loader, scoringParams);
    const cpu = process.cpuUsage(cpuBefore);
    stageMs.push(scored.ms - scored.loadMs);
    stageCpuMs.push((cpu.user + cpu.system) / 1000);
    let defaultsDecisions: Decision[] = [];
    for (const config of configs) {
      const record = structural();
      const decisions = config.params ? illFormedDecisions(page.snapshot, scored.verdicts, scored.proseChars, config.params).decisions : [];
      for (const d of decisions) decide(record, d);
      if (config.params === DEFAULT_PERPLEXITY_PARAMS) defaultsDecisions = decisions;
      perConfig.push(score(page, keptText(page.snapshot.blocks, record)));
    }
    // The 'gce' column is the structural result alone; the defaults' removals were just judged above.
    if (values.removals) removals.push(...judgeRemovals(page, structural, perConfig[0]!, defaultsDecisions));
    leftovers?.add(page, page.kept, scored.verdicts, defaultsDecisions);
    for (const key of rowKeys) {
      let g = groups.get(key);
      if (!g) groups.set(key, (g = configs.map(() => [])));
      perConfig.forEach((s, i) => g![i]!.push(s));
    }
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const rows = [...groups].sort(([a], [b]) => a.localeCompare(b)).map(([key, byConfig]) => [
    key,
    String(byConfig[0]!.length),
    ...byConfig.map((s) => `${mean(s.map((x) => x.f1)).toFixed(5)} / ${mean(s.map((x) => x.precision)).toFixed(4)}`),
  ]);
  console.log(markdownTable(['rows (F1 / P)', 'pages', ...configs.map((c) => c.label)], rows));
  if (values.removals) printRemovals(removals);
  leftovers?.print((line) => console.log(line));
  const at = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * q)]?.toFixed(1);
  console.log(`\nstage in Node, models loaded: wall median ${at(stageMs, 0.5)} ms per page (p90 ${at(stageMs, 0.9)}); CPU median ${at(stageCpuMs, 0.5)} ms (p90 ${at(stageCpuMs, 0.9)})`);
  console.log(`model load (read, gunzip, parse, index; median of 3 in Node), wall / CPU ms: ${(await modelLoadTimes()).join(', ')}`);
}

/** Each language's model loaded from disk as the extension loads it (DecompressionStream, JSON, the index maps). */
async function modelLoadTimes(): Promise<string[]> {
  const out: string[] = [];
  for (const lang of MODEL_LANGUAGES) {
    const wall: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      await readBuiltModel(lang);
      const used = process.cpuUsage(cpuBefore);
      wall.push(performance.now() - started);
      cpu.push((used.user + used.system) / 1000);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1]!.toFixed(0);
    out.push(`${lang} ${median(wall)} / ${median(cpu)}`);
  }
  return out;
}

await main();
