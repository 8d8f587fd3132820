/** Waiting for an empty page's content: at once when there is some, until it arrives, or until the limit. */
import { describe, expect, it } from 'vitest';
import { hasContent, waitForContent } from '../../../src/snapshot/wait-for-content';

describe('waitForContent', () => {
  it('does not wait when the page has text, or only a frame or an image', async () => {
    for (const html of ['<p>Some text.</p>', '<iframe src="/story.html"></iframe>', '<img src="/a.png">']) {
      document.body.innerHTML = html;
      expect(await waitForContent(document, { timeoutMs: 1_000 })).toBeNull();
    }
  });

  it('a script or style holds no content', () => {
    document.body.innerHTML = '<div id="root"></div><script>var app = "not text";</script><style>p{}</style>';
    expect(hasContent(document)).toBe(false);
  });

  it('waits until a script fills the body in', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    setTimeout(() => {
      document.getElementById('root')!.innerHTML = '<article><p>The article, rendered late.</p></article>';
    }, 50);
    const waited = await waitForContent(document, { timeoutMs: 2_000, quietMs: 20 });
    expect(waited?.found).toBe(true);
    expect(waited!.ms).toBeGreaterThanOrEqual(40);
    expect(waited!.ms).toBeLessThan(2_000);
  });

  it('gives up at the limit and says nothing came', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    const waited = await waitForContent(document, { timeoutMs: 100 });
    expect(waited).toMatchObject({ found: false });
    expect(waited!.ms).toBeGreaterThanOrEqual(90);
  });
});
