/**
 * The block model was learned on benchmark pages saved without their stylesheets. On pages written with their CSS
 * (test/fixtures/pages/styled/), read in headless Chromium as written and without the CSS, the model in its shipped
 * use (overturning the pipeline only where it is very confident) still gives the reader the article and leaves out
 * the comments, the side column's headline list and the shop's "also bought" row.
 *
 *   node --import tsx --test test/e2e/block-model-styled.test.ts
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { shippedBlockModel } from '../../src/blocks/stage';
import { modelText, readStyledFixtures, type StyledRead } from '../../tools/lib/styled-fixtures';

/** Lines a reader must not find in the article, per page: what the page has besides it. */
const NOT_ARTICLE: Record<string, string[]> = {
  'blog-comments': ['This is exactly my problem', 'Good trick, Tobias', 'Leave a reply'],
  'news-grid': ['Storm warning issued for the weekend', 'Island broadband upgrade delayed again', 'Your email address'],
  'product-columns': ['Merino base layer', 'Head torch 300', 'Chat with us'],
};

/** Lower case, one space between words: CSS may change case, and a table's rows may be joined on one line. */
function words(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

let reads: StyledRead[] = [];
before(async () => {
  reads = await readStyledFixtures();
}, { timeout: 180_000 });

describe('the block model on pages with their stylesheets', () => {
  test('keeps every paragraph of the article and none of what surrounds it, with the CSS and without', async () => {
    const model = await shippedBlockModel();
    assert.equal(reads.length, 2 * Object.keys(NOT_ARTICLE).length);
    for (const { page, rendering, truth, extraction } of reads) {
      const text = words(modelText(extraction, model, 'overturn').text);
      for (const paragraph of truth.split(/\n\n+/).filter((p) => p.length > 60)) {
        assert.ok(text.includes(words(paragraph).slice(0, 50)), `${page} (${rendering}): lost "${paragraph.slice(0, 50)}…"`);
      }
      for (const line of NOT_ARTICLE[page]!) assert.ok(!text.includes(words(line)), `${page} (${rendering}): kept "${line}"`);
    }
  });
});
