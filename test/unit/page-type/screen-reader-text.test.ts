/**
 * Text for screen readers only is never brought back by a profile: a product page's gallery labels and a menu kept
 * for assistive technology, shown in full when the page is read without its stylesheet.
 */
import { describe, expect, it } from 'vitest';
import { decide, isKept } from '../../../src/decisions/record';
import { profileDecisions } from '../../../src/page-type/profiles';
import { inScreenReaderText } from '../../../src/page-type/screen-reader-text';
import { pageSnapshot, readabilityRecord } from './page-snapshot';

const PRODUCT = `<!doctype html><html><head><title>Copper kettle</title></head><body>
<main>
  <section class="product-summary">
    <h1>Copper kettle, 1.2 litres</h1>
    <p>A stovetop kettle of hammered copper with a tin lining and a beech handle that stays cool.</p>
  </section>
  <div class="gallery">
    <p class="sr-only">A gallery of pictures: use the buttons to see each one larger.</p>
    <button><span class="visually-hidden">Enlarge picture</span></button>
    <button><span class="visually-hidden">Enlarge picture</span></button>
  </div>
  <section class="product-details">
    <h2>Care and cleaning</h2>
    <p>Rinse with warm water after each use and dry it at once; polish the copper with lemon and salt when it dulls.</p>
    <p class="screenshot-caption reader-notes">The kettle after a year of daily use, polished twice.</p>
  </section>
</main>
</body></html>`;

function productProfile() {
  const snapshot = pageSnapshot(PRODUCT);
  // As if the structural extractor had kept the product's summary only.
  const record = readabilityRecord(snapshot, (b) => /Copper kettle|hammered copper/.test(b.text));
  for (const d of profileDecisions('product', snapshot, record)?.decisions ?? []) decide(record, d);
  return { snapshot, kept: snapshot.blocks.filter((b) => isKept(record, b.id)).map((b) => b.text).join('\n') };
}

describe('screen-reader-only text on a product page', () => {
  it('is found by the class names sites give it, not by other words that contain them', () => {
    const { snapshot } = productProfile();
    const labels = snapshot.blocks.filter((b) => inScreenReaderText(snapshot, b)).map((b) => b.text);
    expect(labels).toEqual(['A gallery of pictures: use the buttons to see each one larger.', 'Enlarge picture', 'Enlarge picture']);
  });

  it('the product profile brings back the page\'s other sections but not the gallery\'s screen-reader labels', () => {
    const { kept } = productProfile();
    expect(kept).toContain('Rinse with warm water');
    expect(kept).toContain('after a year of daily use');
    expect(kept).not.toContain('Enlarge picture');
    expect(kept).not.toContain('see each one larger');
  });
});

const GUIDE = `<!doctype html><html><head><title>Pruning apple trees</title></head><body>
<main>
  <section class="intro">
    <h1>Pruning apple trees</h1>
    <p>Prune in late winter, when the tree is dormant and its shape is easy to see without leaves.</p>
  </section>
  <section class="notes">
    <h2 class="sr-only">Footnotes</h2>
    <p>Cut just above an outward-facing bud, at a slight angle, so that water runs off the wound.</p>
  </section>
</main>
</body></html>`;

describe('screen-reader-only text elsewhere', () => {
  it('is left to the other rules: a heading that names a section the layout shows comes back with its section', () => {
    const snapshot = pageSnapshot(GUIDE);
    const record = readabilityRecord(snapshot, (b) => /Pruning apple trees|late winter/.test(b.text));
    for (const d of profileDecisions('service', snapshot, record)?.decisions ?? []) decide(record, d);
    const kept = snapshot.blocks.filter((b) => isKept(record, b.id)).map((b) => b.text);
    expect(kept).toContain('Footnotes');
    expect(kept.join('\n')).toContain('outward-facing bud');
  });
});

