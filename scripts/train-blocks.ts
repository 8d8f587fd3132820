/**
 * The block model's out-of-fold report over every labelled set (it writes no model: the shipped one is fitted on the
 * training pages only by `npm run train:blocks`, scripts/train-blocks-holdout.ts).
 *   npm run train:blocks:take            read the labelled pages in Chromium into the cache (once; resumes)
 *   npm run bench:blocks -- [--reuse-table] [--folds N]
 * 1. Features and labels of every cached page into a table (scripts/lib/block-dataset.ts).
 * 2. XGBoost (scripts/train_blocks.py, Debian's python3-xgboost): grouped k-fold by site over the sets with a full-text
 *    truth, the cutoff chosen inside each fold's training part. The same folds again without the layout features.
 * 3. The tables (per set, per page type, per language; model, pipeline, Readability.js, Defuddle; leftover lines) into
 *    bench/results/2026-11-28-block-model.md.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT } from '../vite.page.config';
import { buildSetTable, TABLE_DIR, type SetTable } from './lib/block-dataset';
import { groupTable, scoreSet, type PageScore, type SetPredictions } from './lib/block-oof-report';
import { SCORED_ONLY_SETS, TRAINING_SETS } from './lib/block-pages';

const REPORT = resolve(PROJECT_ROOT, 'bench/results/2026-11-28-block-model.md');
const PYTHON = '/usr/bin/python3';
/** Features that read the rendered layout (positions, sizes, fonts, GCE's container): left out for the "layout out" run. */
const LAYOUT_FEATURES = ['x_centre', 'y_top', 'width_rel', 'height_rel', 'font_rel', 'bold', 'above_fold', 'column_offset', 'in_column', 'in_main', 'fixed', 'kept_by_layout', 'page_main_found'];

const log = (line: string): void => void process.stderr.write(`${line}\n`);

interface OofResult {
  sets: Record<string, SetPredictions>;
  cutoffs: number[];
  cutoff: number;
  features: string[];
}

function trainPython(args: string[]): OofResult {
  const oof = join(TABLE_DIR, `oof-${process.pid}-${Math.random().toString(36).slice(2)}.json`);
  const run = spawnSync('nice', ['-n', '5', 'env', 'OMP_WAIT_POLICY=passive', PYTHON, resolve(PROJECT_ROOT, 'scripts/train_blocks.py'), TABLE_DIR, '--oof', oof, ...args], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (run.status !== 0) throw new Error(`train_blocks.py failed (${run.status ?? run.signal})`);
  return JSON.parse(readFileSync(oof, 'utf8')) as OofResult;
}

export async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({ args: argv, options: { 'reuse-table': { type: 'boolean' }, folds: { type: 'string', default: '5' }, 'oof-files': { type: 'string' } } });
  // --oof-files FULL,NO_LAYOUT: report from the out-of-fold files of an earlier run (no training).
  const given = values['oof-files']?.split(',').map((f) => JSON.parse(readFileSync(f, 'utf8')) as OofResult);
  const tables = new Map<string, SetTable>();
  for (const set of [...TRAINING_SETS, ...SCORED_ONLY_SETS]) {
    if (given && !given[0]!.sets[set]) continue;
    const path = join(TABLE_DIR, `${set}.json`);
    const table = values['reuse-table'] && existsSync(path) ? (JSON.parse(await readFile(path, 'utf8')) as SetTable) : await buildSetTable(set, log);
    if (table) tables.set(set, table);
  }
  const train = TRAINING_SETS.filter((s) => tables.has(s)).join(',');
  const score = SCORED_ONLY_SETS.filter((s) => tables.has(s)).join(',');
  const common = ['--train', train, '--folds', values.folds];
  log('training: all features');
  const full = given?.[0] ?? trainPython([...common, '--score', score]);
  log('training: layout features left out');
  // The same folds and the cutoffs the full run chose inside them.
  const noLayout = given?.[1] ?? trainPython([...common, '--drop-prefix', LAYOUT_FEATURES.join(','), '--fold-cutoffs', full.cutoffs.join(',')]);

  const pages: PageScore[] = [];
  const layoutOut: PageScore[] = [];
  for (const [set, table] of tables) {
    if (!full.sets[set]) continue;
    pages.push(...(await scoreSet(table, full.sets[set]!, set !== 'wcxb-dev-train')));
    if (noLayout.sets[set]) layoutOut.push(...(await scoreSet(table, noLayout.sets[set]!, false)));
  }
  const trained = pages.filter((p) => (TRAINING_SETS as readonly string[]).includes(p.set));
  const layoutOf = new Map(layoutOut.map((p) => [`${p.set}/${p.id}`, p.scores['model + certain rules']]));
  const withLayoutOut: PageScore[] = trained.map((p) => ({ ...p, scores: { ...p.scores, model: layoutOf.get(`${p.set}/${p.id}`) } }));
  const report = [
    '# Block model: out-of-fold figures (issue 38)',
    '',
    `Folds: ${values.folds}, grouped by site; cutoffs chosen inside each fold's training part: ${full.cutoffs.join(', ')} (shipped: ${full.cutoff}). ${full.features.length} features.`,
    'Model text = the kept blocks joined by lines; "pipeline (same blocks)" is the current pipeline\'s decisions read the same way, "pipeline (reader text)" its real text export.',
    'daniel-dev and trafilatura-dev (snippets) are scored by the model trained on every training page (never on them).',
    '',
    groupTable('Per set (out of fold on the training sets)', pages, (p) => p.set),
    groupTable('Per page type (WCXB sets, out of fold)', pages.filter((p) => p.pageType !== 'unlabelled'), (p) => p.pageType),
    groupTable('daniel-dev per language', pages.filter((p) => p.set === 'daniel-dev'), (p) => p.lang),
    groupTable('Layout features in (model + certain rules) vs out ("model" column = without layout features, + certain rules)', withLayoutOut, (p) => p.set, ['model + certain rules', 'model']),
  ].join('\n');
  await writeFile(REPORT, report);
  process.stdout.write(report);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).catch((error) => {
    process.stderr.write(`train-blocks: ${(error as Error).stack ?? error}\n`);
    process.exit(1);
  });
}
