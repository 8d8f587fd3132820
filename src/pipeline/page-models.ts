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
import { OutlierIndex } from '../ann/outlier-index';
import { createEmbedder, type EmbedderEnvironment } from '../embedding/registry';
import type { Embedder } from '../embedding/types';
import { cachingEmbedder } from '../embedding/vector-cache';
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

declare global {
  interface Window {
    /** The CLI's disk cache of built outlier indexes (exposed by its model page, scripts/lib/index-cache.ts). */
    __pithIndexCacheGet?: (key: string) => Promise<string | null>;
    __pithIndexCachePut?: (key: string, text: string) => Promise<void>;
  }
}

/** Bump when the serialised form or what goes into an index changes without changing its key. */
const INDEX_CACHE_VERSION = 1;

/**
 * The index from the CLI's disk cache when it has one for this key, else built (and then cached): embedding every
 * known line takes minutes on a loaded machine, and each CLI run would otherwise do it again. Without the cache
 * (not the CLI) or with an unreadable entry, the index is simply built.
 */
async function cachedIndex(key: string, build: () => Promise<BuiltIndex>): Promise<BuiltIndex> {
  const cacheKey = `${key}-v${INDEX_CACHE_VERSION}`;
  const get = window.__pithIndexCacheGet;
  const put = window.__pithIndexCachePut;
  if (get) {
    try {
      const text = await get(cacheKey);
      if (text) {
        const cached = JSON.parse(text) as { index: string; warnings: string[] };
        return { index: OutlierIndex.deserialize(cached.index), warnings: cached.warnings };
      }
    } catch (error) {
      console.warn(`[pith:sore] cached outlier index ${cacheKey} is unreadable (${String(error)}); rebuilding`);
    }
  }
  const built = await build();
  await put?.(cacheKey, JSON.stringify({ index: built.index.serialize(), warnings: built.warnings })).catch((error: unknown) =>
    console.warn(`[pith:sore] could not cache the outlier index: ${String(error)}`),
  );
  return built;
}

export const pageModels: ModelAccess = {
  // Vectors are reused by text across the pages of a run, as in the extension's model host.
  embedder: (spec) => remember(embedders, spec, async () => cachingEmbedder(await createEmbedder(spec, pageEnvironment()))),
  index: (key, build) => remember(indexes, key, () => cachedIndex(key, build)),
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
