/** A product's JSON-LD lines are added only when the page does not already show them, whatever its quotes and dashes. */
import { describe, expect, it } from 'vitest';
import { productDataBlocks } from '../../../src/page-type/product-data';
import { takeSnapshot } from '../../../src/snapshot/take-snapshot';

function snapshotOf(body: string, product: object) {
  document.head.innerHTML = `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', ...product })}</script>`;
  document.body.innerHTML = body;
  const { snapshot } = takeSnapshot(document);
  for (const block of snapshot.blocks) block.visible = true; // happy-dom lays nothing out
  return snapshot;
}

describe('product data from JSON-LD', () => {
  it('does not repeat a description the page shows with typographic quotes and dashes', () => {
    const snapshot = snapshotOf(
      '<main><h1>Warrior drop necklace</h1><p>This version of L’atelier’s warrior design – the signature gold bar – hangs from a fine 18K chain.</p></main>',
      { name: 'Warrior drop necklace', description: "This version of L'atelier's warrior design - the signature gold bar - hangs from a fine 18K chain.", additionalProperty: [{ '@type': 'PropertyValue', name: 'Metal', value: '18K gold' }] },
    );
    const lines = productDataBlocks(snapshot)?.blocks.map((b) => b.text) ?? [];
    expect(lines).toContain('Metal: 18K gold');
    expect(lines.some((l) => l.startsWith('This version'))).toBe(false);
  });

  it('adds a description the page hides', () => {
    const snapshot = snapshotOf('<main><h1>Warrior drop necklace</h1><p>€3,665.00</p></main>', { name: 'Warrior drop necklace', description: 'A small gold bar set with three diamonds.' });
    expect(productDataBlocks(snapshot)?.blocks.map((b) => b.text)).toContain('A small gold bar set with three diamonds.');
  });
});
