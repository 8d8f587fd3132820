/**
 * End to end: the perplexity stage's language-model route through the CLI (`--perplexity-lm onnx:<folder>`), with
 * the random-weight GPT-2 fixture. Plumbing only: the fixture's perplexities mean nothing, so the test sets the
 * cutoff from both sides and checks what crosses the page. Run: node --import tsx --test test/e2e/perplexity-lm-cli.test.ts
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { hasModelFolder } from '../helpers/models';
import { REPO, extract as runExtract } from '../helpers/run-extract';

const PAGE = join(REPO, 'test/fixtures/pages/de-article-menu.html');
const GPT2 = 'synthetic-tiny-gpt2-smollm-vocab';
const RUN_TIMEOUT_MS = 240_000;

interface ExportedBlock {
  text: string;
  kept: boolean;
  stage: string;
  reason: string;
}

async function extractJson(extra: string[]): Promise<{ code: number | null; blocks: ExportedBlock[]; runs: { stage: string; path?: string; note?: string }[]; stderr: string }> {
  const run = await runExtract([PAGE, '--stages', 'gce,perplexity', '--format', 'json', ...extra], RUN_TIMEOUT_MS);
  const parsed = run.code === 0 ? (JSON.parse(run.stdout) as { blocks: ExportedBlock[]; runs: { stage: string; note?: string }[] }) : { blocks: [], runs: [] };
  return { code: run.code, ...parsed, stderr: run.stderr };
}

describe('npm run extract --stages gce,perplexity --perplexity-lm onnx:<folder>', { skip: !hasModelFolder(GPT2) && 'no GPT-2 fixture' }, () => {
  it('scores the prose with the language model in the CLI process and names it in the reasons', { timeout: RUN_TIMEOUT_MS }, async () => {
    // A cutoff of 1.01 is below any perplexity, so every scored block is over it: complete sentences are never removed
    // (their perplexity is read as jargon, not as ill-formed text), so only the menu bar goes; a cutoff of 10^12 is
    // above any, so nothing is removed.
    const low = await extractJson(['--perplexity-lm', `onnx:${GPT2}`, '--perplexity-lm-cutoff', '1.01']);
    assert.equal(low.code, 0, low.stderr);
    const run = low.runs.find((r) => r.stage === 'perplexity');
    assert.equal(run?.path, 'perplexity', JSON.stringify(low.runs));
    assert.match(run?.note ?? '', /\d+ blocks scored; [1-9]\d* removed/);
    const removed = low.blocks.filter((b) => b.stage === 'perplexity');
    assert.ok(removed.length > 0 && removed.every((b) => !/[.!?]$/.test(b.text.trim())), `only lines that are not sentences go: ${JSON.stringify(removed.map((b) => b.text))}`);
    assert.ok(removed.every((b) => b.reason.includes(GPT2)), JSON.stringify(removed.map((b) => b.reason)));
    assert.match(run?.note ?? '', new RegExp(`scored with the ${GPT2} on German text`));
    const high = await extractJson(['--perplexity-lm', `onnx:${GPT2}`, '--perplexity-lm-cutoff', '1e12']);
    assert.equal(high.code, 0, high.stderr);
    // The stage ran with the model and scored the prose (so "nothing removed" is its verdict, not a skipped stage).
    const highRun = high.runs.find((r) => r.stage === 'perplexity');
    assert.match(highRun?.note ?? '', new RegExp(`[1-9]\\d* blocks scored; 0 removed.*scored with the ${GPT2} on German text`), JSON.stringify(high.runs));
    assert.ok(high.blocks.every((b) => b.stage !== 'perplexity'));
  });

  it('refuses a model folder that does not exist, and the flag without the stage', { timeout: RUN_TIMEOUT_MS }, async () => {
    const missing = await runExtract([PAGE, '--stages', 'gce,perplexity', '--perplexity-lm', 'onnx:no-such-model'], RUN_TIMEOUT_MS);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /--perplexity-lm: no model folder no-such-model/);
    const noStage = await runExtract([PAGE, '--perplexity-lm', `onnx:${GPT2}`], RUN_TIMEOUT_MS);
    assert.equal(noStage.code, 2);
    assert.match(noStage.stderr, /--perplexity-lm needs the perplexity stage/);
  });
});
