import { describe, expect, it } from 'vitest';
import type { RemovalCause } from '../../../src/decisions/causes';
import type { DecisionRecord } from '../../../src/decisions/types';
import { placeNames } from '../../../src/render/place-names';
import { removalSummary } from '../../../src/render/removal-summary';
import { removalWords } from '../../../src/render/vocabulary';
import { SnapshotBuilder, rect } from '../gce/builders';

/** An article of three paragraphs with pieces around it that the engine named only as "outside the article". */
function page() {
  const b = new SnapshotBuilder();
  const article = b.node(b.body, 'article', rect(0, 0, 800, 900));
  for (let i = 0; i < 3; i++) b.block(b.node(article, 'p', rect(0, i * 100, 800, 90)), rect(0, i * 100, 800, 90), `Paragraph ${i} of the story, long enough to read as prose. `.repeat(4));
  const figure = b.node(b.body, 'figure', rect(0, 400, 800, 300));
  const caption = b.block(b.node(figure, 'figcaption', rect(0, 650, 800, 40)), rect(0, 650, 800, 40), 'The harbour at dawn, seen from the old lighthouse.');
  const bio = b.block(b.node(b.node(b.body, 'div', rect(0, 1000, 800, 100), { hint: 'post-author-bio' }), 'p', rect(0, 1000, 800, 100)), rect(0, 1000, 800, 100), 'Ana Lima writes about the sea and the people who work on it.');
  const cart = b.block(b.node(b.body, 'div', rect(900, 0, 300, 80), { hint: 'mini-cart' }), rect(900, 0, 300, 80), 'Your basket is empty');
  const other = b.block(b.node(b.body, 'div', rect(0, 1200, 800, 100), { hint: 'box-3' }), rect(0, 1200, 800, 100), 'A paragraph in a box of its own that nothing names.');
  const menu = b.block(b.node(b.body, 'nav', rect(0, 1400, 800, 40)), rect(0, 1400, 800, 40), 'Home News', { linkText: 9 });
  const snapshot = b.build();
  const causes: Record<number, RemovalCause> = { [caption]: 'outside-container', [bio]: 'outside-container', [cart]: 'page-type-profile', [other]: 'outside-container', [menu]: 'nav-menu' };
  const record: DecisionRecord = {
    runs: [],
    decisions: snapshot.blocks.map((block) =>
      causes[block.id]
        ? { block: block.id, kept: false, stage: 'gce', reason: 'Outside the article', cause: causes[block.id], evidence: { kind: 'outside-main-container', container: article } }
        : { block: block.id, kept: true, stage: 'gce', reason: 'Inside', evidence: { kind: 'main-container', container: article } },
    ),
  };
  return { snapshot, record, ids: { caption, bio, cart, other, menu } };
}

describe('placeNames', () => {
  it('names what a piece removed as "outside the article" is, from the elements around it', () => {
    const { snapshot, record, ids } = page();
    const names = placeNames(snapshot, record);
    expect(names.get(ids.caption)).toBe('image-caption');
    expect(names.get(ids.bio)).toBe('author-box');
    expect(names.get(ids.cart)).toBe('shop-widget');
    // Nothing says what this one is: it stays under its place; a piece the engine named keeps its name.
    expect(names.has(ids.other)).toBe(false);
    expect(names.has(ids.menu)).toBe(false);
    expect(removalWords(record.decisions[ids.bio], [snapshot.blocks[ids.bio]!], names.get(ids.bio))).toBe('About the author: a note on who wrote it');
  });

  it('changes only the reader’s groups, never a decision', () => {
    const { snapshot, record } = page();
    const before = structuredClone(record);
    const groups = removalSummary(snapshot.blocks, record, placeNames(snapshot, record)).map((g) => g.label).sort();
    expect(groups).toEqual(['About the author', 'Beside the article', 'Image caption', 'Shop controls', 'Site menu']);
    expect(record).toEqual(before);
  });
});
