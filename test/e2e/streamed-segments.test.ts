/**
 * End to end: a React streaming page saved before its scripts ran (`npm run extract` reads saved HTML with scripts
 * off) keeps its late parts hidden at the end of the body; the reader's text has them where the page would show them.
 * Run: node --import tsx --test test/e2e/streamed-segments.test.ts
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { extract, REPO, RUN_TIMEOUT_MS } from '../helpers/run-extract';

const PAGE = join(REPO, 'test/fixtures/pages/react-streaming.html');

describe('React streaming pages', () => {
  it('reads the hidden segments in place of their placeholders, and no other hidden content', { timeout: RUN_TIMEOUT_MS }, async () => {
    const run = await extract([PAGE, '--format', 'json']);
    assert.equal(run.code, 0, run.stderr);
    const out = JSON.parse(run.stdout) as { blocks: { text: string; kept: boolean }[]; runs: { path: string; note?: string }[] };
    const kept = out.blocks.filter((b) => b.kept).map((b) => b.text);
    const at = (words: string) => kept.findIndex((t) => t.includes(words));
    assert.ok(at('brushed steel plate') > at('rolling boil'), `specifications after the opening paragraph: ${kept.join(' | ')}`);
    assert.ok(at('Cord length 75 cm') > at('brushed steel plate'));
    assert.ok(at('Cord length 75 cm') < at('tested at the works'), 'the nested segment before the closing paragraph');
    assert.equal(at('Loading the specifications'), -1);
    assert.equal(at('unrelated hidden gift note'), -1);
    assert.match(out.runs.find((r) => r.path === 'snapshot:streamed')?.note ?? '', /^2 streamed segments read/);
  });
});
