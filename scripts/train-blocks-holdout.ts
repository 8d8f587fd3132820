/**
 * Trains the block model on the training pages only (../shared/bench/train/) and scores it on every dev set and on
 * daniel-dev, which it never saw; the cutoff is chosen by grouped-by-site cross-validation inside the training pages.
 *   npx tsx scripts/train-blocks-holdout.ts [--rebuild-dev] [--dev-oof FILE] [--ship]
 * The candidate model and its evaluator fixture go to the table directory; --ship copies them over src/blocks/model.json
 * and test/unit/fixtures/block-model-predictions.json (only when the candidate is at least as good on the dev sets).
 * Columns beside it: the shipped model (fitted on the dev sets, so in-sample there) and, with --dev-oof, the earlier
 * out-of-fold predictions over the dev sets (train-blocks.ts's run on the same dev tables).
 */
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { spawnSync } from 'node:child_process';
import { PROJECT_ROOT } from '../vite.page.config';
import { blockMargin, readBlockModel, sigmoid } from '../src/blocks/model';
import { buildSetTable, TABLE_DIR, type SetTable } from './lib/block-dataset';
import { groupTable, scoreSet, type PageScore, type SetPredictions, type System } from './lib/block-oof-report';

const MODEL = resolve(PROJECT_ROOT, 'src/blocks/model.json');
const FIXTURE = resolve(PROJECT_ROOT, 'test/unit/fixtures/block-model-predictions.json');
const REPORT = resolve(PROJECT_ROOT, 'bench/results/2026-11-28-block-model-train.md');
const CANDIDATE = join(TABLE_DIR, 'candidate-model.json');
const CANDIDATE_FIXTURE = join(TABLE_DIR, 'candidate-fixture.json');
const TRAIN = 'wcxb-dev-train';
const DEV_SETS = ['cleaneval-dev', 'cleanportaleval', 'readability', 'wcxb-dev-sample'];
const EVAL_SETS = ['daniel-dev', 'trafilatura-dev'];
const COLUMNS: System[] = ['model', 'model + certain rules', 'shipped model + certain rules', 'dev out of fold + certain rules', 'pipeline (reader text)', 'Readability.js', 'Defuddle'];

const log = (line: string): void => void process.stderr.write(`${line}\n`);

interface OofResult {
  sets: Record<string, SetPredictions>;
  cutoff: number;
  features: string[];
}

/** The shipped model's probabilities for every row of a set's table (features matched by name). */
function shippedPredictions(table: SetTable): SetPredictions {
  const model = readBlockModel(JSON.parse(readFileSync(MODEL, 'utf8')));
  const column = model.features.map((f) => table.features.indexOf(f));
  const buffer = readFileSync(join(TABLE_DIR, `${table.set}.f32`));
  const matrix = new Float32Array(buffer.buffer, buffer.byteOffset, buffer.byteLength / 4);
  const width = table.features.length;
  const row = new Float64Array(column.length);
  const prob = table.block.map((_, r) => {
    for (let i = 0; i < column.length; i++) row[i] = column[i]! < 0 ? Number.NaN : matrix[r * width + column[i]!]!;
    return sigmoid(blockMargin(model, row));
  });
  return { prob, cutoff: prob.map(() => model.cutoff) };
}

export async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({ args: argv, options: { 'rebuild-dev': { type: 'boolean' }, 'dev-oof': { type: 'string' }, ship: { type: 'boolean' }, folds: { type: 'string', default: '5' } } });
  const tables = new Map<string, SetTable>();
  for (const set of [TRAIN, ...DEV_SETS, ...EVAL_SETS]) {
    const path = join(TABLE_DIR, `${set}.json`);
    const reuse = DEV_SETS.includes(set) && !values['rebuild-dev'] && existsSync(path);
    const table = reuse ? (JSON.parse(await readFile(path, 'utf8')) as SetTable) : await buildSetTable(set, log);
    if (table) tables.set(set, table);
  }
  const scored = [...DEV_SETS, ...EVAL_SETS].filter((s) => tables.has(s));
  const oof = join(TABLE_DIR, `holdout-oof-${process.pid}.json`);
  const run = spawnSync('nice', ['-n', '19', 'env', 'OMP_WAIT_POLICY=passive', '/usr/bin/python3', resolve(PROJECT_ROOT, 'scripts/train_blocks.py'), TABLE_DIR,
    '--train', TRAIN, '--cv-cutoff', '--folds', values.folds, '--score', scored.join(','), '--oof', oof, '--out', CANDIDATE, '--fixture', CANDIDATE_FIXTURE], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (run.status !== 0) throw new Error(`train_blocks.py failed (${run.status ?? run.signal})`);
  const result = JSON.parse(readFileSync(oof, 'utf8')) as OofResult;
  const devOof = values['dev-oof'] ? (JSON.parse(readFileSync(values['dev-oof'], 'utf8')) as OofResult) : null;

  const pages: PageScore[] = [];
  for (const set of scored) {
    const table = tables.get(set)!;
    const extra: Partial<Record<System, SetPredictions>> = { 'shipped model + certain rules': shippedPredictions(table) };
    if (devOof?.sets[set]) extra['dev out of fold + certain rules'] = devOof.sets[set];
    pages.push(...(await scoreSet(table, result.sets[set]!, true, extra)));
    log(`${set}: scored`);
  }
  const trainSites = new Set(tables.get(TRAIN)!.pages.map((p) => p.site));
  const sampleSite = new Map(tables.get('wcxb-dev-sample')?.pages.map((p) => [p.id, p.site]) ?? []);
  const unseen = pages.filter((p) => p.set === 'wcxb-dev-sample' && !trainSites.has(sampleSite.get(p.id)!));
  const train = tables.get(TRAIN)!;
  const dev = pages.filter((p) => DEV_SETS.includes(p.set));
  const report = [
    `Trained on ${train.pages.length} pages of ${TRAIN} (${train.block.length} blocks, ${trainSites.size} sites); cutoff ${result.cutoff}, chosen by ${values.folds}-fold cross-validation grouped by site inside those pages. ${result.features.length} features.`,
    '"model" = the train-only model; "shipped model" = src/blocks/model.json as it was, fitted on the four dev sets (in-sample there, out of sample on daniel-dev); "dev out of fold" = the earlier out-of-fold predictions over the dev sets (5 folds grouped by site).',
    '',
    groupTable('Dev sets (never trained on by the train-only model)', dev, (p) => p.set, COLUMNS),
    groupTable(`wcxb-dev-sample, sites not in the training pages (${unseen.length} of ${dev.filter((p) => p.set === 'wcxb-dev-sample').length} pages)`, unseen, (p) => p.pageType, COLUMNS),
    groupTable('Per page type (wcxb-dev-sample)', dev.filter((p) => p.set === 'wcxb-dev-sample'), (p) => p.pageType, COLUMNS),
    groupTable('daniel-dev per language (evaluation only)', pages.filter((p) => p.set === 'daniel-dev'), (p) => p.lang, COLUMNS),
    groupTable('trafilatura-dev (snippets; scored only)', pages.filter((p) => p.set === 'trafilatura-dev'), (p) => p.set, COLUMNS),
  ].join('\n');
  await writeFile(REPORT, report);
  process.stdout.write(report);
  if (values.ship) {
    copyFileSync(CANDIDATE, MODEL);
    copyFileSync(CANDIDATE_FIXTURE, FIXTURE);
    log(`shipped the train-only model to ${MODEL}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).catch((error) => {
    process.stderr.write(`train-blocks-holdout: ${(error as Error).stack ?? error}\n`);
    process.exit(1);
  });
}
