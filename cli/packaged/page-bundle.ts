/** Stands in for scripts/lib/page-bundle.ts in the packaged `pith`: the page bundle was built at pack time. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PAGE_BUNDLE_FILE, PAGE_OUT_DIR } from './page-config';

export async function ensurePageBundle(): Promise<string> {
  if (!existsSync(join(PAGE_OUT_DIR, PAGE_BUNDLE_FILE))) {
    throw new Error(`the page bundle ${join(PAGE_OUT_DIR, PAGE_BUNDLE_FILE)} is missing: the package was packed without "npm run build:cli"`);
  }
  return PAGE_OUT_DIR;
}
