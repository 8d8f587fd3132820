/**
 * End to end: the npm package as a corpus builder gets it. `npm pack` (its prepack builds dist/cli/), the tarball
 * installed into an empty folder, then `npx pith --help` and `npx pith page.html` there with Node alone (no tsx, no
 * repo) and the system Chromium.
 * Run: node --import tsx --test test/e2e/pith-package.test.ts
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { REPO } from '../helpers/run-extract';

const run = promisify(execFile);
const STEP_TIMEOUT_MS = 120_000;
const MB = 1024 * 1024;

/** A saved page in UTF-8 without any declared charset, with a menu and a footer around the article. */
const PAGE = `<!doctype html><html><head><title>Bread at home</title></head><body>
<nav><a href="/">Home</a> <a href="/recipes">Recipes</a> <a href="/shop">Shop</a></nav>
<main><article><h1>Bread at home</h1>
<p>Knead the dough for ten minutes, until it is smooth and springs back when you press it with a finger.</p>
<p>Leave it to rise somewhere warm for an hour, then shape the loaf, slash the top and bake it in a hot oven.</p>
<p>Let it cool on a rack before cutting, or the crumb will be gummy however long it baked.</p>
</article></main>
<footer><p>© The Kitchen Lab · <a href="/privacy">Privacy</a></p></footer></body></html>`;

describe('the installed pith package', () => {
  let dir = '';
  let app = '';
  // Only the installed package's own files and Node: no tsx loader, no repo on the module path.
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', npm_config_update_notifier: 'false' };
  const npx = (args: string[], extraEnv: Record<string, string> = {}) =>
    run('npx', ['--no-install', ...args], { cwd: app, env: { ...env, ...extraEnv }, timeout: STEP_TIMEOUT_MS, maxBuffer: 16 * MB });

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pith-package-'));
    app = join(dir, 'app');
    await mkdir(app);
    await run('npm', ['pack', '--silent', '--pack-destination', dir], { cwd: REPO, timeout: STEP_TIMEOUT_MS, maxBuffer: 16 * MB });
    const [tarball] = (await readdir(dir)).filter((f) => f.endsWith('.tgz'));
    assert.ok(tarball, 'npm pack wrote a tarball');
    await writeFile(join(app, 'package.json'), JSON.stringify({ name: 'pith-package-test', private: true }));
    await writeFile(join(app, 'page.html'), PAGE);
    await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', join(dir, tarball)], { cwd: app, env, timeout: STEP_TIMEOUT_MS });
  });

  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('installs without the sources, the build tools or the extension-only libraries', () => {
    const installed = join(app, 'node_modules');
    assert.ok(existsSync(join(installed, 'pith/dist/cli/pith.mjs')));
    assert.ok(!existsSync(join(installed, 'pith/cli/pith.ts')), 'TypeScript sources are not shipped');
    for (const tool of ['tsx', 'vite', 'esbuild', '@huggingface/transformers']) assert.ok(!existsSync(join(installed, tool)), `${tool} is not installed`);
  });

  it('prints its usage with npx pith --help', async () => {
    const { stdout } = await npx(['pith', '--help']);
    assert.match(stdout, /^Usage: pith/);
    assert.match(stdout, /--resume/);
  });

  it('extracts a saved page with npx pith page.html, reading undeclared UTF-8 as UTF-8', async () => {
    const { stdout, stderr } = await npx(['pith', 'page.html', '--format', 'markdown']);
    const lines = stdout.trim().split('\n');
    assert.equal(lines.length, 1, stdout);
    const line = JSON.parse(lines[0]) as { id: string; title: string; lang: string; markdown: string; error?: string };
    assert.equal(line.error, undefined);
    assert.equal(line.id, 'page.html');
    assert.equal(line.title, 'Bread at home');
    assert.equal(line.lang, 'en');
    assert.match(line.markdown, /Knead the dough for ten minutes/);
    assert.match(line.markdown, /crumb will be gummy/);
    assert.doesNotMatch(line.markdown, /Recipes|Shop/, 'the menu is removed');
    assert.doesNotMatch(stdout, /Â/, 'no mojibake');
    assert.match(stderr, /pith: 1 pages, 0 errors/);
  });

  it('stops before the first page when Chromium is missing, instead of writing an error line for every page', async () => {
    const failed = await npx(['pith', 'page.html'], { PITH_CHROMIUM: join(dir, 'no-chromium') }).then(
      () => assert.fail('pith succeeded without a browser'),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    assert.equal(failed.code, 1);
    assert.equal(failed.stdout, '');
    assert.match(failed.stderr, /Chromium not found at .*no-chromium.*PITH_CHROMIUM/);
  });
});
