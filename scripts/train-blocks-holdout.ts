/**
 * Trains the block model on the training pages only (../shared/bench/train/) and scores it on every dev set and on
 * daniel-dev, which it never saw. Cutoffs (the model alone, and the two of the combination in which the model only
 * overturns the pipeline where it is very confident) are chosen by grouped-by-site cross-validation inside the
 * training pages; the dev sets choose between the few variants; daniel-dev is reported, never used to choose.
 *   npm run train:blocks -- [--reuse-models] [--ship VARIANT]
 * Each variant's model and evaluator fixture go to the table directory; --ship copies one over src/blocks/model.json
 * and test/unit/fixtures/block-model-predictions.json. Tables must be built first (they are reused when present).
 */
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { spawnSync } from 'node:child_process';
import { PROJECT_ROOT } from '../vite.page.config';
import { blockMargin, modelKeeps, readBlockModel, sigmoid, type BlockModel, type BlockModelMode } from '../src/blocks/model';
import { buildSetTable, TABLE_DIR, type SetTable } from './lib/block-dataset';
import { groupTable, scoreSet, type PageScore, type SetPredictions, type System } from './lib/block-oof-report';

const MODEL = resolve(PROJECT_ROOT, 'src/blocks/model.json');
const FIXTURE = resolve(PROJECT_ROOT, 'test/unit/fixtures/block-model-predictions.json');
/** The tables (bench/results/2026-11-28-block-model-general.md quotes them with the reading of them). */
const REPORT = join(TABLE_DIR, 'holdout-report.md');
const TRAIN = 'wcxb-dev-train';
const DEV_SETS = ['cleaneval-dev', 'cleanportaleval', 'readability', 'wcxb-dev-sample'];
const EVAL_SETS = ['daniel-dev', 'trafilatura-dev'];

/** The few variants the dev sets choose between: all features, and without the hashed id/class words. */
const VARIANTS: Record<string, { label: string; drop: string[] }> = {
  all: { label: 'all features', drop: [] },
  nomarkup: { label: 'without the id/class words', drop: ['hint_'] },
};

const log = (line: string): void => void process.stderr.write(`${line}\n`);
const candidate = (variant: string) => join(TABLE_DIR, `candidate-${variant}.json`);
/** The trainer's second pair of overturn cutoffs, chosen the same way from a grid of very confident ones only. */
type CandidateModel = BlockModel & { overturnConfident?: BlockModel['overturn'] };
function confidentOnly({ overturnConfident, ...model }: CandidateModel): BlockModel {
  return { ...model, overturn: overturnConfident };
}
const candidateFixture = (variant: string) => join(TABLE_DIR, `candidate-${variant}-fixture.json`);

