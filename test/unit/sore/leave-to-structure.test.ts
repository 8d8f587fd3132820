// @vitest-environment node
/**
 * Lines SORE leaves to the structure, through its decision step on hand-built pages: the fields of repeated items
 * (each hotel offer's booking dates), and a heading or a line ending in a colon that leads into text SORE keeps.
 * Each would be removed without its rule (a known date line, a known "Related links" heading, by a unanimous vote).
 */
import { describe, expect, it } from 'vitest';
import type { Decision, DecisionRecord } from '../../../src/decisions/types';
import type { Block, BlockKind, PageSnapshot, SnapshotNode } from '../../../src/snapshot/types';
import { decideSegments } from '../../../src/sore';
import { USE_LITE_CALIBRATION } from '../../../src/sore/calibration';
import { repeatedItemFields } from '../../../src/sore/item-fields';
import { isLeadIn } from '../../../src/sore/lead-ins';
import type { SegmentFacts } from '../../../src/sore/outliers';
import { resolveSoreParams, type SoreParams } from '../../../src/sore/params';
import type { PhraseHit } from '../../../src/sore/types';
import { makeBlock } from '../../helpers/block';
import { snapshot as baseSnapshot } from './fixtures';

const labels = new Map([
  ['date-and-time', 'date and time'],
  ['related-content', 'related content'],
  ['commercial', 'commercial'],
  ['calls-to-action', 'calls to action'],
]);
const params = (extra: Partial<SoreParams> = {}) => resolveSoreParams({ ...USE_LITE_CALIBRATION.params, fallbackShare: 1, ...extra }, () => {});
// (fallbackShare 1: these small pages are mostly the lines at issue, which the fallback would otherwise leave alone)

const RECT = { x: 0, y: 0, width: 100, height: 20 };
function node(id: number, parent: number, tag: string, hint = ''): SnapshotNode {
  return { id, parent, tag, hint, rect: RECT, depth: 0, fixed: false, visible: true, childElementCount: 1 };
}

/** Ten known lines of one group, the nearest at `similarity`: a unanimous vote for boilerplate. */
function boilerplateHits(group: string, phrase: string, similarity = 0.8): PhraseHit[] {
  return Array.from({ length: 10 }, (_, i) => ({ group, phrase: i === 0 ? phrase : `${phrase} ${i}`, similarity: similarity - i * 0.01 }));
}

function keepAll(blocks: Block[]): DecisionRecord {
  const decisions: Decision[] = [];
  for (const b of blocks) decisions[b.id] = { block: b.id, kept: true, stage: 'gce', reason: 'Inside the main content', evidence: { kind: 'main-container', container: 1 } };
  return { decisions, runs: [] };
}

function facts(block: Block, hits: PhraseHit[], distance = 0.5): SegmentFacts {
  return {
    segment: { block: block.id, start: 0, end: block.text.length, text: block.text, origin: 'kept', heading: block.kind === 'heading', blockChars: block.text.length },
    core: false,
    anchorSimilarity: 0.2,
    distance,
    hits,
  };
}

function removedBlocks(page: PageSnapshot, all: SegmentFacts[], p = params()): string[] {
  const outcome = decideSegments(all, 0.6, p, labels, { snapshot: page, record: keepAll(page.blocks) });
  const byId = new Map(page.blocks.map((b) => [b.id, b.text]));
  return (outcome.chosen?.decisions ?? []).filter((d) => !d.kept).map((d) => byId.get(d.block) ?? '');
}

