/**
 * Models a user can choose to download from the Hugging Face hub on first use (not bundled; transformers.js
 * caches them in the browser Cache API). Sizes are of the q8 files, for the options page's download warning.
 */
import { E5_PREFIXES, type RolePrefixes } from './prefixes';

export interface RemoteModel {
  id: string;
  dim: number;
  languages: 'multilingual' | 'en';
  licence: string;
  /** Approximate download in bytes (q8 ONNX + tokenizer). */
  downloadBytes: number;
  prefixes?: RolePrefixes;
}

export const REMOTE_MODELS: readonly RemoteModel[] = [
  {
    id: 'Xenova/multilingual-e5-small',
    dim: 384,
    languages: 'multilingual',
    licence: 'MIT',
    downloadBytes: 118_308_185 + 17_082_730,
    prefixes: E5_PREFIXES,
  },
  {
    id: 'Xenova/paraphrase-multilingual-MiniLM-L12-v2',
    dim: 384,
    languages: 'multilingual',
    licence: 'Apache-2.0',
    downloadBytes: 113_000_000,
  },
  { id: 'Xenova/all-MiniLM-L6-v2', dim: 384, languages: 'en', licence: 'Apache-2.0', downloadBytes: 22_972_370 },
];

/** The model the options page offers first: multilingual, small, MIT. */
export const DEFAULT_REMOTE_MODEL = 'Xenova/multilingual-e5-small';

export function findRemoteModel(id: string): RemoteModel | undefined {
  return REMOTE_MODELS.find((m) => m.id === id);
}
