/**
 * Models read from the filesystem (Node only: tests, benchmark, CLI). Never import this from extension code.
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { ByteLoader, ModelStore } from './types';

/**
 * `root` holds one folder per model. `folders` maps a folder name to a directory elsewhere (e.g. the USE-lite
 * files that live in node_modules rather than in the models directory).
 */
export function fsModelStore(root: string, folders: Record<string, string> = {}): ModelStore {
  const absRoot = resolve(root);
  return {
    root: `${absRoot}/`,
    files(folder: string): ByteLoader {
      const dir = folders[folder] ?? join(absRoot, folder);
      return async (relativePath) => {
        const bytes = await readFile(join(dir, relativePath));
        // A Buffer may be a view on a larger pooled ArrayBuffer: copy out exactly its bytes.
        return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
      };
    },
  };
}
