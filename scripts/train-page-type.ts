/**
 * Trains the page-type classifier (src/page-type/model-weights.json).
 *   npm run train:page-type -- [--limit N] [--validation-limit N] [--concurrency N]
 * 1. Snapshots every page of the training set (wcxb-dev-train) and the validation set (wcxb-dev-sample) with the
 *    page bundle in headless Chromium, exactly as the extension and the benchmark take them (cached in
 *    node_modules/.cache/pith-page-type; delete it to retake them). --limit N trains on the first N pages of a fixed
 *    shuffle of the training set; --cached-only trains on the snapshots already taken.
 * 2. Fits multinomial logistic regression (full-batch gradient descent, fixed steps, L2: deterministic) on the
 *    training set only, then prints accuracy and the confusion matrix on both sets.
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { featureVector, pageTypeFeatures } from '../src/page-type/features';
import { PAGE_TYPES, predictStandardised, type PageType, type PageTypeModel } from '../src/page-type/model';
import type { PageSnapshot } from '../src/snapshot/types';
import { PROJECT_ROOT } from '../vite.page.config';
import { readJsonLines } from './lib/jsonl';
import { cachePages } from './lib/page-line-cache';

const BENCH_DIR = resolve(PROJECT_ROOT, '../shared/bench');
const TRAIN = join(BENCH_DIR, 'train/wcxb-dev-train.jsonl.gz');
const VALIDATION = join(BENCH_DIR, 'wcxb-dev-sample.jsonl.gz');
const CACHE_DIR = resolve(PROJECT_ROOT, 'node_modules/.cache/pith-page-type');
const OUT = resolve(PROJECT_ROOT, 'src/page-type/model-weights.json');

const STEPS = 3000;
const LEARNING_RATE = 0.3;
const DEFAULT_L2 = 0.05;

interface Labelled {
  id: string;
  type: PageType;
  snapshot: PageSnapshot;
}

const log = (line: string): void => void process.stderr.write(`${line}\n`);

/** A fixed shuffle (by a hash of the id), so that any prefix of a set is a fair sample of its page types. */
function shuffleKey(id: string): number {
  let h = 2166136261;
  for (const c of id) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return h;
}

/**
 * The snapshots of a set's pages, without their HTML copy (features never read it), as the page bundle takes them.
 * Cached one line per page, so an interrupted run resumes; `limit` takes the first pages of the fixed shuffle.
 */
async function snapshotsOf(path: string, name: string, concurrency: number, limit?: number, cachedOnly = false): Promise<Labelled[]> {
  const cachePath = join(CACHE_DIR, `${name}.jsonl`);
  const cached = new Map<string, Labelled>();
  if (existsSync(cachePath)) {
    for await (const line of readJsonLines(cachePath)) if ('value' in line) cached.set((line.value as Labelled).id, line.value as Labelled);
  }
  const records: { id: string; html: string; url?: string; page_type: PageType }[] = [];
  for await (const line of readJsonLines(path)) if ('value' in line) records.push(line.value as (typeof records)[number]);
  records.sort((a, b) => shuffleKey(a.id) - shuffleKey(b.id) || a.id.localeCompare(b.id));
  const wanted = records.slice(0, limit);
  const missing = wanted.filter((r) => !cached.has(r.id));
  if (missing.length > 0 && !cachedOnly) {
    await cachePages({
      records: missing,
      cachePath,
      concurrency,
      timeoutMs: 60_000,
      read: async (page, record): Promise<Labelled> => ({
        id: record.id,
        type: record.page_type,
        snapshot: await page.evaluate(async () => ({ ...(await window.__pith!.extract()).snapshot, html: '' })),
      }),
      onLine: (item) => cached.set(item.id, item),
      log,
      label: name,
      progressEvery: 50,
    });
  }
  return wanted.map((r) => cached.get(r.id)).filter((p): p is Labelled => p !== undefined);
}

