/**
 * The CLI's stand-in for the offscreen document: in a long-lived page of headless Chromium, one embedder per spec
 * and one outlier index per key, created on first use and reused for every page of a batch. Model files and WASM
 * binaries are served by the CLI from the page's own origin under /__pith__/.
 */
import ortMjsUrl from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.mjs?url';
import ortWasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';
import tfjsWasmUrl from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm?url';
import tfjsSimdUrl from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm?url';
import tfjsThreadedUrl from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-threaded-simd.wasm?url';
import { createEmbedder, type EmbedderEnvironment } from '../embedding/registry';
import type { Embedder } from '../embedding/types';
import { urlModelStore } from '../embedding/url-store';
import { loadExemplars, type Exemplar } from '../sore/exemplars';
import { loadOutlierGroups, type OutlierGroup } from '../sore/groups';
import { NO_GROUPS_MESSAGE, type BuiltIndex, type ModelAccess } from './semantic-job';

export { PAGE_ASSET_ROOT } from './page-assets';
import { PAGE_ASSET_ROOT } from './page-assets';

function pageEnvironment(): EmbedderEnvironment {
  const absolute = (url: string) => new URL(url, import.meta.url).href;
  return {
    store: urlModelStore(new URL(`${PAGE_ASSET_ROOT}models/`, location.origin).href),
    ortWasmPaths: { mjs: absolute(ortMjsUrl), wasm: absolute(ortWasmUrl) },
    tfjsWasmPaths: {
      'tfjs-backend-wasm.wasm': absolute(tfjsWasmUrl),
      'tfjs-backend-wasm-simd.wasm': absolute(tfjsSimdUrl),
      'tfjs-backend-wasm-threaded-simd.wasm': absolute(tfjsThreadedUrl),
    },
  };
}

const embedders = new Map<string, Promise<Embedder>>();
const indexes = new Map<string, Promise<BuiltIndex>>();
let groups: Promise<OutlierGroup[]> | null = null;

function remember<T>(cache: Map<string, Promise<T>>, key: string, create: () => Promise<T>): Promise<T> {
  let value = cache.get(key);
  if (!value) {
    value = create();
    cache.set(key, value);
    value.catch(() => cache.delete(key)); // a failed load may be retried
  }
  return value;
}

export const pageModels: ModelAccess = {
  embedder: (spec) => remember(embedders, spec, () => createEmbedder(spec, pageEnvironment())),
  index: (key, build) => remember(indexes, key, build),
};

/**
 * The shipped outlier groups, loaded once. A list that cannot be loaded is an error (as in the extension's model
 * host), never an empty list: SORE must not quietly run on its distance rule alone.
 */
export function pageOutlierGroups(): Promise<OutlierGroup[]> {
  groups ??= (async () => {
    const problems: string[] = [];
    const loaded = await loadOutlierGroups(new URL(`${PAGE_ASSET_ROOT}outlier-groups.json`, location.origin).href, undefined, (m) => problems.push(m));
    for (const p of problems) console.warn(`[pith:sore] outlier groups: ${p}`);
    if (loaded.length === 0) throw new Error(`${NO_GROUPS_MESSAGE}${problems.length ? ` (${problems.slice(0, 3).join('; ')})` : ''}`);
    return loaded;
  })();
  groups.catch(() => (groups = null));
  return groups;
}

let exemplars: Promise<Exemplar[]> | null = null;

/** The mined known lines, loaded once; without them SORE votes with the hand-written phrases alone (and says so). */
export function pageExemplars(): Promise<Exemplar[]> {
  exemplars ??= loadExemplars(new URL(`${PAGE_ASSET_ROOT}outlier-exemplars.json`, location.origin).href);
  return exemplars;
}
