/** The one ModelHost of the host page, configured for the extension package. Imported lazily (heavy). */
import { browser } from 'wxt/browser';
import { loadExemplars, OUTLIER_EXEMPLARS_PATH } from '@/src/sore/exemplars';
import { loadOutlierGroups, OUTLIER_GROUPS_PATH } from '@/src/sore/groups';
import { extensionEnvironment } from './extension-environment';
import { ModelHost } from './host';
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

export function extensionModelHost(): ModelHost {
  host ??= new ModelHost(extensionEnvironment(), isHubModelCached);
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
