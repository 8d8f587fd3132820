import { describe, expect, it } from 'vitest';
import { runGce } from '../../../src/gce';
import { SnapshotBuilder, rect } from './builders';

const CELL_W = 1920 / 7;

describe('GCE centres', () => {
  it('puts all three centres at the window centre on a one-window page with no link regions', () => {
    const { centres } = runGce(new SnapshotBuilder().build());
    for (const c of centres) {
      expect(c.x).toBeCloseTo(960);
      expect(c.y).toBeCloseTo(540);
    }
  });

  it('pulls C2 towards the window centre and C3 towards the document centre on a long page', () => {
    // 16 rows; rows 1..14 remain, whose centres average to y = 8 × 135 = 1080.
    const { centres } = runGce(new SnapshotBuilder(undefined, { width: 1920, height: 3000 }).build());
    const [c1, c2, c3] = centres;
    expect(c1!.x).toBeCloseTo(960);
    expect(c1!.y).toBeCloseTo(1080);
    expect(c2!.y).toBeCloseTo((1080 + 540) / 2);
    expect(c3!.y).toBeCloseTo((1080 + 540 + 1500) / 3);
    expect(c3!.x).toBeCloseTo(960);
  });

  it('moves C1 away from a link-dense left column', () => {
    const b = new SnapshotBuilder();
    const nav = b.node(b.body, 'ul', rect(0, 0, 2 * CELL_W, 1080));
    b.linkList(nav, rect(0, 0, 2 * CELL_W, 1080), 12);
    const { centres } = runGce(b.build());
    // Columns 2..5 remain: their centres average to 4 cell widths.
    const c1x = 4 * CELL_W;
    expect(centres[0]!.x).toBeCloseTo(c1x);
    expect(centres[0]!.y).toBeCloseTo(540);
    expect(centres[1]!.x).toBeCloseTo((c1x + 960) / 2);
    expect(centres[2]!.x).toBeCloseTo((c1x + 960 + 960) / 3);
  });

  it('uses the window centre for C1 when no cell remains', () => {
    // With two columns every cell is an edge cell.
    const { centres, cells } = runGce(new SnapshotBuilder(undefined, { width: 1920, height: 4000 }).build(), {
      gridColumns: 2,
    });
    expect(cells.every((c) => c.excluded !== null)).toBe(true);
    expect(centres[0]).toEqual({ x: 960, y: 540 });
    expect(centres[2]!.y).toBeCloseTo((540 + 540 + 2000) / 3);
  });
});

describe('GCE leaf choice', () => {
  it('takes the nearest low-link text block, skipping link-dense, hidden and non-text blocks', () => {
    const b = new SnapshotBuilder();
    const text = 'Twenty characters!!!';
    b.paragraph(b.body, rect(800, 500, 320, 80), text, { linkText: 12 }); // 60 % link text, at the centre
    b.paragraph(b.body, rect(800, 480, 320, 120), 'Hidden text', { visible: false });
    const img = b.node(b.body, 'figure', rect(860, 520, 200, 40));
    b.block(img, rect(860, 520, 200, 40), 'A caption', { kind: 'figure', images: 1 });
    const near = b.paragraph(b.body, rect(800, 700, 320, 80), text, { linkText: 9 }); // 45 %: still low-link
    b.paragraph(b.body, rect(800, 900, 320, 80), text);
    const { leaves } = runGce(b.build());
    expect(leaves).toEqual([near, near, near]);
  });

  it('follows gamma', () => {
    const b = new SnapshotBuilder();
    b.paragraph(b.body, rect(800, 700, 320, 80), 'Twenty characters!!!', { linkText: 9 });
    const far = b.paragraph(b.body, rect(800, 900, 320, 80), 'Twenty characters!!!');
    expect(runGce(b.build(), { gamma: 0.4 }).leaves[0]).toBe(far);
  });

  it('breaks a distance tie by the larger text area', () => {
    const b = new SnapshotBuilder();
    b.paragraph(b.body, rect(700, 400, 520, 300), 'Small text area', { textArea: 1000 });
    const big = b.paragraph(b.body, rect(700, 500, 520, 100), 'Big text area', { textArea: 40000 });
    expect(runGce(b.build()).leaves[0]).toBe(big);
  });

  it('has no leaf when the page has only links', () => {
    const b = new SnapshotBuilder();
    const ul = b.node(b.body, 'ul', rect(700, 300, 400, 400));
    b.linkList(ul, rect(700, 300, 400, 400), 8);
    expect(runGce(b.build()).leaves).toEqual([-1, -1, -1]);
  });
});
