import { describe, expect, it } from 'vitest';
import { runGce } from '../../../src/gce';
import { SnapshotBuilder, rect } from './builders';

const CELL_W = 1920 / 7;
const CELL_H = 1080 / 8;

function cellsOf(result: ReturnType<typeof runGce>, excluded: string | null) {
  return result.cells.filter((c) => c.excluded === excluded);
}

describe('GCE grid', () => {
  it('lays a 7×8 grid over a one-window page and excludes the edge cells', () => {
    const result = runGce(new SnapshotBuilder().build());
    expect(result.cells).toHaveLength(56);
    // Rows 1..6 × columns 1..5 stay.
    expect(cellsOf(result, null)).toHaveLength(30);
    expect(cellsOf(result, 'edge')).toHaveLength(26);
    for (const c of cellsOf(result, null)) {
      expect(c.row).toBeGreaterThanOrEqual(1);
      expect(c.row).toBeLessThanOrEqual(6);
      expect(c.col).toBeGreaterThanOrEqual(1);
      expect(c.col).toBeLessThanOrEqual(5);
    }
    expect(result.cells[0]!.rect.width).toBeCloseTo(CELL_W);
    expect(result.cells[0]!.rect.height).toBeCloseTo(CELL_H);
  });

  it('extends down to alpha × window height on a long page, and to the document end on a shorter one', () => {
    expect(runGce(new SnapshotBuilder(undefined, { width: 1920, height: 9000 }).build()).cells).toHaveLength(7 * 16);
    expect(runGce(new SnapshotBuilder(undefined, { width: 1920, height: 1620 }).build()).cells).toHaveLength(7 * 12);
    // A page shorter than the window still gets the window's grid.
    expect(runGce(new SnapshotBuilder(undefined, { width: 1920, height: 600 }).build()).cells).toHaveLength(7 * 8);
    expect(runGce(new SnapshotBuilder(undefined, { width: 1920, height: 9000 }).build(), { alpha: 3 }).cells).toHaveLength(
      7 * 24,
    );
  });

  it('scales the cells to the actual viewport', () => {
    const result = runGce(new SnapshotBuilder({ width: 1280, height: 720 }, { width: 1280, height: 5000 }).build());
    expect(result.cells).toHaveLength(7 * 16);
    expect(result.cells[0]!.rect.width).toBeCloseTo(1280 / 7);
    expect(result.cells[0]!.rect.height).toBeCloseTo(90);
    const last = result.cells[result.cells.length - 1]!;
    expect(last.rect.y + last.rect.height).toBeCloseTo(1440);
  });

  it('excludes the cells a link-dense nav bar covers, and only those', () => {
    const b = new SnapshotBuilder();
    const nav = b.node(b.body, 'nav', rect(0, CELL_H, 1920, CELL_H), { hint: 'main-nav' });
    b.linkList(nav, rect(0, CELL_H, 1920, CELL_H), 7, 'horizontal');
    const result = runGce(b.build());
    expect(result.linkRegions).toEqual([nav]);
    const byRegion = cellsOf(result, 'link-region');
    expect(byRegion.map((c) => [c.row, c.col])).toEqual([
      [1, 1],
      [1, 2],
      [1, 3],
      [1, 4],
      [1, 5],
    ]);
    expect(byRegion.every((c) => c.linkRegion === nav)).toBe(true);
    expect(cellsOf(result, null)).toHaveLength(25);
  });

  it('needs the region to cover linkCellOverlap of a cell', () => {
    const b = new SnapshotBuilder();
    // A thin bar: 40 % of each row-1 cell.
    const nav = b.node(b.body, 'nav', rect(0, CELL_H, 1920, CELL_H * 0.4));
    b.linkList(nav, rect(0, CELL_H, 1920, CELL_H * 0.4), 7, 'horizontal');
    const snapshot = b.build();
    expect(cellsOf(runGce(snapshot), 'link-region')).toHaveLength(0);
    expect(cellsOf(runGce(snapshot, { linkCellOverlap: 0.3 }), 'link-region')).toHaveLength(5);
  });

  it('does not treat sparse, single-link, invisible or page-sized link holders as link regions', () => {
    const b = new SnapshotBuilder();
    // Two links filling only a third of their box: density below beta.
    const sparse = b.node(b.body, 'div', rect(300, 300, 600, 300));
    b.linkList(sparse, rect(300, 300, 600, 100), 2);
    // One link filling its box.
    const single = b.node(b.body, 'div', rect(1000, 300, 600, 300));
    b.linkList(single, rect(1000, 300, 600, 300), 1);
    // A dense list that is not visible.
    const hidden = b.node(b.body, 'ul', rect(300, 700, 600, 200), { visible: false });
    b.linkList(hidden, rect(300, 700, 600, 200), 5);
    // A wrapper over the whole page tiled with links (a link-heavy portal): would exclude every cell.
    const wrapper = b.node(b.body, 'div', rect(0, 0, 1920, 1080));
    for (let y = 0; y < 1080; y += 108) b.linkList(wrapper, rect(0, y, 1920, 108), 10, 'horizontal');
    const result = runGce(b.build());
    expect(result.linkRegions).toEqual([]);
    expect(cellsOf(result, 'link-region')).toHaveLength(0);
  });

  it('clips link containers to the node when measuring its link density', () => {
    const b = new SnapshotBuilder();
    // Links that spill far outside a small box: unclipped they would make it dense.
    const box = b.node(b.body, 'div', rect(500, 400, 400, 400));
    for (let i = 0; i < 2; i++) {
      const a = b.node(box, 'a', rect(500, 400 + i * 50, 400, 50));
      b.link(a, rect(0, 400 + i * 50, 1920, 50));
    }
    expect(runGce(b.build()).linkRegions).toEqual([]);
  });
});
