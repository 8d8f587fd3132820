import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_BLOCK_CHARS, ITEM_ID_ATTR, simplifyPage } from '../../../src/dripper/simplify';
import { fixtureSnapshot } from './fixtures';

describe('Dripper simplification and mapping', () => {
  const snapshot = fixtureSnapshot();
  const page = simplifyPage(snapshot);
  const body = new DOMParser().parseFromString(page.html, 'text/html').body;

  it('numbers the article blocks in document order and maps every item back to its snapshot block', () => {
    expect(page.items.map((i) => i.itemId)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(page.items.map((i) => i.blocks)).toEqual([[3], [4], [5], [6], [7], [8]]);
    for (const item of page.items) {
      const el = body.querySelector(`[${ITEM_ID_ATTR}="${item.itemId}"]`);
      expect(el?.outerHTML.replace(/\s+/g, ' ')).toBe(item.html);
      if (el?.querySelector('img')) continue; // an image block's text is its alt
      const text = snapshot.blocks[item.blocks[0]].text;
      expect((el?.textContent ?? '').replace('…', '')).toBe(text.slice(0, Math.min(text.length, DEFAULT_MAX_BLOCK_CHARS)));
    }
  });

  it('drops navigation, header and hidden content before the model sees them, saying why', () => {
    expect(page.html).not.toMatch(/Home News Sport|Site name|Hidden promo/);
    expect(page.dropped).toEqual(
      expect.arrayContaining([
        { block: 0, why: 'inside <nav>' },
        { block: 1, why: 'inside <header>' },
        { block: 2, why: 'hidden' },
      ]),
    );
  });

  it('keeps only class and id (and an image’s src and alt), with data URLs cut to their type', () => {
    const names = new Set([...body.querySelectorAll('*')].flatMap((el) => el.getAttributeNames()));
    expect([...names].sort()).toEqual(['_item_id', 'alt', 'class', 'id', 'src'].sort());
    const img = body.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('data:image/png');
    expect(img.getAttribute('alt')).toBe('A photo of the delta');
    expect(page.html).toContain('<article class="post entry">');
  });

  it('cuts a long block to about 200 characters and keeps its tags', () => {
    const long = page.items[1];
    expect(long.html).toMatch(/^<p _item_id="2"><b>.{20}<\/b>.*…<\/p>$/);
    const text = new DOMParser().parseFromString(long.html, 'text/html').body.textContent!;
    expect(text.length).toBe(DEFAULT_MAX_BLOCK_CHARS + 1);
  });

  it('renders a chunk with only its items labelled and its neighbours as unlabelled context', () => {
    const html = page.render([2, 3], [1, 4]);
    expect(html).toContain('_item_id="2"');
    expect(html).toContain('_item_id="3"');
    expect(html).not.toMatch(/_item_id="(1|4|5|6)"/);
    expect(html).toContain('A river that remembers'); // context, no id
    expect(html).not.toContain('Ana · 3 comments');
  });
});
