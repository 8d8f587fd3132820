/**
 * A documentation generator's code block that is a div of plain text naming its language (Writerside's
 * `<div class="code-block" data-lang="http">`): the copy keeps its lines as code, not as one paragraph.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { takeSnapshot } from '../../../src/snapshot/take-snapshot';

describe('a div of code that names its language', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('is copied as <pre> with its line breaks; a div without a language stays a paragraph', () => {
    document.body.innerHTML = `<article><p>Ask for the items:</p>
      <div class="code-block" data-lang="http">GET https://api.example.com/items
Accept: application/json</div>
      <div class="note">The list comes back
sorted by name.</div></article>`;
    const { snapshot } = takeSnapshot(document);
    expect(snapshot.html).toMatch(/<pre[^>]*data-lang="http"[^>]*>GET https:\/\/api\.example\.com\/items\nAccept: application\/json<\/pre>/);
    expect(snapshot.html).toMatch(/<p[^>]*class="note"[^>]*>The list comes back/);
  });
});
