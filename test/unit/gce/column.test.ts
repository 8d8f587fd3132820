import { describe, expect, it } from 'vitest';
import { gceDecisions, runGce } from '../../../src/gce';
import { SnapshotBuilder, rect } from './builders';

/**
 * A page with a side column: the article column (x 300–1100) holds a heading, an "entry-content" body whose first
 * part ends at a photo, and the article's later paragraphs in the next element of the same column; the side column
 * (x 1200–1600) is a list of links. The walk stops at the hinted body, which ends at the photo.
 */
function splitColumn() {
  const b = new SnapshotBuilder({ width: 1920, height: 1080 }, { width: 1920, height: 2400 });
  const page = b.node(b.body, 'div', rect(300, 0, 1300, 2400));
  const column = b.node(page, 'div', rect(300, 0, 800, 2400));
  const heading = b.node(column, 'h1', rect(300, 100, 800, 60));
  const title = b.block(heading, rect(300, 100, 800, 60), 'How the river changed course', { kind: 'heading' });
  const body = b.node(column, 'div', rect(300, 200, 800, 1100), { hint: 'entry-content' });
  for (let i = 0; i < 6; i++) b.paragraph(body, rect(300, 200 + i * 150, 800, 120), `First part, paragraph ${i}: the survey found the bank had moved.`);
  const figure = b.node(column, 'figure', rect(300, 1320, 800, 400));
  b.block(figure, rect(300, 1320, 800, 400), '', { kind: 'image', images: 1 });
  const rest = b.node(column, 'div', rect(300, 1740, 800, 600));
  const later: number[] = [];
  for (let i = 0; i < 4; i++) later.push(b.paragraph(rest, rect(300, 1740 + i * 150, 800, 120), `Later part, paragraph ${i}: the new channel carried the flood.`));
  const side = b.node(page, 'aside', rect(1200, 0, 400, 2400));
  b.linkList(side, rect(1200, 0, 400, 2400), 30);
  return { snapshot: b.build(), body, column, title, later };
}

describe('GCE: the chosen container climbs through its column', () => {
  it('keeps the heading above and the paragraphs after the photo, but not the side column', () => {
    const { snapshot, column, title, later } = splitColumn();
    const result = runGce(snapshot, { columnDensityRatio: 0.5 });
    expect(result.mainNode).toBe(column);
    const kept = new Set(gceDecisions(snapshot, result).filter((d) => d.kept).map((d) => d.block));
    expect(kept.has(title)).toBe(true);
    for (const p of later) expect(kept.has(p)).toBe(true);
    const sideLinks = snapshot.blocks.filter((b) => b.text.startsWith('Link '));
    for (const l of sideLinks) expect(kept.has(l.id)).toBe(false);
  });

  it("stops at the hinted body when the climb is off (the paper's rule)", () => {
    const { snapshot, body, later } = splitColumn();
    const result = runGce(snapshot, { columnDensityRatio: 0 });
    expect(result.mainNode).toBe(body);
    const kept = new Set(gceDecisions(snapshot, result).filter((d) => d.kept).map((d) => d.block));
    for (const p of later) expect(kept.has(p)).toBe(false);
  });

  it('does not climb into a parent that is mostly links or empty space', () => {
    const { snapshot, body } = splitColumn();
    // A density floor above what the column keeps: the climb stops at once.
    expect(runGce(snapshot, { columnDensityRatio: 0.99 }).mainNode).toBe(body);
  });
});
