import { describe, expect, it } from 'vitest';
import { decide, emptyRecord } from '../../../src/decisions/record';
import { proseLeftByFragment } from '../../../src/pipeline/layout-choice';
import { structuralAgreement } from '../../../src/pipeline/structural-agreement';
import { linkClusterDecisions } from '../../../src/structure/link-clusters';
import { rect, SnapshotBuilder } from '../gce/builders';

function keptAll(ids: number[]) {
  const record = emptyRecord();
  for (const id of ids) decide(record, { block: id, kept: true, stage: 'gce', reason: 'inside', evidence: { kind: 'main-container', container: 1 } });
  return record;
}

describe('link clusters inside the main container', () => {
  const b = new SnapshotBuilder();
  const article = b.node(b.body, 'article', rect(400, 0, 800, 1000));
  const share = b.block(article, rect(400, 10, 300, 20), 'Share Email Print', { linkText: 17 });
  const body = b.block(article, rect(400, 40, 800, 200), 'The field team found stumps of pine and birch where the ice had been. See the full report for details.', { linkText: 10 });
  const citing = b.block(article, rect(400, 260, 800, 300), '[4]', { linkText: 3, images: 1 });
  const badges = b.block(article, rect(400, 580, 300, 20), 'Share 12', { linkText: 8, images: 1 });
  const snapshot = b.build();

  it('removes a short block made of links, saying why', () => {
    const decisions = linkClusterDecisions(snapshot, keptAll([share, body]));
    expect(decisions.map((d) => d.block)).toEqual([share]);
    expect(decisions[0].kept).toBe(false);
    expect(decisions[0].reason).toMatch(/Mostly links/);
    expect(decisions[0].threshold).toBeGreaterThan(0);
  });

  it('keeps a picture whose only text is the note it cites, and still removes icons with link text', () => {
    const decisions = linkClusterDecisions(snapshot, keptAll([body, citing, badges]));
    expect(decisions.map((d) => d.block)).toEqual([badges]);
  });

  it('leaves blocks that were already removed alone', () => {
    expect(linkClusterDecisions(snapshot, keptAll([body]))).toEqual([]);
  });
});

describe('agreement between the layout container and the structure', () => {
  const b = new SnapshotBuilder();
  const main = b.node(b.body, 'div', rect(0, 0, 1000, 1000));
  const ids = [0, 1, 2, 3].map((i) => b.block(main, rect(0, i * 100, 1000, 90), `Paragraph ${i} `.repeat(20)));
  const snapshot = b.build();

  it('agrees when the layout container holds what the structural extractor kept', () => {
    expect(structuralAgreement(snapshot, new Set(ids), new Set(ids.slice(0, 3))).agrees).toBe(true);
  });

  it('disagrees when the layout container holds only a sliver of the article', () => {
    const a = structuralAgreement(snapshot, new Set([ids[0]]), new Set(ids));
    expect(a.agrees).toBe(false);
    expect(a.coverage).toBeLessThan(0.5);
  });
});

describe('Readability trimming inside the layout container', () => {
  const b = new SnapshotBuilder();
  const main = b.node(b.body, 'div', rect(0, 0, 1000, 3000));
  const story = [0, 1, 2, 3, 4, 5].map((i) => b.block(main, rect(0, i * 100, 1000, 90), `Sentence ${i} of the story about the river and the new bridge over it. `.repeat(3)));
  const table = b.block(b.node(main, 'table', rect(0, 700, 1000, 2000)), rect(0, 700, 1000, 2000), 'Ward Councillor Email '.repeat(200), { kind: 'table' });
  const cell = b.block(main, rect(0, 2800, 1000, 40), '4.35 avg rating');
  const snapshot = b.build();

  it('is not done when Readability kept one table of the container and none of its running text', () => {
    const record = keptAll([...story, table]);
    expect(proseLeftByFragment(snapshot, record, new Set([table]))).toBeGreaterThan(1000);
  });

  it('is done when Readability kept any of the running text, more than the table, or the container holds little prose', () => {
    expect(proseLeftByFragment(snapshot, keptAll([...story, table]), new Set([table, story[0]!]))).toBe(0);
    expect(proseLeftByFragment(snapshot, keptAll([...story, table, cell]), new Set([table, cell]))).toBe(0);
    expect(proseLeftByFragment(snapshot, keptAll([story[0]!, table]), new Set([table]))).toBe(0);
  });
});
