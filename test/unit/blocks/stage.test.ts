/**
 * The block-model stage on pages written for these tests (happy-dom lays nothing out, so the layout features are
 * blank and the model decides from text, structure and the other stages' verdicts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyBlockModel } from '../../../src/blocks/stage';
import { blockFeatures, BLOCK_FEATURE_NAMES } from '../../../src/blocks/features';
import { runStructuralStages } from '../../../src/pipeline/extract-page';
import { applyPageTypeProfile } from '../../../src/page-type';
import { pageSnapshot } from '../page-type/page-snapshot';

const page = (name: string) => readFileSync(join(__dirname, '../../fixtures/pages/blocks', name), 'utf8');

function extract(name: string) {
  const snapshot = pageSnapshot(page(name));
  return applyBlockModel(applyPageTypeProfile(runStructuralStages(snapshot, { layoutPolicy: 'readability' })));
}

describe('block model stage', () => {
  it('reads a blog post followed by thirty comments as the post alone', () => {
    const { snapshot, record } = extract('blog-with-comments.html');
    const kept = snapshot.blocks.filter((b) => record.decisions[b.id]?.kept).map((b) => b.text);
    console.log(kept);
    console.log(snapshot.blocks.map((b) => [b.text.slice(0, 30), record.decisions[b.id]?.kept, record.decisions[b.id]?.stage, record.decisions[b.id]?.cause, record.decisions[b.id]?.reason]));
  });
  it('qa', () => {
    const { snapshot, record } = extract('qa-thread.html');
    console.log(snapshot.blocks.map((b) => [b.text.slice(0, 30), record.decisions[b.id]?.kept, record.decisions[b.id]?.stage, record.decisions[b.id]?.cause, record.decisions[b.id]?.reason]));
  });
});
