/**
 * End to end: a German article with a menu bar inside its container, read through the CLI with the perplexity
 * stage. Run: node --import tsx --test test/e2e/perplexity-cli.test.ts
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { extract as runExtract } from '../helpers/run-extract';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const PAGE = join(REPO, 'test/fixtures/pages/de-article-menu.html');
const RUN_TIMEOUT_MS = 180_000;
const MENU = 'Startseite Politik Wirtschaft Sport Kultur Wissen Reisen Meinung Anmelden';

interface ExportedBlock {
  kind: string;
  text: string;
  kept: boolean;
  stage: string;
  reason: string;
}

async function extractJson(stages: string): Promise<{ code: number | null; blocks: ExportedBlock[]; runs: { stage: string; note?: string }[]; stderr: string }> {
  const run = await runExtract([PAGE, '--stages', stages, '--format', 'json'], RUN_TIMEOUT_MS);
  const parsed = run.code === 0 ? (JSON.parse(run.stdout) as { blocks: ExportedBlock[]; runs: { stage: string; note?: string }[] }) : { blocks: [], runs: [] };
  return { code: run.code, ...parsed, stderr: run.stderr };
}

describe('npm run extract --stages gce,perplexity', () => {
  it('removes the German menu bar as ill-formed text and keeps every paragraph', { timeout: RUN_TIMEOUT_MS }, async () => {
    const run = await extractJson('gce,perplexity');
    assert.equal(run.code, 0, run.stderr);
    const menu = run.blocks.find((b) => b.text === MENU);
    assert.ok(menu, 'the menu bar is a block');
    assert.equal(menu.kept, false);
    assert.equal(menu.stage, 'perplexity');
    assert.match(menu.reason, /^Ill-formed text \(perplexity [\d,]+ > [\d,]+, German model\)$/);
    const paragraphs = run.blocks.filter((b) => b.kind === 'text' && b.text !== MENU);
    assert.equal(paragraphs.length, 6);
    for (const p of paragraphs) assert.equal(p.kept, true, `paragraph dropped: ${p.text} (${p.reason})`);
    assert.ok(run.runs.some((r) => r.stage === 'perplexity' && /page language de/.test(r.note ?? '')));
  });

  it('without the stage, the menu bar stays (the structural stages do not catch it)', { timeout: RUN_TIMEOUT_MS }, async () => {
    const run = await extractJson('gce');
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.blocks.find((b) => b.text === MENU)?.kept, true);
  });
});
