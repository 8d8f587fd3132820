/**
 * Images in the snapshot: lazy-load placeholders resolved to the real URL, made absolute, and block-level images
 * (display:block, common on real sites) kept as blocks rather than dropped.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { absoluteUrl, pendingLazySource, resolveImageSrc } from '../../../src/snapshot/images';
import { noscriptsToRead } from '../../../src/snapshot/noscript';
import { takeSnapshot } from '../../../src/snapshot/take-snapshot';

const GIF_1X1 = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
const BASE = 'http://127.0.0.1:8080/posts/market.html';

function img(attrs: Record<string, string>): HTMLImageElement {
  const el = document.createElement('img');
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

describe('resolveImageSrc', () => {
  it('prefers data-src over a 1×1 data: placeholder and makes it absolute', () => {
    expect(resolveImageSrc(img({ src: GIF_1X1, 'data-src': 'images/harbour.png' }), BASE)).toBe('http://127.0.0.1:8080/posts/images/harbour.png');
  });

  it('takes the widest srcset candidate when src is a placeholder', () => {
    const el = img({ src: GIF_1X1, 'data-srcset': 'a-480.png 480w, a-1200.png 1200w, a-800.png 800w' });
    expect(resolveImageSrc(el, BASE)).toBe('http://127.0.0.1:8080/posts/a-1200.png');
  });

  it('takes the widest srcset candidate over a loaded smaller src, and the densest of x descriptors', () => {
    expect(resolveImageSrc(img({ src: 'small.png', srcset: 'small.png 320w, large.png 1280w, mid.png 640w' }), BASE)).toBe('http://127.0.0.1:8080/posts/large.png');
    expect(resolveImageSrc(img({ src: 'a.png', srcset: 'a.png, a@3x.png 3x, a@2x.png 2x' }), BASE)).toBe('http://127.0.0.1:8080/posts/a@3x.png');
  });

  it('takes the largest source of a <picture>', () => {
    document.body.innerHTML = '<picture><source srcset="/p/ridge-800.webp 800w, /p/ridge-1600.webp 1600w" type="image/webp"><img src="/p/ridge.png" alt="Ridge"></picture>';
    expect(resolveImageSrc(document.querySelector('img')!, BASE)).toBe('http://127.0.0.1:8080/p/ridge-1600.webp');
  });

  it('reads the real image from the <noscript> a lazy loader put beside its placeholder', () => {
    document.body.innerHTML = `<p><img src="${GIF_1X1}" class="lazyload" alt="Harbour"><noscript><img src="/images/harbour-full.jpg" alt="Harbour"></noscript></p>`;
    expect(resolveImageSrc(document.querySelector('img')!, BASE)).toBe('http://127.0.0.1:8080/images/harbour-full.jpg');
  });

  it('keeps an ordinary relative src, made absolute against the document', () => {
    // currentSrc (resolved against the document) comes first, as in a browser once the image has loaded.
    expect(resolveImageSrc(img({ src: '../images/x.png' }), document.baseURI)).toBe(new URL('../images/x.png', document.baseURI).href);
  });

  it('absoluteUrl resolves root-relative URLs and gives "" for an empty URL', () => {
    expect(absoluteUrl('/images/x.png', BASE)).toBe('http://127.0.0.1:8080/images/x.png');
    expect(absoluteUrl('', BASE)).toBe('');
  });
});

describe('takeSnapshot and images', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  it('a lazy image inside a figure becomes a figure block with the real, absolute URL', () => {
    document.body.innerHTML = `<article><p>Before the figure, some article text.</p>
      <figure><img src="${GIF_1X1}" data-src="/images/lens.png" alt="Lens"><figcaption>The lens.</figcaption></figure>
      <p>After the figure, more text.</p></article>`;
    const { snapshot } = takeSnapshot(document);
    const figure = snapshot.blocks.find((b) => b.kind === 'figure');
    expect(figure?.images.map((i) => i.src)).toEqual([new URL('/images/lens.png', document.baseURI).href]);
    expect(snapshot.html).toContain(`src="${new URL('/images/lens.png', document.baseURI).href}"`);
    expect(snapshot.html).not.toContain('data:image/gif');
  });

  it('a display:block lazy image directly in the article is a block with the real URL (not dropped)', () => {
    // Real sites often style content images `display: block` without wrapping them in <figure> or <p>.
    document.body.innerHTML = `<article><p>Before the image, some article text.</p>
      <img style="display: block; width: 600px; height: 300px" src="${GIF_1X1}" data-src="/images/harbour.png" alt="Harbour">
      <p>After the image, more text.</p></article>`;
    const { snapshot } = takeSnapshot(document);
    const real = new URL('/images/harbour.png', document.baseURI).href;
    const withImage = snapshot.blocks.filter((b) => b.images.some((i) => i.src === real));
    expect(withImage.length).toBe(1);
    expect(snapshot.html).toContain(`src="${real}"`);
    expect(snapshot.html).not.toContain('data:image/gif');
  });

  it('a figure whose loader has not drawn its photo yet shows the picture its itemid names, with its caption', () => {
    const photo = 'https://images.example.org/2024/03/wall-articleLarge.jpg?quality=90&auto=webp';
    document.body.innerHTML = `<article><p>Before the figure, some article text.</p>
      <figure itemscope itemtype="http://schema.org/ImageObject" itemid="${photo.replace('&', '&amp;')}">
                  <div class="lazy-frame" style="height:300px"></div>
                  <figcaption>Waves over the harbour wall.</figcaption>
      </figure>
      <figure class="quote" data-note="see page 4"><blockquote>Not a picture.</blockquote><figcaption>A reader</figcaption></figure>
      <p>After the figure, more text.</p></article>`;
    const { snapshot } = takeSnapshot(document);
    const figures = snapshot.blocks.filter((b) => b.kind === 'figure');
    expect(figures.map((b) => b.images.map((i) => i.src))).toEqual([[photo]]);
    expect(figures[0]!.text).toBe('Waves over the harbour wall.');
    expect(snapshot.html).toContain(`<img src="${photo.replace('&', '&amp;')}">`);
  });

  it('a figure that shows its picture is not given a second one from its attributes', () => {
    document.body.innerHTML = `<article><figure itemid="/images/lens-large.jpg"><img src="/images/lens.png" alt="Lens"><figcaption>The lens.</figcaption></figure></article>`;
    const { snapshot } = takeSnapshot(document);
    expect(snapshot.blocks.flatMap((b) => b.images.map((i) => i.src))).toEqual([new URL('/images/lens.png', document.baseURI).href]);
  });

  // happy-dom's default style makes <img> display:block, so the inline case states display:inline explicitly.
  it('an inline image inside a paragraph stays in that paragraph block with its real URL', () => {
    document.body.innerHTML = `<article><p>Text with an icon <img style="display: inline" src="${GIF_1X1}" data-src="/images/icon.png" alt="icon"> inside.</p></article>`;
    const { snapshot } = takeSnapshot(document);
    const real = new URL('/images/icon.png', document.baseURI).href;
    expect(snapshot.blocks.some((b) => b.images.some((i) => i.src === real))).toBe(true);
    expect(snapshot.html).toContain(`src="${real}"`);
  });
});

describe('lazy images the loader has not filled', () => {
  it('a source-less image whose source is in its noscript twin is pending; a loaded image is not', () => {
    document.body.innerHTML = '<div><img class="fade" width="640" height="384"><noscript><img src="/images/ice.png"></noscript></div><p><img src="/images/loaded.png"></p>';
    const [pending, loaded] = [document.querySelector('div img') as HTMLImageElement, document.querySelector('p img') as HTMLImageElement];
    expect(pendingLazySource(pending, BASE)).toBe('http://127.0.0.1:8080/images/ice.png');
    expect(pendingLazySource(loaded, BASE)).toBeNull();
  });

  it('a noscript holding only an image is read when no placeholder stands for it, not beside one', () => {
    // happy-dom parses noscript content as markup, as a browser does with scripting off.
    document.body.innerHTML = `<figure><div class="lazy-box"></div><noscript><img src="/images/float.jpg" alt="Float"></noscript></figure>
      <figure><img src="${GIF_1X1}" alt="Mast"><noscript><img src="/images/mast.jpg" alt="Mast"></noscript></figure><p>Enough text for the page.</p>`;
    const read = [...noscriptsToRead(document)];
    expect(read.map((el) => el.querySelector('img')?.getAttribute('src'))).toEqual(['/images/float.jpg']);
  });
});
