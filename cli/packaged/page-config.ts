/**
 * Stands in for vite.page.config.ts in the packaged `pith` (dist/cli/pith.mjs, built by cli/build.ts): the same
 * names, pointing at the page bundle built at pack time, with no Vite at run time.
 */
import { fileURLToPath } from 'node:url';

/** The installed package's root: dist/cli/pith.mjs is two folders down. */
export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const PAGE_OUT_DIR = fileURLToPath(new URL('./page/', import.meta.url));
export const PAGE_BUNDLE_FILE = 'page-entry.js';
