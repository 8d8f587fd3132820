/**
 * Fetching a model file (gzipped JSON) from a base URL — the extension's own package, or /__pith__/ in the CLI's
 * page — once per language.
 */
import type { ModelLanguage } from './languages';
import { loadModel, type NgramModel, type NgramModelFile } from './model';
import type { ModelLoader } from './stage';

export const MODEL_DIR = 'perplexity/';

export function modelFileName(lang: string): string {
  return `${lang}.json.gz`;
}

export async function parseModelFile(gzipped: ArrayBuffer): Promise<NgramModel> {
  const stream = new Blob([gzipped]).stream().pipeThrough(new DecompressionStream('gzip'));
  const file = JSON.parse(await new Response(stream).text()) as NgramModelFile;
  return loadModel(file);
}

/** A loader that fetches `<base><lang>.json.gz` and keeps each model for the life of the page. */
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
