import { readFileSync } from 'node:fs';
import { it } from 'vitest';
import { keptText } from '../../../src/decisions/record';
import { applyPageTypeProfile, runStructuralStages } from '../../../src/pipeline/extract-page';
import { pageSnapshot } from './page-snapshot';
for (const f of ['blog-thirty-comments', 'qa-thread', 'product-specifications']) it(f, () => {
  const s = pageSnapshot(readFileSync(`test/fixtures/pages/comments/${f}.html`, 'utf8'));
  const e = applyPageTypeProfile(runStructuralStages(s));
  console.log(f, JSON.stringify(e.pageType), e.mode, '\n', keptText(e.snapshot.blocks, e.record).slice(0, 3000));
  console.log(e.snapshot.blocks.filter((b) => !e.record.decisions[b.id].kept && b.text).map((b) => `${e.record.decisions[b.id].cause}: ${b.text.slice(0, 50)}`).slice(0, 40).join('\n'));
});
