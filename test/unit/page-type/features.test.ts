/**
 * The page-type classifier's features, read from snapshots of small pages (happy-dom has no layout, so every block
 * is marked visible as a browser would lay it out).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageTypeFeatures } from '../../../src/page-type/features';
import { repeatedGroups, signatureOf, textPerNode } from '../../../src/page-type/repeats';
import { pageSnapshot } from './page-snapshot';
import type { PageSnapshot } from '../../../src/snapshot/types';

const FIXTURES = join(__dirname, '../../fixtures/pages/page-types');

function snapshotOf(html: string, url = 'http://127.0.0.1:8080/page.html'): PageSnapshot {
  return { ...pageSnapshot(html), url };
}

const fixture = (name: string, url: string) => snapshotOf(readFileSync(join(FIXTURES, name), 'utf8'), url);

describe('page-type features', () => {
  it('reads JSON-LD types: a forum posting, a product with its price and specifications', () => {
    const forum = fixture('forum-thread.html', 'http://127.0.0.1:8080/forum/topic/123');
    expect(forum.metadata.jsonLdTypes).toContain('DiscussionForumPosting');
    expect(pageTypeFeatures(forum)['ld:forum']).toBe(1);
    expect(pageTypeFeatures(forum)['ld:product']).toBe(0);

    const product = fixture('product.html', 'http://127.0.0.1:8080/shop/products/kettle');
    const f = pageTypeFeatures(product);
    expect(f['ld:product']).toBe(1);
    expect(f['microdata:product']).toBe(1);
    expect(f['og:product']).toBe(1);
    expect(product.metadata.jsonLdProduct).toMatchObject({ price: '89.00', priceCurrency: 'EUR', 'spec:Capacity': '1.2 litres' });
    expect(f['text:price']).toBeGreaterThan(0);
  });

  it('reads the URL shape', () => {
    const page = '<html><body><p>Some text that is long enough to be a block of its own on the page.</p></body></html>';
    expect(pageTypeFeatures(snapshotOf(page, 'http://127.0.0.1:8080/forum/threads/pump-noise.123/'))['url:forum']).toBe(1);
    expect(pageTypeFeatures(snapshotOf(page, 'http://127.0.0.1:8080/docs/api/reference'))['url:docs']).toBe(1);
    expect(pageTypeFeatures(snapshotOf(page, 'http://127.0.0.1:8080/2024/05/03/a-story'))['url:article']).toBe(1);
    const root = pageTypeFeatures(snapshotOf(page, 'http://127.0.0.1:8080/'));
    expect(root['url:root']).toBe(1);
    expect(root['url:forum']).toBe(0);
  });

  it('finds the repeated cards of a listing and the posts of a thread', () => {
    const listing = fixture('listing.html', 'http://127.0.0.1:8080/recipes/weeknight');
    const [cards] = repeatedGroups(listing);
    expect(cards.members).toHaveLength(12);
    expect(cards.signature).toBe('article.recipe-card');
    expect(pageTypeFeatures(listing)['repeat:best-members:log']).toBeCloseTo(Math.log1p(12));

    const forum = fixture('forum-thread.html', 'http://127.0.0.1:8080/forum/topic/123');
    const [posts] = repeatedGroups(forum);
    expect(posts.members).toHaveLength(6);
    expect(pageTypeFeatures(forum)['hint:post']).toBeGreaterThan(0);
  });

  it('counts code and tables on a documentation page, and no repeated posts', () => {
    const f = pageTypeFeatures(fixture('documentation.html', 'http://127.0.0.1:8080/docs/configuration'));
    expect(f['kind:code']).toBeGreaterThan(0);
    expect(f['kind:table']).toBeGreaterThan(0);
    expect(f['url:docs']).toBe(1);
    expect(f['ld:any']).toBe(0);
  });

  it('siblings that differ only in numbers and state classes share a signature', () => {
    expect(signatureOf('div', 'post-101 post odd')).toBe(signatureOf('div', 'post-102 post even'));
    expect(signatureOf('div', 'post')).not.toBe(signatureOf('li', 'post'));
  });

  it('counts every visible block towards its element and each element above it', () => {
    const listing = fixture('listing.html', 'http://127.0.0.1:8080/recipes/weeknight');
    const chars = textPerNode(listing);
    const visibleChars = listing.blocks.filter((b) => b.visible).reduce((sum, b) => sum + b.text.length, 0);
    expect(chars[0]).toBe(visibleChars);
    const [cards] = repeatedGroups(listing);
    const firstCard = listing.blocks.filter((b) => b.visible && isUnder(listing, b.node, cards.members[0]));
    expect(chars[cards.members[0]]).toBe(firstCard.reduce((sum, b) => sum + b.text.length, 0));
  });
});

function isUnder(snapshot: PageSnapshot, node: number, ancestor: number): boolean {
  for (let n = node; n >= 0; n = snapshot.nodes[n]?.parent ?? -1) if (n === ancestor) return true;
  return false;
}
