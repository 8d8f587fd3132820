/**
 * Fetching a model file (the gzipped binary format of model.ts) from a base URL — the extension's own package, or /__pith__/ in the CLI's
 * page — once per language.
 */
import type { ModelLanguage } from './languages';
import { decodeModel, type NgramModel } from './model';
import type { ModelLoader } from './stage';

export const MODEL_DIR = 'perplexity/';

export function modelFileName(lang: string): string {
  return `${lang}.bin.gz`;
}

export async function parseModelFile(gzipped: ArrayBuffer): Promise<NgramModel> {
  const stream = new Blob([gzipped]).stream().pipeThrough(new DecompressionStream('gzip'));
  return decodeModel(new Uint8Array(await new Response(stream).arrayBuffer()));
}

/** A loader that fetches `<base><lang>.bin.gz` and keeps each model for the life of the page. */
export function urlModelLoader(base: string): ModelLoader {
  const cache = new Map<ModelLanguage, Promise<NgramModel>>();
  return (lang) => {
    let model = cache.get(lang);
    if (!model) {
      model = fetch(new URL(modelFileName(lang), base)).then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status} for ${response.url}`);
        return parseModelFile(await response.arrayBuffer());
      });
      cache.set(lang, model);
      model.catch(() => cache.delete(lang));
    }
    return model;
  };
}
