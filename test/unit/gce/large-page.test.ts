import { describe, expect, it } from 'vitest';
import { gceDecisions, runGce } from '../../../src/gce';
import type { PageSnapshot } from '../../../src/snapshot/types';
import { SnapshotBuilder, rect } from './builders';

/** ~48k nodes, 20k blocks, 5k links: 500 sections, each 5 nested wrappers, 40 paragraphs with a span, 10 links. */
function largePage(): PageSnapshot {
  const sections = 500;
  const sectionHeight = 40 * 30;
  const b = new SnapshotBuilder(undefined, { width: 1920, height: sections * sectionHeight });
  for (let s = 0; s < sections; s++) {
    const top = s * sectionHeight;
    let parent = b.body;
    for (let d = 0; d < 5; d++) parent = b.node(parent, 'div', rect(200 + d * 10, top, 1400 - d * 20, sectionHeight), { hint: d === 2 ? 'entry-content' : '' });
    for (let i = 0; i < 40; i++) {
      const r = rect(260, top + i * 30, 1000, 24);
      const p = b.node(parent, 'p', r);
      b.node(p, 'span', rect(260, top + i * 30, 200, 24));
      b.block(p, r, 'Some words of a long synthetic page.');
    }
    for (let l = 0; l < 10; l++) {
      const lr = rect(1300, top + l * 30, 200, 24);
      b.link(b.node(parent, 'a', lr), lr);
    }
  }
  return b.build();
}

describe('GCE on a very large page', () => {
  // Speed is measured by the benchmark (npm run bench prints GCE's ms per page), not asserted here.
  it('finds the article column and decides every one of 20k blocks', () => {
    const snapshot = largePage();
    expect(snapshot.blocks).toHaveLength(20_000);
    const result = runGce(snapshot);
    expect(snapshot.nodes[result.mainNode]?.hint).toContain('entry-content');
    const decisions = gceDecisions(snapshot, result);
    expect(decisions).toHaveLength(20_000);
    expect(decisions.filter((d) => d.kept).length).toBeGreaterThan(0);
  });
});
