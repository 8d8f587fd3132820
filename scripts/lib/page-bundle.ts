/**
 * Builds the page bundle (see vite.page.config.ts) when a source is newer than it, so repeated CLI runs skip Vite.
 */
import { existsSync } from 'node:fs';
import { readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'vite';
import { PAGE_BUNDLE_FILE, PAGE_ENTRY, PAGE_OUT_DIR, PROJECT_ROOT, pageBuildConfig } from '../../vite.page.config';

/** Besides everything under src/, a change to these rebuilds the bundle. */
const BUILD_INPUTS = ['cli/page-entry.ts', 'vite.page.config.ts', 'package.json'];

async function newestMtime(path: string): Promise<number> {
  const info = await stat(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs; // a deleted file changes only its directory's mtime
  for (const entry of await readdir(path)) newest = Math.max(newest, await newestMtime(join(path, entry)));
  return newest;
}

async function sourcesMtime(): Promise<number> {
  const inputs = [join(PROJECT_ROOT, 'src'), ...BUILD_INPUTS.map((f) => join(PROJECT_ROOT, f))];
  const times = await Promise.all(inputs.filter((p) => existsSync(p)).map(newestMtime));
  return Math.max(0, ...times);
}

export async function pageBundleIsFresh(): Promise<boolean> {
  const bundle = join(PAGE_OUT_DIR, PAGE_BUNDLE_FILE);
  if (!existsSync(bundle)) return false;
  return (await stat(bundle)).mtimeMs >= (await sourcesMtime());
}

/**
 * Builds into a private directory and swaps it in, so a CLI run in parallel never imports a half-written bundle.
 * Returns the bundle directory.
 */
export async function ensurePageBundle(log: (line: string) => void = () => {}): Promise<string> {
  if (await pageBundleIsFresh()) return PAGE_OUT_DIR;
  if (!existsSync(PAGE_ENTRY)) {
    throw new Error(`page bundle entry ${PAGE_ENTRY} does not exist yet (it installs window.__pith)`);
  }
  const started = performance.now();
  const staging = `${PAGE_OUT_DIR.replace(/\/$/, '')}.build-${process.pid}`;
  const retired = `${PAGE_OUT_DIR.replace(/\/$/, '')}.old-${process.pid}`;
  try {
    await build(pageBuildConfig(staging));
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  if (existsSync(PAGE_OUT_DIR)) await rename(PAGE_OUT_DIR, retired).catch(() => undefined);
  // Another process may have swapped in its own fresh build meanwhile; then ours is redundant.
  await rename(staging, PAGE_OUT_DIR).catch(() => rm(staging, { recursive: true, force: true }));
  await rm(retired, { recursive: true, force: true });
  log(`built page bundle in ${Math.round(performance.now() - started)} ms`);
  return PAGE_OUT_DIR;
}
