/**
 * End to end: the CLI passes Pith's console errors and warnings from its headless pages on to stderr (--quiet drops
 * them), and leaves out what a page's own scripts log.
 * Run: node --import tsx --test test/e2e/cli-console.test.ts
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { extract, RUN_TIMEOUT_MS } from '../helpers/run-extract';

const PAGE = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Lantern Night on the Canal</title></head>
<body><main><article>
  <h1>Lantern Night on the Canal</h1>
  <p>Every autumn the canal district hangs paper lanterns along the towpath, and this year more than four thousand were lit.</p>
  <p>Boat owners opened their cabins to visitors, serving soup and roasted chestnuts until the last lantern burned out.</p>
  <p>The organisers said the crowd was the largest since the festival began, and asked for more volunteers next year.</p>
</article></main>
<script>console.error('noise from the page itself'); console.warn('more noise from the page');</script>
</body></html>`;

/** c is at most 2 (above 1 switches the rule off): 5 is ignored, and the model page warns about it. */
const SEMANTIC = ['--stages', 'gce,sore', '--embedder', 'onnx:synthetic-tiny-bert-mbert-vocab', '--sore', 'c=5', '--format', 'text', '--timeout', String(Math.floor((RUN_TIMEOUT_MS - 30_000) / 1000))];
const WARNING = /model page: console\.warn: \[pith:sore\] ignored groupCutoff=5/;

describe("npm run extract passes the headless pages' console warnings on", () => {
  let dir = '';
  let page = '';

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pith-cli-console-'));
    page = join(dir, 'lanterns.html');
    await writeFile(page, PAGE);
  });

  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("writes the model page's warning to stderr, and not the page's own scripts' messages", { timeout: RUN_TIMEOUT_MS }, async () => {
    const run = await extract([page, ...SEMANTIC, '--scripts', 'on']);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, WARNING);
    assert.equal(run.stderr.match(new RegExp(WARNING, 'g'))?.length, 1, `the same warning is written once:\n${run.stderr}`);
    assert.doesNotMatch(run.stderr, /noise from the page/, 'console messages of the page itself are not Pith\'s');
    assert.ok(run.stdout.includes('four thousand were lit'), run.stdout);
  });

  it('--quiet keeps stderr free of console messages', { timeout: RUN_TIMEOUT_MS }, async () => {
    const run = await extract([page, ...SEMANTIC, '--quiet']);
    assert.equal(run.code, 0, run.stderr);
    assert.doesNotMatch(run.stderr, /console\.(warn|error)/, run.stderr);
    assert.ok(run.stdout.includes('four thousand were lit'), run.stdout);
  });
});
