import { describe, expect, it } from 'vitest';
import type { RemovalCause } from '../../../src/decisions/causes';
import type { DecisionRecord } from '../../../src/decisions/types';
import { removalSummary } from '../../../src/render/removal-summary';
import { makeBlock } from '../../helpers/block';

function record(spec: (RemovalCause | 'kept')[]): DecisionRecord {
  return {
    runs: [],
    decisions: spec.map((c, block) =>
      c === 'kept'
        ? { block, kept: true, stage: 'gce', reason: 'Inside', evidence: { kind: 'main-container', container: 0 } }
        : { block, kept: false, stage: 'gce', reason: `Because ${c}`, cause: c, evidence: { kind: 'outside-main-container', container: 0 } },
    ),
  };
}

describe('removalSummary', () => {
  it('counts runs of removed blocks with one cause as one piece, skips blocks without text or image', () => {
    const spec: (RemovalCause | 'kept')[] = ['nav-menu', 'nav-menu', 'nav-menu', 'kept', 'login-prompt', 'empty', 'kept', 'nav-menu', 'cookie-consent'];
    const blocks = spec.map((_, i) => makeBlock(i, 'text', i === 5 ? '' : `Block ${i}`));
    const groups = removalSummary(blocks, record(spec));
    expect(groups.map((g) => [g.cause, g.pieces.length])).toEqual([
      ['nav-menu', 2],
      ['login-prompt', 1],
      ['cookie-consent', 1],
    ]);
    expect(groups[0]!.pieces[0]).toMatchObject({ block: 0, blocks: [0, 1, 2], preview: 'Block 0 · Block 1 · Block 2', reason: 'Because nav-menu', words: 'Site menu: 6 words' });
    expect(groups.map((g) => g.label)).toEqual(['Site menus', 'Sign-in box', 'Cookie notice']);
  });

  it('an image-only block is a piece; a tracking pixel is not', () => {
    const blocks = [
      makeBlock(0, 'image', '', { images: [{ src: 'https://e.com/a.png', alt: 'Banner', width: 300, height: 250 }] }),
      makeBlock(1, 'image', '', { images: [{ src: 'https://e.com/p.gif', alt: '', width: 1, height: 1 }] }),
    ];
    const groups = removalSummary(blocks, record(['advertisement', 'hidden']));
    expect(groups).toHaveLength(1);
    expect(groups[0]!.pieces[0]!.preview).toBe('Banner');
  });
});
