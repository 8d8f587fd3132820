import { describe, expect, it } from 'vitest';
import { BLOCK_FEATURE_NAMES, blockFeatures } from '../../../src/blocks/features';
import { emptyRecord } from '../../../src/decisions/record';
import { pageSnapshot } from '../page-type/page-snapshot';

const PAGE = `<!DOCTYPE html><html lang="en"><head><title>Why rivers bend</title></head><body>
<nav><ul>${Array.from({ length: 14 }, (_, i) => `<li class="menu-item"><a href="/s${i}">Section ${i}</a></li>`).join('')}</ul></nav>
<article><h1>Why rivers bend</h1>
<p>A river that runs over flat ground rarely stays straight. Water on the outside of a bend moves faster and cuts the bank, while slower water on the inside drops sand. Over years the bend grows.</p>
<p>Seen from above, the loops can nearly close on themselves. When a flood breaks through the narrow neck, the old loop is left behind as a quiet lake.</p></article>
<footer><p>Contact us · <a href="/privacy">Privacy</a></p></footer></body></html>`;

function featuresOf(text: string) {
  const snapshot = pageSnapshot(PAGE);
  const rows = blockFeatures({ snapshot, record: emptyRecord(), mainNode: -1 });
  const block = snapshot.blocks.find((b) => b.text.startsWith(text))!;
  const row = rows[block.id]!;
  return (name: string) => row[BLOCK_FEATURE_NAMES.indexOf(name)]!;
}

describe('block features', () => {
  it('gives every block one value per feature name, all finite', () => {
    const snapshot = pageSnapshot(PAGE);
    const rows = blockFeatures({ snapshot, record: emptyRecord(), mainNode: -1 });
    expect(rows).toHaveLength(snapshot.blocks.length);
    for (const row of rows) {
      expect(row).toHaveLength(BLOCK_FEATURE_NAMES.length);
      for (const v of row) expect(Number.isFinite(v)).toBe(true);
    }
  });

  it('sees a menu entry as a link in the navigation, one of fourteen similar items', () => {
    const f = featuresOf('Section 3');
    expect(f('link_density')).toBe(1);
    expect(f('in_nav')).toBe(1);
    expect(f('in_li')).toBe(1);
    expect(Math.round(Math.expm1(f('group_size_log')))).toBe(14);
    expect(f('group_position')).toBeCloseTo(3 / 14, 5);
  });

  it('sees a paragraph of the article as running text in sentences, below the title', () => {
    const f = featuresOf('A river that runs');
    expect(f('in_article')).toBe(1);
    expect(f('in_nav')).toBe(0);
    expect(f('link_density')).toBe(0);
    expect(f('sentence_ends')).toBe(3);
    expect(f('frequent_share')).toBeGreaterThan(0.3);
    expect(f('from_title')).toBeGreaterThan(0);
    expect(f('group_size_log')).toBe(0);
  });

  it('marks the footer line as in the footer and after the end of the article text', () => {
    const f = featuresOf('Contact us');
    expect(f('in_footer')).toBe(1);
    expect(f('after_text_end')).toBeGreaterThan(0);
  });
});