describe('fields of repeated items (keepItemFields, off by default)', () => {
  /** A page of three hotel offers: div.offers > div.offer > (h3.title, p.dates, p.book). */
  const OFFERS = [
    ['Harbour view suite', 'BOOK: By Dec 31, 2025 TRAVEL: Through May 31, 2026'],
    ['Garden room, two nights', 'BOOK: By Jan 15, 2026 TRAVEL: Through Mar 1, 2026'],
    ['Family loft with breakfast', 'BOOK: By Feb 28, 2026 TRAVEL: Through Aug 31, 2026'],
  ];
  function offersPage(): PageSnapshot {
    const nodes = [node(0, -1, 'body'), node(1, 0, 'div', 'offers')];
    const blocks: Block[] = [];
    const add = (kind: BlockKind, text: string, n: number) => blocks.push(makeBlock(blocks.length, kind, text, { node: n, tag: nodes[n].tag }));
    for (const [title, dates] of OFFERS) {
      const card = nodes.length;
      nodes.push(node(card, 1, 'div', 'offer'), node(card + 1, card, 'h3', 'title'), node(card + 2, card, 'p', 'dates'), node(card + 3, card, 'p', 'book'));
      add('heading', title, card + 1);
      add('text', dates, card + 2);
      add('text', 'Book now', card + 3);
    }
    return baseSnapshot(blocks, { nodes });
  }

  it('finds the dates of each offer as one field of three items, and not the label every offer repeats', () => {
    const page = offersPage();
    const fields = repeatedItemFields(page, keepAll(page.blocks));
    const texts = [...fields.keys()].map((id) => page.blocks[id].text);
    expect(texts).toEqual(expect.arrayContaining(OFFERS.map(([, dates]) => dates)));
    expect(texts).not.toContain('Book now');
    expect(fields.get(1)).toEqual({ items: 3 });
  });

  it("keeps each offer's booking dates though they read like a known date line, saying why", () => {
    const page = offersPage();
    const all = page.blocks.map((b) =>
      facts(b, b.text.startsWith('BOOK:') ? boilerplateHits('date-and-time', 'Updated: Jan 5, 2024') : b.text === 'Book now' ? boilerplateHits('calls-to-action', 'Book now', 0.99) : []),
    );
    expect(removedBlocks(page, all, params({ keepItemFields: false }))).toEqual(expect.arrayContaining(OFFERS.map(([, dates]) => dates)));
    const removed = removedBlocks(page, all, params({ keepItemFields: true }));
    for (const [, dates] of OFFERS) expect(removed).not.toContain(dates);
    // The label each offer repeats, all but identical to a known line, still goes.
    expect(removed.filter((t) => t === 'Book now')).toHaveLength(3);
    const outcome = decideSegments(all, 0.6, params({ keepItemFields: true }), labels, { snapshot: page, record: keepAll(page.blocks) });
    expect(outcome.chosen?.verdicts[1].reason).toMatch(/^One field of 3 repeated items/);
  });

  it('still removes a field all but identical to a known boilerplate line', () => {
    const page = offersPage();
    const all = page.blocks.map((b) => facts(b, b.text.startsWith('BOOK:') ? boilerplateHits('date-and-time', 'Updated: Jan 5, 2024', 0.95) : []));
    expect(removedBlocks(page, all, params({ keepItemFields: true }))).toEqual(OFFERS.map(([, dates]) => dates));
  });
});

describe('lead-ins', () => {
  const RELATED = boilerplateHits('related-content', 'Related links');
  function article(lines: [BlockKind, string, Partial<Block>?][]): PageSnapshot {
    return baseSnapshot(lines.map(([kind, text, extra], id) => makeBlock(id, kind, text, { node: 2, ...extra })));
  }

  it('keeps a heading over a paragraph SORE keeps, and removes it without the rule', () => {
    const page = article([
      ['text', 'The bridge opened in May after three years of work on its foundations.'],
      ['heading', 'See also'],
      ['text', 'The older ferry crossing, which ran until the bridge opened, is now a museum.'],
    ]);
    const all = [facts(page.blocks[0], []), facts(page.blocks[1], RELATED), facts(page.blocks[2], [])];
    expect(removedBlocks(page, all, params({ keepLeadIns: false }))).toEqual(['See also']);
    expect(removedBlocks(page, all)).toEqual([]);
    const outcome = decideSegments(all, 0.6, params(), labels, { snapshot: page, record: keepAll(page.blocks) });
    expect(outcome.chosen?.verdicts[1].reason).toMatch(/^A heading that leads into text kept after it/);
  });

  it('keeps a line ending in a colon over the example it introduces', () => {
    const page = article([
      ['text', 'See the following example:'],
      ['code', 'const bridge = open(May);'],
    ]);
    const all = [facts(page.blocks[0], RELATED)];
    expect(removedBlocks(page, all, params({ keepLeadIns: false }))).toEqual(['See the following example:']);
    expect(removedBlocks(page, all)).toEqual([]);
  });

  it('removes a heading over a row of links, and a heading whose text SORE removes too', () => {
    const links = article([
      ['heading', 'You may also like…'],
      ['list-item', 'Gold slips as the dollar firms', { linkTextLength: 30 }],
    ]);
    expect(removedBlocks(links, [facts(links.blocks[0], RELATED), facts(links.blocks[1], [])])).toEqual(['You may also like…']);

    const both = article([
      ['heading', 'Sponsored'],
      ['text', 'Advertisement'],
    ]);
    const ad = boilerplateHits('commercial', 'Advertisement', 0.99);
    expect(removedBlocks(both, [facts(both.blocks[0], RELATED), facts(both.blocks[1], ad)])).toEqual(['Sponsored', 'Advertisement']);
  });

  it('counts a short heading or colon line as a lead-in, never a list item or a long sentence', () => {
    expect(isLeadIn({ kind: 'heading', text: 'References[edit]' })).toBe(true);
    expect(isLeadIn({ kind: 'text', text: 'Someone else wrote:' })).toBe(true);
    expect(isLeadIn({ kind: 'list-item', text: 'Tags:' })).toBe(false);
    expect(isLeadIn({ kind: 'text', text: 'Image' })).toBe(false);
    expect(isLeadIn({ kind: 'text', text: `${'A long sentence that goes on and on '.repeat(5)}:` })).toBe(false);
  });
});