function fit(x: number[][], y: number[], classes: number, features: string[], l2 = DEFAULT_L2): PageTypeModel {
  const n = x.length;
  const d = features.length;
  const mean = Array.from({ length: d }, (_, j) => x.reduce((s, r) => s + r[j], 0) / n);
  const scale = Array.from({ length: d }, (_, j) => Math.sqrt(x.reduce((s, r) => s + (r[j] - mean[j]) ** 2, 0) / n) || 1);
  const z = x.map((r) => r.map((v, j) => (v - mean[j]) / scale[j]));
  const weights = Array.from({ length: classes }, () => new Array<number>(d).fill(0));
  const bias = new Array<number>(classes).fill(0);
  for (let step = 0; step < STEPS; step++) {
    const gw = Array.from({ length: classes }, () => new Array<number>(d).fill(0));
    const gb = new Array<number>(classes).fill(0);
    for (let i = 0; i < n; i++) {
      const p = predictStandardised({ weights, bias }, z[i]);
      for (let c = 0; c < classes; c++) {
        const g = p[c] - (y[i] === c ? 1 : 0);
        gb[c] += g;
        const row = gw[c];
        for (let j = 0; j < d; j++) row[j] += g * z[i][j];
      }
    }
    for (let c = 0; c < classes; c++) {
      bias[c] -= (LEARNING_RATE * gb[c]) / n;
      for (let j = 0; j < d; j++) weights[c][j] -= LEARNING_RATE * (gw[c][j] / n + l2 * weights[c][j]);
    }
  }
  const round = (v: number) => Math.round(v * 1e5) / 1e5;
  return {
    classes: [...PAGE_TYPES],
    features,
    mean: mean.map(round),
    scale: scale.map(round),
    weights: weights.map((w) => w.map(round)),
    bias: bias.map(round),
  };
}

function evaluate(model: PageTypeModel, set: Labelled[], title: string): void {
  if (set.length === 0) return;
  const k = PAGE_TYPES.length;
  const confusion = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  let correct = 0;
  for (const page of set) {
    const x = featureVector(pageTypeFeatures(page.snapshot), model.features).map((v, j) => (v - model.mean[j]) / model.scale[j]);
    const p = predictStandardised(model, x);
    const predicted = p.indexOf(Math.max(...p));
    const truth = PAGE_TYPES.indexOf(page.type);
    confusion[truth][predicted]++;
    if (predicted === truth) correct++;
  }
  const short = PAGE_TYPES.map((t) => t.slice(0, 6));
  const lines = [
    `${title}: accuracy ${(correct / set.length).toFixed(3)} (${correct}/${set.length})`,
    `truth \\ predicted | ${short.join(' | ')}`,
    ...PAGE_TYPES.map((t, i) => `${t.padEnd(17)} | ${confusion[i].map((c, j) => String(c).padStart(short[j].length)).join(' | ')}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

export async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { limit: { type: 'string' }, 'validation-limit': { type: 'string' }, concurrency: { type: 'string', default: '2' }, 'cached-only': { type: 'boolean' }, l2: { type: 'string' }, cv: { type: 'boolean' } },
  });
  const limit = values.limit ? Number(values.limit) : undefined;
  const concurrency = Number(values.concurrency);
  const cachedOnly = values['cached-only'] ?? false;
  const train = await snapshotsOf(TRAIN, 'wcxb-dev-train', concurrency, limit, cachedOnly);
  const validation = await snapshotsOf(VALIDATION, 'wcxb-dev-sample', concurrency, values['validation-limit'] ? Number(values['validation-limit']) : undefined, cachedOnly);
  log(`training on ${train.length} pages, validating on ${validation.length}`);
  const trainFeatures = train.map((p) => pageTypeFeatures(p.snapshot));
  const names = Object.keys(trainFeatures[0] ?? {}).sort();
  const l2 = values.l2 ? Number(values.l2) : DEFAULT_L2;
  const x = trainFeatures.map((f) => featureVector(f, names));
  const y = train.map((p) => PAGE_TYPES.indexOf(p.type));
  if (values.cv) {
    // 5-fold cross-validation on the training set (folds by position in the fixed shuffle).
    let correct = 0;
    for (let fold = 0; fold < 5; fold++) {
      const inFold = (i: number) => i % 5 === fold;
      const m = fit(x.filter((_, i) => !inFold(i)), y.filter((_, i) => !inFold(i)), PAGE_TYPES.length, names, l2);
      x.forEach((row, i) => {
        if (!inFold(i)) return;
        const p = predictStandardised(m, row.map((v, j) => (v - m.mean[j]) / m.scale[j]));
        if (p.indexOf(Math.max(...p)) === y[i]) correct++;
      });
    }
    log(`5-fold cross-validated accuracy on the training set (L2 ${l2}): ${(correct / x.length).toFixed(3)}`);
  }
  const model = fit(x, y, PAGE_TYPES.length, names, l2);
  await writeFile(OUT, `${JSON.stringify(model)}\n`);
  log(`wrote ${OUT} (${names.length} features)`);
  evaluate(model, train, 'wcxb-dev-train (training set)');
  evaluate(model, validation, 'wcxb-dev-sample (validation)');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).catch((error) => {
    process.stderr.write(`train-page-type: ${(error as Error).stack ?? error}\n`);
    process.exit(1);
  });
}
