import { describe, expect, it } from 'vitest';
import { REASON_EMPTY, REASON_HIDDEN, REASON_INSIDE, gceDecisions, runGce } from '../../../src/gce';
import { SnapshotBuilder, rect } from './builders';

describe('GCE decisions', () => {
  it('gives every block one decision, in block order, with hidden and empty blocks removed', () => {
    const b = new SnapshotBuilder();
    const article = b.node(b.body, 'article', rect(460, 100, 1000, 900));
    const first = b.paragraph(article, rect(460, 200, 1000, 100), 'First paragraph.');
    const hidden = b.paragraph(article, rect(460, 300, 1000, 100), 'Hidden paragraph.', { visible: false });
    const empty = b.paragraph(article, rect(460, 400, 1000, 20), '');
    const figure = b.node(article, 'figure', rect(460, 450, 1000, 300));
    const image = b.block(figure, rect(460, 450, 1000, 300), '', { kind: 'image', images: 1 });
    const video = b.node(article, 'video', rect(460, 760, 1000, 200));
    const media = b.block(video, rect(460, 760, 1000, 200), '', { kind: 'media' });
    const snapshot = b.build();

    const result = runGce(snapshot);
    expect(result.mainNode).toBe(article);
    const decisions = gceDecisions(snapshot, result);
    expect(decisions.map((d) => d.block)).toEqual(snapshot.blocks.map((blk) => blk.id));
    expect(decisions[first]).toMatchObject({ kept: true, stage: 'gce', reason: REASON_INSIDE, evidence: { kind: 'main-container', container: article } });
    expect(decisions[hidden]).toMatchObject({ kept: false, reason: REASON_HIDDEN, evidence: { kind: 'hidden' } });
    expect(decisions[empty]).toMatchObject({ kept: false, reason: REASON_EMPTY, evidence: { kind: 'empty' } });
    expect(decisions[image]!.kept).toBe(true);
    expect(decisions[media]!.kept).toBe(true);
    // Score: the container's density = the visible low-link text area (only the first paragraph) / its area.
    expect(decisions[first]!.score).toBeCloseTo((1000 * 100) / (1000 * 900));
  });

  it('when GCE fails, decides only hidden, overlay and empty blocks and leaves the rest to the fallback', () => {
    const b = new SnapshotBuilder();
    const visible = b.paragraph(b.body, rect(0, 500, 1920, 80), 'Text straight in the body.');
    const hidden = b.paragraph(b.body, rect(0, 600, 1920, 80), 'Hidden.', { visible: false });
    const empty = b.paragraph(b.body, rect(0, 700, 1920, 10), '');
    const bar = b.node(b.body, 'div', rect(0, 1000, 1920, 80), { fixed: true });
    const barText = b.paragraph(bar, rect(0, 1000, 1920, 40), 'Sign up');
    const snapshot = b.build();

    const result = runGce(snapshot);
    expect(result.path).toBe('failed');
    const decisions = gceDecisions(snapshot, result);
    expect(decisions.map((d) => [d.block, d.evidence.kind])).toEqual([
      [hidden, 'hidden'],
      [empty, 'empty'],
      [barText, 'fixed-overlay'],
    ]);
    expect(decisions.some((d) => d.block === visible)).toBe(false);
    expect(decisions.every((d) => !d.kept)).toBe(true);
  });
});
