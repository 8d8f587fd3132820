/**
 * A page builder's article: every heading, paragraph run and image in a wrapper of its own, side by side. Readability
 * keeps only the sections that score high alone; the fallback keeps the article's other sections of the same kind,
 * and leaves out a row of related links in the same wrapper and a section of another kind.
 */
import { describe, expect, it } from 'vitest';
import { emptyRecord } from '../../../src/decisions/record';
import { siblingSectionDecisions } from '../../../src/fallback/sibling-sections';
import { rect, SnapshotBuilder } from '../gce/builders';

const PROSE = 'A sentence of the story that goes on for a while, as stories do. '.repeat(3);

function builderPage(): { snapshot: ReturnType<SnapshotBuilder['build']>; ids: Record<string, number> } {
  const b = new SnapshotBuilder();
  const main = b.node(b.body, 'main', rect(0, 0, 1000, 3000));
  const row = (y: number, hint = 'row layout layout-col--1 margin-v--medium') => b.node(main, 'div', rect(0, y, 1000, 90), { hint });
  const ids: Record<string, number> = {};
  ids.heading = b.block(row(0), rect(0, 0, 1000, 40), 'How the typeface began', { kind: 'heading' });
  ids.first = b.paragraph(row(100), rect(0, 100, 1000, 90), PROSE);
  ids.second = b.paragraph(row(200, 'row layout layout-col--1 margin-v--small'), rect(0, 200, 1000, 90), PROSE);
  ids.third = b.paragraph(row(300), rect(0, 300, 1000, 90), PROSE);
  ids.fourth = b.paragraph(row(400), rect(0, 400, 1000, 90), PROSE);
  const related = row(500);
  ids.related = b.block(related, rect(0, 500, 1000, 40), 'More stories: Ten typefaces we love', { linkText: 35 });
  const other = b.node(main, 'aside', rect(0, 600, 1000, 90), { hint: 'promo' });
  ids.promo = b.block(other, rect(0, 600, 1000, 90), PROSE);
  return { snapshot: b.build(), ids };
}

describe('the sibling sections of an article the structural extractor found in pieces', () => {
  it('keeps the other sections of the same kind, and not a row of links or a section of another kind', () => {
    const { snapshot, ids } = builderPage();
    const kept = new Set([ids.second, ids.fourth]);
    const decisions = siblingSectionDecisions(snapshot, emptyRecord(), kept);
    const restored = new Set(decisions.map((d) => d.block));
    expect(restored).toEqual(new Set([ids.heading, ids.first, ids.third]));
    expect(decisions[0]?.reason).toBe('Part of the article: a section (<div> marked “layout”) like the 2 sections of prose the structural extractor kept, 0 % links');
  });

  it('changes nothing when the structural extractor kept prose in one section only', () => {
    const { snapshot, ids } = builderPage();
    expect(siblingSectionDecisions(snapshot, emptyRecord(), new Set([ids.second]))).toEqual([]);
    // A heading kept beside the prose is no second section of prose.
    expect(siblingSectionDecisions(snapshot, emptyRecord(), new Set([ids.heading, ids.second]))).toEqual([]);
  });
});
