import type { ByteLoader, ModelStore } from './types';

/**
 * Models served over HTTP(S) or from the extension package: `root` is e.g. `chrome-extension://<id>/models/`
 * (runtime.getURL('/models/')) or `http://127.0.0.1:<port>/models/` when the CLI serves them to a page.
 */
export function urlModelStore(root: string, fetchImpl: typeof fetch = fetch): ModelStore {
  const base = root.endsWith('/') ? root : `${root}/`;
  return {
    root: base,
    files(folder: string): ByteLoader {
      const folderUrl = new URL(`${folder.replace(/\/+$/, '')}/`, base);
      return async (relativePath) => {
        const url = new URL(relativePath, folderUrl).href;
        const response = await fetchImpl(url);
        if (!response.ok) throw new Error(`cannot load ${url}: HTTP ${response.status}`);
        return response.arrayBuffer();
      };
    },
  };
}
