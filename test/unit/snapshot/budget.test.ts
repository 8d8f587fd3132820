/**
 * The read budget: a page past it is read up to the limit, flagged, and says which limit stopped it; a page within
 * it is read whole whatever the clock says.
 */
import { describe, expect, it } from 'vitest';
import { BudgetMeter, DEFAULT_READ_BUDGET } from '../../../src/snapshot/budget';
import { takeSnapshot } from '../../../src/snapshot/take-snapshot';
import { pageNotes } from '../../../src/render/page-notes';

function page(paragraphs: number): void {
  document.body.innerHTML = `<article>${Array.from({ length: paragraphs }, (_, i) => `<p>Paragraph ${i} of the page.</p>`).join('')}</article>`;
}

describe('read budget', () => {
  it('stops at the block limit and says how much it read', () => {
    page(300);
    const { snapshot } = takeSnapshot(document, { ...DEFAULT_READ_BUDGET, blocks: 100 });
    expect(snapshot.blocks).toHaveLength(100);
    expect(snapshot.stats).toMatchObject({ truncated: true, limit: 'blocks' });
    expect(snapshot.html).toContain('Paragraph 99 of the page.');
    expect(snapshot.html).not.toContain('Paragraph 100 of the page.');
    expect(pageNotes(snapshot)[0]).toMatch(/very large: Pith read its first \d+ elements \(100 blocks\); the rest is not shown/);
  });

  it('stops at the element limit', () => {
    page(300);
    const { snapshot } = takeSnapshot(document, { ...DEFAULT_READ_BUDGET, elements: 50 });
    expect(snapshot.stats).toMatchObject({ truncated: true, limit: 'elements' });
    expect(snapshot.blocks.length).toBeLessThan(50);
  });

  it('a page below timedAfter is read whole even when the time limit has passed', () => {
    page(300);
    const { snapshot } = takeSnapshot(document, { ...DEFAULT_READ_BUDGET, ms: -1, timedAfter: 1_000 });
    expect(snapshot.stats.truncated).toBe(false);
    expect(snapshot.blocks).toHaveLength(300);
  });

  it('past timedAfter the time limit stops the walk and the note says so', () => {
    page(300);
    const { snapshot } = takeSnapshot(document, { ...DEFAULT_READ_BUDGET, ms: -1, timedAfter: 10 });
    expect(snapshot.stats).toMatchObject({ truncated: true, limit: 'time' });
    expect(snapshot.blocks.length).toBeLessThan(300);
    expect(pageNotes(snapshot)[0]).toMatch(/within its time limit for one reading/);
  });

  it('the meter checks the clock only once timedAfter elements are read', () => {
    const meter = new BudgetMeter({ elements: 1_000, blocks: 1_000, ms: -1, timedAfter: 500 }, performance.now());
    for (let i = 0; i < 200; i++) expect(meter.over(100, 10)).toBe(false);
    let stopped = false;
    for (let i = 0; i < 200 && !stopped; i++) stopped = meter.over(600, 10);
    expect(stopped).toBe(true);
    expect(meter.limit).toBe('time');
  });
});

describe('read budget on units too large to read whole', () => {
  it('a data table larger than what is left of the budget is cut where the budget runs out, not read whole', () => {
    const rows = Array.from({ length: 200 }, (_, i) => `<tr><td>Row ${i} name</td><td>Row ${i} value</td></tr>`).join('');
    document.body.innerHTML = `<article><p>The table below lists every row.</p><table><tr><th>Name</th><th>Value</th></tr>${rows}</table></article>`;
    const { snapshot } = takeSnapshot(document, { ...DEFAULT_READ_BUDGET, elements: 100 });
    expect(snapshot.stats).toMatchObject({ truncated: true, limit: 'elements' });
    expect(snapshot.html).toContain('Row 1 value');
    expect(snapshot.html).not.toContain('Row 199 value');
  });

  it('a table within the budget is still one block, read whole', () => {
    const rows = Array.from({ length: 20 }, (_, i) => `<tr><td>Row ${i} name</td><td>Row ${i} value</td></tr>`).join('');
    document.body.innerHTML = `<article><table><tr><th>Name</th><th>Value</th></tr>${rows}</table></article>`;
    const { snapshot } = takeSnapshot(document, { ...DEFAULT_READ_BUDGET, elements: 200 });
    expect(snapshot.stats.truncated).toBe(false);
    expect(snapshot.blocks.filter((b) => b.kind === 'table')).toHaveLength(1);
    expect(snapshot.html).toContain('Row 19 value');
  });

  it('a giant run of inline elements stops at the budget instead of being read whole past it', () => {
    document.body.innerHTML = `<h1>Heading</h1><span style="display:inline">${'<b style="display:inline">word</b> '.repeat(300)}</span>`;
    const { snapshot } = takeSnapshot(document, { ...DEFAULT_READ_BUDGET, elements: 100 });
    expect(snapshot.stats).toMatchObject({ truncated: true, limit: 'elements' });
    expect(snapshot.stats.elements).toBeLessThanOrEqual(102);
  });
});
