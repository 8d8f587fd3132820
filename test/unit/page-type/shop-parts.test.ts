/**
 * A product description the structural stages dropped (a shop's theme where the extractor took the cart for the
 * article) comes back whatever the page's type, and the cart goes; a grid of products is left alone.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decide, emptyRecord, isKept } from '../../../src/decisions/record';
import { missedProductDescription } from '../../../src/page-type/shop-parts';
import { pageSnapshot } from './page-snapshot';


const PAGE = readFileSync(join(__dirname, '../../fixtures/pages/page-types/product-shop-widgets.html'), 'utf8');

describe('missed product description', () => {
  it('brings back the description and removes the cart the structural stages kept instead', () => {
    const snapshot = pageSnapshot(PAGE);
    const record = emptyRecord();
    // As if the structural extractor had read the cart drawer as the article.
    for (const b of snapshot.blocks) {
      const kept = /^(Your shopping bag|Your bag is empty|Spend another)/.test(b.text);
      decide(record, { block: b.id, kept, stage: 'readability', ...(kept ? {} : { cause: 'outside-container' as const }), reason: 'test', evidence: { kind: 'empty' } });
    }
    const found = missedProductDescription(snapshot, record);
    expect(found?.reason).toMatch(/^Product description brought back \(2 blocks, \d+ characters\); 3 blocks of the shop's cart or order form removed$/);
    for (const d of found?.decisions ?? []) decide(record, d);
    const text = snapshot.blocks.filter((b) => isKept(record, b.id)).map((b) => b.text).join('\n');
    expect(text).toContain('roll-top main compartment');
    expect(text).toContain('moulded foam sheet');
    expect(text).not.toContain('Your bag is empty');
    const cart = snapshot.blocks.find((b) => b.text.startsWith('Spend another'))!;
    expect(record.decisions[cart.id]).toMatchObject({ kept: false, cause: 'shop-widget' });
  });

  it('leaves the page alone when the description was kept, or when several products have one (a grid)', () => {
    const snapshot = pageSnapshot(PAGE);
    const record = emptyRecord();
    for (const b of snapshot.blocks) decide(record, { block: b.id, kept: true, stage: 'readability', reason: 'test', evidence: { kind: 'empty' } });
    expect(missedProductDescription(snapshot, record)).toBeNull();
    const card = (name: string) =>
      `<div class="card"><h3>${name}</h3><div class="product-description"><p>${name} is a sturdy pack for long walks in all weathers, with a padded back and two bottle pockets that stay in reach of your hands all day long, and a lid pocket for a map.</p></div></div>`;
    const grid = pageSnapshot(`<html><body><main>${card('Ridge 20')}${card('Summit 40')}</main></body></html>`);
    const gridRecord = emptyRecord();
    for (const b of grid.blocks) decide(gridRecord, { block: b.id, kept: false, stage: 'readability', cause: 'outside-container', reason: 'test', evidence: { kind: 'empty' } });
    expect(missedProductDescription(grid, gridRecord)).toBeNull();
  });
});
