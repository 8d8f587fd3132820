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
