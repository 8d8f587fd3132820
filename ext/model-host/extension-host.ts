/** The one ModelHost of the host page, configured for the extension package. Imported lazily (heavy). */
import { browser } from 'wxt/browser';
import { loadExemplars, OUTLIER_EXEMPLARS_PATH } from '@/src/sore/exemplars';
import { loadOutlierGroups, OUTLIER_GROUPS_PATH } from '@/src/sore/groups';
import { errorMessage } from '@/src/error-message';
import { extensionEnvironment } from './extension-environment';
import { createEmbedder } from '@/src/embedding/registry';
import { EmbedWorker } from './worker-embedder';
import { ModelHost, type EmbedderFactory } from './host';
import { isHubModelCached } from './hub-cache';
import { indexedDbIndexStore, type IndexStore } from './index-store';
import { SoreService } from './sore-service';

let host: ModelHost | undefined;

/**
 * Separates persisted indexes of different builds. The host page has no runtime.getManifest (offscreen documents
 * get only runtime messaging and getURL), but this chunk's hashed file name changes with its code and with the
 * hashed names of the embedder chunks it imports; under the dev server it is the plain module name.
 */
function buildTag(): string {
  return import.meta.url.split('/').pop()?.replace(/\?.*$/, '') || 'dev';
}
let sore: SoreService | undefined;

/**
 * Models load and run in a Worker of the host page, so inference never blocks the host's main thread, which the
 * extension's pages (the reader among them) share. Where no Worker can start, they run in the page, and the
 * backend's reason says so.
 */
function inWorker(): EmbedderFactory {
  let worker: EmbedWorker | undefined;
  let unavailable = typeof Worker === 'undefined' ? 'no Worker here' : undefined;
  return async (spec, environment) => {
    if (unavailable === undefined && !worker) {
      try {
        worker = new EmbedWorker(new Worker(new URL('./embed-worker.ts', import.meta.url), { type: 'module' }));
      } catch (error) {
        // The constructor itself can throw (a blocked or unreadable script URL): no Worker, so the page runs it.
        unavailable = `the embedding worker could not start: ${errorMessage(error)}`;
      }
    }
    if (unavailable === undefined && worker) {
      try {
        const { store, onProgress, ...rest } = environment;
        return await worker.load(spec, { ...rest, storeRoot: store.root }, onProgress);
      } catch (error) {
        if (!worker.broken) throw error; // the model itself failed: the page would fail the same way
        unavailable = worker.broken.message;
      }
    }
    const embedder = await createEmbedder(spec, environment);
    return { ...embedder, backendReason: `${embedder.backendReason}; in the host page (${unavailable})` };
  };
}

export function extensionModelHost(): ModelHost {
  host ??= new ModelHost(extensionEnvironment(), isHubModelCached, inWorker());
  return host;
}

/** The host's SORE service: groups from the package, outlier indexes persisted in the extension's IndexedDB. */
export function extensionSoreService(): SoreService {
  if (sore) return sore;
  const warn = (message: string) => console.warn(`[pith:model-host] ${message}`);
  let store: IndexStore | undefined;
  if (typeof indexedDB === 'undefined') warn('no IndexedDB here: outlier indexes are rebuilt whenever the host restarts');
  else store = indexedDbIndexStore(buildTag());
  const getUrl = browser.runtime.getURL as (path: string) => string;
  sore = new SoreService(extensionModelHost(), {
    loadGroups: () => loadOutlierGroups(getUrl(OUTLIER_GROUPS_PATH), undefined, (m) => warn(`outlier groups: ${m}`)),
    loadExemplars: () => loadExemplars(getUrl(OUTLIER_EXEMPLARS_PATH), undefined, (m) => warn(`outlier exemplars: ${m}`)),
    store,
    warn,
  });
  return sore;
}
