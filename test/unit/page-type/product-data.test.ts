/** A product's JSON-LD lines are added only when the page does not already show them, whatever its quotes and dashes. */
import { describe, expect, it } from 'vitest';
import { plainValue, productDataBlocks } from '../../../src/page-type/product-data';
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

  it('shows the words of values the site wrote as HTML or URL-encoded, not their escapes', () => {
    const snapshot = snapshotOf('<main><h1>Curved sofa</h1><p>$4,345</p></main>', {
      name: 'Curved sofa',
      description: 'An%20elegant%20sofa%20with%20a%20curved%20back%20in%20oak%20%26%20linen.',
      additionalProperty: [{ '@type': 'PropertyValue', name: 'Finish', value: 'Oak &amp;amp; linen &#8211; <b>natural</b>' }],
    });
    expect(productDataBlocks(snapshot)?.blocks.map((b) => b.text)).toEqual(['Product details', 'An elegant sofa with a curved back in oak & linen.', 'Finish: Oak & linen – natural']);
  });
});

describe('a JSON-LD value as words', () => {
  it('decodes character references, once or escaped twice', () => {
    expect(plainValue('iFixit&apos;s Moray Driver Kit')).toBe("iFixit's Moray Driver Kit");
    expect(plainValue('black, white &amp;amp; green')).toBe('black, white & green');
  });

  it('drops tags: inline ones join the words around them, others end a word', () => {
    expect(plainValue('Staubsaugerzub<wbr/>ehör')).toBe('Staubsaugerzubehör');
    expect(plainValue('Championing <b>Nikon’s D750</b> camera.<br>Full frame.')).toBe('Championing Nikon’s D750 camera. Full frame.');
  });

  it('leaves ordinary text, and a percent sign that is no escape, as they are', () => {
    expect(plainValue('Save 20% today on 100%cotton')).toBe('Save 20% today on 100%cotton');
    expect(plainValue('100%ZZ')).toBe('100%ZZ');
    expect(plainValue('Fat 47.5g & protein 20g')).toBe('Fat 47.5g & protein 20g');
  });
});
