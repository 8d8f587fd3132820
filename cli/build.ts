/**
 * Builds the `pith` command as plain JavaScript for the npm package (run by `prepack`, or `npm run build:cli`):
 *   dist/cli/pith.mjs   cli/pith.ts and everything it imports in one ES module, for Node alone (no tsx); only
 *                       playwright-core stays outside (a dependency: it drives the system's Chromium)
 *   dist/cli/page/      the page bundle (cli/page-entry.ts) that runs in each tab, built by Vite as the repo's CLI does
 * In the repo, cli/bin.mjs keeps running the TypeScript sources through tsx; installed, it runs dist/cli/pith.mjs.
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { build as bundle, type Plugin } from 'esbuild';
import { build as buildPage, type Plugin as PagePlugin } from 'vite';
import { PROJECT_ROOT, pageBuildConfig } from '../vite.page.config';

export const DIST_DIR = join(PROJECT_ROOT, 'dist/cli');
/** Imported at run time from node_modules: the packaged CLI's only dependency. */
const EXTERNAL = ['playwright-core'];

/** The two modules that need Vite (building the page bundle on demand) are swapped for their packaged stand-ins. */
const packagedStandIns: Plugin = {
  name: 'pith-packaged-stand-ins',
  setup(build) {
    build.onResolve({ filter: /(^|\/)vite\.page\.config$/ }, () => ({ path: join(PROJECT_ROOT, 'cli/packaged/page-config.ts') }));
    build.onResolve({ filter: /\/lib\/page-bundle$/ }, () => ({ path: join(PROJECT_ROOT, 'cli/packaged/page-bundle.ts') }));
  },
};

/**
 * `pith` runs the structural pipeline (and perplexity) only: the page bundle's semantic and deep-clean stages, with
 * their model runtimes (26 MB of WebAssembly), are left out of the package. Their lazy imports fail with this sentence.
 */
const LEFT_OUT = /\/src\/(pipeline\/(page-models|semantic-job)|dripper\/(stage|bridge-engine))(\.ts)?$/;
const LEFT_OUT_MODULE = '\0pith-left-out';
const leaveOutModelStages: PagePlugin = {
  name: 'pith-leave-out-model-stages',
  enforce: 'pre',
  async resolveId(source, importer) {
    if (!importer || !LEFT_OUT.test(source.startsWith('.') ? join(importer, '..', source) : source)) return null;
    return LEFT_OUT_MODULE;
  },
  load: (id) => (id === LEFT_OUT_MODULE ? "throw new Error('the semantic and deep-clean stages are not part of the packaged pith command');" : null),
};

/** Vite emits an asset when it transforms the module naming it, even if the module is then left out: drop those. */
async function dropUnreferencedAssets(dir: string): Promise<void> {
  const files = await readdir(dir);
  const code = (await Promise.all(files.filter((f) => f.endsWith('.js')).map((f) => readFile(join(dir, f), 'utf8')))).join('\n');
  await Promise.all(files.filter((f) => f.endsWith('.wasm') && !code.includes(f)).map((f) => rm(join(dir, f))));
}

export async function buildCli(): Promise<void> {
  await rm(DIST_DIR, { recursive: true, force: true });
  const pageConfig = pageBuildConfig(join(DIST_DIR, 'page'));
  await buildPage({ ...pageConfig, plugins: [leaveOutModelStages] });
  await dropUnreferencedAssets(join(DIST_DIR, 'page'));
  const result = await bundle({
    entryPoints: [join(PROJECT_ROOT, 'cli/pith.ts')],
    outfile: join(DIST_DIR, 'pith.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL,
    plugins: [packagedStandIns],
    // CommonJS dependencies bundled into an ES module still call require() for Node's own modules.
    banner: { js: "import { createRequire as __pithRequire } from 'node:module'; const require = __pithRequire(import.meta.url);" },
    logLevel: 'warning',
    metafile: true,
  });
  const inputs = Object.keys(result.metafile.inputs);
  const leaked = inputs.filter((path) => /node_modules\/(vite|rolldown|tsx)\//.test(path) || path.endsWith('scripts/lib/page-bundle.ts'));
  if (leaked.length) throw new Error(`the packaged CLI must not contain build tools: ${leaked.join(', ')}`);
}

await buildCli();
process.stderr.write(`built ${DIST_DIR}\n`);
