/**
 * End to end: deep clean through the CLI with the random-weight GPT-2 fixture. The labels mean nothing (random
 * weights); what is checked is that the constrained decoder gives a label for every block the stage sends, that
 * the labels enter the record as stage lm with their reason, and that the flags are checked.
 * Run: node --import tsx --test test/e2e/dripper-cli.test.ts
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { extract, REPO, type Run } from '../helpers/run-extract';
import { hasModelFolder } from '../helpers/models';

const PAGE = join(REPO, 'test/fixtures/pages/deep-clean-short.html');
const LLM = 'onnx:synthetic-tiny-gpt2-smollm-vocab';
const RUN_TIMEOUT_MS = 400_000;

interface ExportedBlock {
  text: string;
  kept: boolean;
  stage: string;
  reason: string;
  cause: string | null;
}
interface Exported {
  blocks: ExportedBlock[];
  runs: { stage: string; path: string; note?: string }[];
}

describe('npm run extract --stages gce,dripper', { skip: !hasModelFolder('synthetic-tiny-gpt2-smollm-vocab') && 'no GPT-2 fixture' }, () => {
  /** The deep-clean run both tests read (the second compares SORE's result with it): run once. */
  let deepClean: Promise<Run> | undefined;
  const deepCleanRun = () => (deepClean ??= extract([PAGE, '--stages', 'gce,dripper', '--llm', LLM, '--format', 'json'], RUN_TIMEOUT_MS));

  it('labels every block the model reads and records the other-labelled ones as stage lm with their reason', { timeout: RUN_TIMEOUT_MS }, async () => {
    const structural = await extract([PAGE, '--format', 'json'], RUN_TIMEOUT_MS);
    assert.equal(structural.code, 0, structural.stderr);
    const before = JSON.parse(structural.stdout) as Exported;
    const run = await deepCleanRun();
    assert.equal(run.code, 0, run.stderr);
    const after = JSON.parse(run.stdout) as Exported;
    const lm = after.runs.find((r) => r.stage === 'lm');
    assert.equal(lm?.path, 'lm', `deep clean fell back: ${lm?.note}`);
    assert.match(run.stderr, /Deep clean with synthetic-tiny-gpt2-smollm-vocab \(transformers\.js, cpu\): 5 blocks labelled in 1 chunk, \d+ kept blocks labelled other removed/);
    for (const [i, block] of after.blocks.entries()) {
      const was = before.blocks[i];
      assert.equal(block.text, was.text);
      if (block.stage === 'lm') {
        assert.equal(was.kept, true, 'only kept blocks are removed by deep clean');
        assert.equal(block.kept, false);
        assert.equal(block.cause, 'lm-label');
        assert.equal(block.reason, 'Labelled other by the language model (synthetic-tiny-gpt2-smollm-vocab, deep clean)');
      } else {
        assert.equal(block.kept, was.kept, `${block.text}: changed without an lm decision`);
      }
    }
  });

  it('runs with sore: deep clean first, then the semantic pass on its result', { timeout: RUN_TIMEOUT_MS }, async () => {
    const run = await extract([PAGE, '--stages', 'gce,dripper,sore', '--llm', LLM, '--format', 'json'], RUN_TIMEOUT_MS);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /Deep clean with synthetic-tiny-gpt2-smollm-vocab \(transformers\.js, cpu\): 5 blocks labelled/);
    const after = JSON.parse(run.stdout) as Exported;
    const stages = after.runs.map((r) => r.stage);
    assert.ok(stages.includes('lm') && stages.includes('sore'), stages.join(', '));
    assert.ok(stages.indexOf('lm') < stages.lastIndexOf('sore'), `deep clean runs before SORE: ${stages.join(', ')}`);
    assert.equal(after.runs.find((r) => r.stage === 'lm')?.path, 'lm');
    // What deep clean removed stays removed, with its reason: SORE only decides on what is still kept.
    const deepCleanOnly = await deepCleanRun();
    assert.equal(deepCleanOnly.code, 0, deepCleanOnly.stderr);
    const lmRemoved = (JSON.parse(deepCleanOnly.stdout) as Exported).blocks.filter((b) => b.stage === 'lm').map((b) => b.text);
    assert.deepEqual(after.blocks.filter((b) => b.stage === 'lm').map((b) => b.text), lmRemoved);
  });

  it('refuses --llm without the stage, and the stage without a model', async () => {
    const without = await extract([PAGE, '--llm', LLM]);
    assert.equal(without.code, 2);
    assert.match(without.stderr, /--llm needs the dripper stage/);
    const noModel = await extract([PAGE, '--stages', 'gce,dripper']);
    assert.equal(noModel.code, 2);
    assert.match(noModel.stderr, /needs a model: --llm onnx:<folder>/);
    const missing = await extract([PAGE, '--stages', 'gce,dripper', '--llm', 'onnx:no-such-model']);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /no model folder no-such-model/);
  });
});