function train(variant: string): void {
  const run = spawnSync('nice', ['-n', '5', 'env', 'OMP_WAIT_POLICY=passive', '/usr/bin/python3', resolve(PROJECT_ROOT, 'scripts/train_blocks.py'), TABLE_DIR,
    '--train', TRAIN, '--cv-cutoff', '--folds', '5', '--oof', join(TABLE_DIR, `oof-${variant}.json`), '--out', candidate(variant), '--fixture', candidateFixture(variant),
    '--drop-prefix', VARIANTS[variant]!.drop.join(',')], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (run.status !== 0) throw new Error(`train_blocks.py failed (${run.status ?? run.signal})`);
}

/** A model's decisions on every row of a set's table (the TypeScript evaluator, as in the page), read with cutoff 0.5. */
function predictions(model: BlockModel, table: SetTable, mode: BlockModelMode): SetPredictions {
  const column = model.features.map((f) => table.features.indexOf(f));
  if (column.some((c) => c < 0)) throw new Error(`${table.set}: the table lacks features of the model (rebuild it)`);
  const buffer = readFileSync(join(TABLE_DIR, `${table.set}.f32`));
  const matrix = new Float32Array(buffer.buffer, buffer.byteOffset, buffer.byteLength / 4);
  const width = table.features.length;
  const keptNow = table.features.indexOf('kept_now');
  const row = new Float32Array(column.length);
  const prob = table.block.map((_, r) => {
    for (let i = 0; i < column.length; i++) row[i] = matrix[r * width + column[i]!]!;
    return modelKeeps(model, sigmoid(blockMargin(model, row)), mode, matrix[r * width + keptNow]! > 0.5) ? 1 : 0;
  });
  return { prob, cutoff: prob.map(() => 0.5) };
}

export async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({ args: argv, options: { 'reuse-models': { type: 'boolean' }, ship: { type: 'string' }, variants: { type: 'string' } } });
  const variants = values.variants?.split(',') ?? Object.keys(VARIANTS);
  const tables = new Map<string, SetTable>();
  for (const set of [TRAIN, ...DEV_SETS, ...EVAL_SETS]) {
    const path = join(TABLE_DIR, `${set}.json`);
    const table = existsSync(path) ? (JSON.parse(await readFile(path, 'utf8')) as SetTable) : await buildSetTable(set, log);
    if (table) tables.set(set, table);
  }
  const models = new Map<string, CandidateModel>();
  for (const v of variants) {
    if (!values['reuse-models'] || !existsSync(candidate(v))) train(v);
    models.set(v, readBlockModel(JSON.parse(readFileSync(candidate(v), 'utf8'))));
  }
  const columns: System[] = [];
  for (const v of variants) columns.push(`model, ${VARIANTS[v]!.label}`, `combination, ${VARIANTS[v]!.label}`, `confident combination, ${VARIANTS[v]!.label}`);
  columns.push('pipeline (reader text)', 'Readability.js', 'Defuddle');

  const pages: PageScore[] = [];
  const scored = [...DEV_SETS, ...EVAL_SETS].filter((s) => tables.has(s));
  for (const set of scored) {
    const table = tables.get(set)!;
    const extra: Record<System, SetPredictions> = {};
    for (const [v, model] of models) {
      extra[`model, ${VARIANTS[v]!.label}`] = predictions(model, table, 'alone');
      extra[`combination, ${VARIANTS[v]!.label}`] = predictions(model, table, 'overturn');
      extra[`confident combination, ${VARIANTS[v]!.label}`] = predictions(confidentOnly(model), table, 'overturn');
    }
    const first = [...models.values()][0]!;
    pages.push(...(await scoreSet(table, predictions(first, table, 'alone'), true, extra)));
    log(`${set}: scored`);
  }
  const dev = pages.filter((p) => DEV_SETS.includes(p.set));
  const describe = [...models].map(([v, m]) => `${VARIANTS[v]!.label}: ${m.features.length} features, ${m.trees.length} trees, cutoff ${m.cutoff}; combination removes a kept block below ${m.overturn?.removeBelow} and keeps a removed one from ${m.overturn?.keepAbove}; confident combination: below ${m.overturnConfident?.removeBelow}, from ${m.overturnConfident?.keepAbove}`);
  const report = [
    `Trained on ${tables.get(TRAIN)!.pages.length} pages of ${TRAIN} only; every cutoff chosen by 5-fold cross-validation grouped by site inside them.`,
    ...describe.map((d) => `- ${d}`),
    'Columns "model" and "combination" include the certain rules (hidden, cookie banner, overlay, login form keep their say).',
    '',
    groupTable('Dev sets (never trained on; they choose between the variants)', dev, (p) => p.set, columns),
    groupTable('Per page type (wcxb-dev-sample)', dev.filter((p) => p.set === 'wcxb-dev-sample'), (p) => p.pageType, columns),
    groupTable('daniel-dev per language (evaluation only)', pages.filter((p) => p.set === 'daniel-dev'), (p) => p.lang, columns),
    groupTable('trafilatura-dev (snippets; scored only)', pages.filter((p) => p.set === 'trafilatura-dev'), (p) => p.set, columns),
  ].join('\n');
  await writeFile(REPORT, report);
  process.stdout.write(report);
  if (values.ship) {
    // --ship VARIANT or VARIANT:confident (the confident pair becomes the model's overturn cutoffs).
    const [variant, pair] = values.ship.split(':');
    const model = models.get(variant!) ?? readBlockModel(JSON.parse(readFileSync(candidate(variant!), 'utf8')));
    const shippedModel = pair === 'confident' ? confidentOnly(model) : (({ overturnConfident: _, ...rest }: CandidateModel) => rest)(model);
    await writeFile(MODEL, `${JSON.stringify(shippedModel)}\n`);
    copyFileSync(candidateFixture(variant!), FIXTURE);
    log(`shipped variant ${values.ship} to ${MODEL}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).catch((error) => {
    process.stderr.write(`train-blocks-holdout: ${(error as Error).stack ?? error}\n`);
    process.exit(1);
  });
}
