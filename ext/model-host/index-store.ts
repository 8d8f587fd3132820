/**
 * Persisted outlier indexes: the serialised index (src/ann OutlierIndex.serialize) per index key, so a restarted
 * host (a new offscreen document, a reloaded Firefox event page) restores the index instead of embedding every
 * phrase again. The browser implementation uses IndexedDB of the host page's origin (the extension's origin).
 *
 * Keys are prefixed with a build tag (the extension's version): an update may change an embedder's arithmetic
 * or the serialisation, so each version rebuilds once. Only the most recently written entries are kept.
 */

export interface IndexStore {
  get(key: string): Promise<string | undefined>;
  put(key: string, serialized: string): Promise<void>;
}

const DB_NAME = 'pith-model-host';
const DB_VERSION = 1;
const STORE = 'outlier-indexes';
/** A few models × phrase-list variants; each entry is about 1 MB (486 phrases × 384–512 dims, base64). */
export const MAX_PERSISTED_INDEXES = 6;

interface StoredIndex {
  key: string;
  serialized: string;
  savedAt: number;
}

function isStoredIndex(value: unknown): value is StoredIndex {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as StoredIndex).key === 'string' &&
    typeof (value as StoredIndex).serialized === 'string' &&
    typeof (value as StoredIndex).savedAt === 'number'
  );
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function transactionDone(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** IndexedDB-backed store; `tag` separates builds (pass the extension version). */
export function indexedDbIndexStore(tag: string, factory: IDBFactory = indexedDB): IndexStore {
  let db: Promise<IDBDatabase> | undefined;
  const open = (): Promise<IDBDatabase> => {
    db ??= new Promise<IDBDatabase>((resolve, reject) => {
      const req = factory.open(DB_NAME, DB_VERSION);
      req.onupgradeneeded = () => {
        if (!req.result.objectStoreNames.contains(STORE)) req.result.createObjectStore(STORE, { keyPath: 'key' });
      };
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error ?? new Error(`could not open IndexedDB ${DB_NAME}`));
      req.onblocked = () => reject(new Error(`IndexedDB ${DB_NAME} is blocked by another page`));
    }).catch((error: unknown) => {
      db = undefined; // try again next time
      throw error;
    });
    return db;
  };
  const fullKey = (key: string) => `${tag}|${key}`;

  return {
    async get(key) {
      const tx = (await open()).transaction(STORE, 'readonly');
      const value: unknown = await request(tx.objectStore(STORE).get(fullKey(key)));
      return isStoredIndex(value) ? value.serialized : undefined;
    },
    async put(key, serialized) {
      const tx = (await open()).transaction(STORE, 'readwrite');
      const store = tx.objectStore(STORE);
      const entry: StoredIndex = { key: fullKey(key), serialized, savedAt: Date.now() };
      store.put(entry);
      // Other builds' entries can never be read again; of this build's, the newest are kept.
      const keys = (await request(store.getAllKeys())).filter((k): k is string => typeof k === 'string' && k !== entry.key);
      const mine: StoredIndex[] = [];
      for (const k of keys) {
        if (!k.startsWith(`${tag}|`)) store.delete(k);
        else {
          const value: unknown = await request(store.get(k));
          if (isStoredIndex(value)) mine.push(value);
        }
      }
      mine.sort((a, b) => b.savedAt - a.savedAt);
      for (const old of mine.slice(MAX_PERSISTED_INDEXES - 1)) store.delete(old.key);
      await transactionDone(tx);
    },
  };
}

/** In-memory store (Node tests, or where IndexedDB is unavailable). */
export function memoryIndexStore(): IndexStore & { readonly entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    get: async (key) => entries.get(key),
    put: async (key, serialized) => {
      entries.set(key, serialized);
    },
  };
}
