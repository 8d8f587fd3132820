/**
 * The size budget of each entry of the built extension (run after `npm run build`): an entry is the background
 * script, each content script, and each HTML page with the scripts and styles it loads up front (not the chunks it
 * imports later, such as the models). Fails when any entry, or a build's total, is over its budget in
 * bundle-budget.json. `--pin` rewrites the budgets as today's sizes plus 10 %.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, posix } from 'node:path';

const BUILDS = ['chrome-mv3', 'firefox-mv3'];
const BUDGET_FILE = 'bundle-budget.json';
const HEADROOM = 1.1;
const ROUND = 10_000;

type Sizes = Record<string, number>;

function fileSize(path: string): number {
  return existsSync(path) ? statSync(path).size : 0;
}

function allFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? allFiles(path) : [path];
  });
}

/** Static imports (`import … from "./x.js"`, `export … from`), not the dynamic `import()` of a chunk loaded later. */
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[^'"();]*?\bfrom\s*)?["']((?:\.{1,2})?\/[^"']+\.js)["']/g;

/** A file plus every file it imports statically, each counted once (paths relative to the build). */
function withImports(dir: string, start: string[], seen = new Set<string>()): number {
  let size = 0;
  for (const file of start) {
    if (seen.has(file) || !existsSync(join(dir, file))) continue;
    seen.add(file);
    size += fileSize(join(dir, file));
    if (!file.endsWith('.js')) continue;
    const code = readFileSync(join(dir, file), 'utf8');
    const next = [...code.matchAll(STATIC_IMPORT)].map((m) => (m[1]!.startsWith('/') ? m[1]!.slice(1) : posix.join(posix.dirname(file), m[1]!)));
    size += withImports(dir, next, seen);
  }
  return size;
}

/** An HTML page: itself plus the scripts, module preloads and stylesheets it names, and what those import. */
function pageSize(dir: string, page: string): number {
  const html = readFileSync(join(dir, page), 'utf8');
  const refs = [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="([^"]+\.(?:js|css))"/g)].map((m) => posix.normalize(m[1]!.replace(/^\//, '')));
  return withImports(dir, [page, ...refs]);
}

function measure(build: string): Sizes {
  const dir = join('.output', build);
  const sizes: Sizes = {};
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { background?: { service_worker?: string; scripts?: string[] } };
  for (const script of [manifest.background?.service_worker, ...(manifest.background?.scripts ?? [])]) if (script) sizes[script] = withImports(dir, [script]);
  if (existsSync(join(dir, 'content-scripts'))) {
    for (const name of readdirSync(join(dir, 'content-scripts')).filter((n) => n.endsWith('.js'))) sizes[`content-scripts/${name}`] = withImports(dir, [`content-scripts/${name}`]);
  }
  for (const page of readdirSync(dir).filter((n) => n.endsWith('.html'))) sizes[page] = pageSize(dir, page);
  sizes.total = allFiles(dir).reduce((sum, f) => sum + fileSize(f), 0);
  return sizes;
}

const kb = (n: number): string => `${(n / 1000).toFixed(0)} kB`;
const measured = Object.fromEntries(BUILDS.map((b) => [b, measure(b)])) as Record<string, Sizes>;

if (process.argv.includes('--pin')) {
  const budgets = Object.fromEntries(
    Object.entries(measured).map(([build, sizes]) => [build, Object.fromEntries(Object.entries(sizes).map(([k, v]) => [k, Math.ceil((v * HEADROOM) / ROUND) * ROUND]))]),
  );
  writeFileSync(BUDGET_FILE, `${JSON.stringify(budgets, null, 2)}\n`);
  console.log(`wrote ${BUDGET_FILE}`);
} else {
  const budgets = JSON.parse(readFileSync(BUDGET_FILE, 'utf8')) as Record<string, Sizes>;
  const over: string[] = [];
  for (const [build, sizes] of Object.entries(measured)) {
    for (const [entry, size] of Object.entries(sizes)) {
      const budget = budgets[build]?.[entry];
      const line = `${build}/${entry}: ${kb(size)} of ${budget === undefined ? 'no budget' : kb(budget)}`;
      console.log(line);
      if (budget === undefined || size > budget) over.push(line);
    }
  }
  if (over.length > 0) {
    console.error(`\nover budget (or without one; npm run bundle:budget -- --pin re-pins after review):\n${over.join('\n')}`);
    process.exit(1);
  }
}
