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

  it('adds a description the page shows only in a part the article leaves out, and not one the article keeps', () => {
    const description = 'A stovetop kettle of hammered copper with a tin lining.';
    const snapshot = snapshotOf(`<main><h1>Copper kettle</h1><p>$89</p></main><div class="tabs"><p>${description}</p></div>`, { name: 'Copper kettle', description });
    const tab = snapshot.blocks.find((b) => b.text === description)!;
    expect(productDataBlocks(snapshot, (b) => b.id !== tab.id)?.blocks.map((b) => b.text)).toContain(description);
    expect(productDataBlocks(snapshot, () => true)).toBeNull();
  });

  it('shows the words of values the site wrote as HTML or URL-encoded, not their escapes', () => {
    const snapshot = snapshotOf('<main><h1>Reading chair</h1><p>$1,120</p></main>', {
      name: 'Reading chair',
      description: 'A%20deep%20reading%20chair%20in%20walnut%20%26%20wool.',
      additionalProperty: [{ '@type': 'PropertyValue', name: 'Finish', value: 'Walnut &amp;amp; wool &#8211; <b>undyed</b>' }],
    });
    expect(productDataBlocks(snapshot)?.blocks.map((b) => b.text)).toEqual(['Product details', 'A deep reading chair in walnut & wool.', 'Finish: Walnut & wool – undyed']);
  });
});
