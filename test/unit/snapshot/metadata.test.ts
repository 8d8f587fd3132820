/**
 * Page metadata from <meta> elements: the lookup reads the page's meta elements once, and must answer as the
 * selector `meta[property="k" i], meta[name="k" i], meta[itemprop="k" i]` did, key by key.
 */
import { describe, expect, it } from 'vitest';
import { readMetadata } from '../../../src/snapshot/metadata';

function page(head: string, body = '<p>Text</p>'): Document {
  return new DOMParser().parseFromString(`<!doctype html><html><head><title>Doc title</title>${head}</head><body>${body}</body></html>`, 'text/html');
}

describe('readMetadata: meta elements', () => {
  it('matches property, name and itemprop without regard to ASCII case, the first in document order winning', () => {
    const doc = page('<meta itemprop="Description" content="From itemprop"><meta NAME="description" content="From name">');
    expect(readMetadata(doc).description).toBe('From itemprop');
  });

  it('takes the first meta element of a key even in the body, and the next key when its content is empty', () => {
    const doc = page('<meta name="author" content="  ">', '<p>Text</p><meta itemprop="article:author" content="Ada Lovelace"><meta name="author" content="Later">');
    expect(readMetadata(doc).byline).toBe('Ada Lovelace');
  });

  it('falls back through the keys in order (twitter:title before the document title; keywords split)', () => {
    const doc = page('<meta property="twitter:title" content="Tweet title"><meta name="keywords" content="a, b ,,c">');
    const metadata = readMetadata(doc);
    expect(metadata.title).toBe('Tweet title');
    expect(metadata.keywords).toEqual(['a', 'b', 'c']);
  });

  it('does not fold non-ASCII letters (the Kelvin sign is not a k)', () => {
    const doc = page('<meta name="\u212Aeywords" content="x">');
    expect(readMetadata(doc).keywords).toEqual([]);
  });
});

describe('readMetadata: an article described in JSON-LD', () => {
  it('reads its headline, author and description as words, not as the HTML the site escaped into them', () => {
    const ld = {
      '@type': 'BlogPosting',
      headline: 'Salt &amp;amp; pepper: a cook&#039;s notes',
      author: { '@type': 'Person', name: 'Jo&#8217;s Kitchen' },
      description: 'Why <em>coarse</em> salt &amp; fresh pepper',
      datePublished: '2024-03-01',
    };
    const doc = page(`<script type="application/ld+json">${JSON.stringify(ld)}</script>`);
    const metadata = readMetadata(doc);
    expect(metadata.byline).toBe('Jo’s Kitchen');
    expect(metadata.description).toBe('Why coarse salt & fresh pepper');
    expect(metadata.title).toBe("Salt & pepper: a cook's notes");
    expect(metadata.publishedTime).toBe('2024-03-01');
  });
});
