// @vitest-environment jsdom
// DOMPurify does not work under happy-dom (cure53/DOMPurify#1457, capricorn86/happy-dom#1629): it drops elements and
// skips the rest of the tree, so sanitising is tested under jsdom, the DOM DOMPurify supports outside browsers.
import { describe, expect, it } from 'vitest';
import { renderArticleHtml } from '../../../src/render/article';
import { buildExtraction, kept, removed, sampleArticle } from './fixtures';
import '../../../src/render/temml-tex';

function parse(html: string): HTMLElement {
  return new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html').body;
}

describe('renderArticleHtml', () => {
  it('drops removed blocks by default and keeps the kept ones, each with data-pith-block', () => {
    const body = parse(renderArticleHtml(sampleArticle(), { showRemoved: false }));
    const text = body.textContent ?? '';
    expect(text).toContain('Sunlight is scattered by the air.');
    expect(text).toContain('Blue light is scattered more');
    for (const gone of ['Home', 'World', 'Share this story', 'Subscribe to our newsletter', 'Copyright 2024']) {
      expect(text).not.toContain(gone);
    }
    const ids = Array.from(body.querySelectorAll('[data-pith-block]')).map((el) => el.getAttribute('data-pith-block'));
    expect(ids).toEqual(['2', '3', '4', '5', '6', '7', '9']);
    expect(body.querySelector('.pith-removed')).toBeNull();
  });

  it('keeps removed blocks in place, marked with class, reason, stage and tabindex, when showRemoved', () => {
    const body = parse(renderArticleHtml(sampleArticle(), { showRemoved: true }));
    const share = body.querySelector('[data-pith-block="8"]');
    expect(share).not.toBeNull();
    expect(share?.classList.contains('pith-removed')).toBe(true);
    expect(share?.getAttribute('data-reason')).toBe('Link-dense sharing widget');
    expect(share?.getAttribute('data-stage')).toBe('structure');
    expect(share?.getAttribute('tabindex')).toBe('0');
    const removedIds = Array.from(body.querySelectorAll('.pith-removed')).map((el) => el.getAttribute('data-pith-block'));
    expect(removedIds).toEqual(['0', '1', '8', '10', '11']);
    // Kept blocks are not marked, and document order is kept.
    expect(body.querySelector('[data-pith-block="3"]')?.classList.contains('pith-removed')).toBe(false);
    const order = Array.from(body.querySelectorAll('[data-pith-block]')).map((el) => Number(el.getAttribute('data-pith-block')));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('prunes containers left without content', () => {
    const body = parse(renderArticleHtml(sampleArticle(), { showRemoved: false }));
    expect(body.querySelector('nav')).toBeNull();
    expect(body.querySelector('aside')).toBeNull();
    expect(body.querySelector('footer')).toBeNull();
    expect(body.querySelector('ul')).toBeNull();
    // The share box only held a removed block (and a script): gone entirely.
    for (const div of Array.from(body.querySelectorAll('div'))) expect(div.querySelector('[data-pith-block]')).not.toBeNull();
    // With removed content shown, the containers stay (as plain divs: the page's landmarks mean nothing in the reader).
    const shown = parse(renderArticleHtml(sampleArticle(), { showRemoved: true }));
    expect(shown.querySelector('nav, aside, footer, article')).toBeNull();
    expect(shown.querySelector('ul [data-pith-block="0"]')).not.toBeNull();
    expect(shown.querySelector('div > div > p[data-pith-block="10"]')).not.toBeNull();
  });

  it('keeps kept blocks nested in a removed block, without the removed block own text', () => {
    const extraction = buildExtraction({
      html: '<ul><li data-pith-block="0">Menu <ul><li data-pith-block="1">Real item</li></ul></li></ul><p data-pith-block="2">Body</p>',
      decisions: { 0: removed('Menu'), 1: kept(), 2: kept() },
    });
    const body = parse(renderArticleHtml(extraction, { showRemoved: false }));
    expect(body.textContent).toContain('Real item');
    expect(body.textContent).not.toContain('Menu');
  });

  it('keeps only the pictures of a block kept as its picture only, with the figure and link around them', () => {
    const extraction = buildExtraction({
      html:
        '<figure data-pith-block="0"><a href="/big/dune.jpg"><picture><source srcset="/img/dune.webp"><img src="/img/dune.jpg" alt="A dune"></picture></a>' +
        '<figcaption>Sand after the storm. <em>Photo: Ola Brek</em></figcaption></figure><p data-pith-block="1">The dunes moved.</p>',
      decisions: { 0: { ...kept('The lead picture under the article’s title', 'structure'), pictureOnly: true }, 1: kept() },
    });
    for (const showRemoved of [false, true]) {
      const body = parse(renderArticleHtml(extraction, { showRemoved }));
      expect(body.querySelector('figure[data-pith-block="0"] a picture img')?.getAttribute('alt')).toBe('A dune');
      expect(body.querySelector('figcaption')).toBeNull();
      expect(body.textContent).not.toContain('Sand after');
      expect(body.textContent).toContain('The dunes moved.');
    }
  });

  it('treats blocks without a decision as removed, and drops text outside every block', () => {
    const extraction = buildExtraction({
      html: '<div>Stray text<p data-pith-block="0">Kept</p><p data-pith-block="1">Undecided</p><img src="/pixel.gif"></div>',
      decisions: { 0: kept() },
    });
    const body = parse(renderArticleHtml(extraction, { showRemoved: false }));
    expect(body.textContent?.trim()).toBe('Kept');
    expect(body.querySelector('img')).toBeNull();
    const shown = parse(renderArticleHtml(extraction, { showRemoved: true }));
    expect(shown.querySelector('[data-pith-block="1"]')?.getAttribute('data-reason')).toMatch(/No decision/);
  });

  it('never lets scripts, event handlers, styles, forms or javascript: URLs through', () => {
    const extraction = buildExtraction({
      html: `<div data-pith-block="0" onmouseover="x()"><p>Text <a href="javascript:alert(1)">a</a> <a href=" JaVa&#x09;ScRiPt:alert(2)">b</a>
<img src="x.png" onerror="alert(3)"><img src="javascript:alert(4)"><iframe src="https://evil.example/"></iframe>
<script>alert(5)</script><style>p{}</style><form action="/x"><input name="q"><button>Go</button></form>
<svg><script>alert(6)</script><a href="javascript:alert(7)"><text>t</text></a></svg>
<a href="data:text/html,<script>alert(8)</script>">d</a><img src="data:text/html;base64,PHNjcmlwdD4=">
<img src="data:image/png;base64,iVBORw0KGgo=" alt="ok"><span style="color:red">styled</span></p></div>`,
      decisions: { 0: kept() },
    });
    for (const showRemoved of [false, true]) {
      const html = renderArticleHtml(extraction, { showRemoved });
      expect(html).not.toMatch(/<script|<style|<form|<input|<button|<iframe/i);
      expect(html).not.toMatch(/javascript:/i);
      expect(html).not.toMatch(/\son[a-z]+=/i);
      expect(html).not.toMatch(/data:text/i);
      expect(html).not.toMatch(/style=/i);
      const body = parse(html);
      const images = Array.from(body.querySelectorAll('img')).map((img) => img.getAttribute('src'));
      expect(images).toContain('https://example.com/articles/x.png');
      expect(images).toContain('data:image/png;base64,iVBORw0KGgo=');
      // The embedded frame became a plain link to what it embedded.
      expect(body.querySelector('a[href="https://evil.example/"]')?.textContent).toMatch(/Embedded content from evil\.example/);
    }
  });

  it('makes image and link URLs absolute against the page URL', () => {
    const body = parse(renderArticleHtml(sampleArticle(), { showRemoved: false }));
    expect(body.querySelector('img')?.getAttribute('src')).toBe('https://news.example.org/2024/05/sky/img/sky.jpg');
    expect(body.querySelector('a')?.getAttribute('href')).toBe('https://news.example.org/2024/physics/light.html');
    const srcset = buildExtraction({
      url: 'https://a.example/dir/page',
      html: '<p data-pith-block="0"><img src="//cdn.example/i.png" srcset="s.png 1x, /l.png 2x"> <a href="#note">n</a></p>',
      decisions: { 0: kept() },
    });
    const img = parse(renderArticleHtml(srcset, { showRemoved: false })).querySelector('img');
    expect(img?.getAttribute('src')).toBe('https://cdn.example/i.png');
    expect(img?.getAttribute('srcset')).toBe('https://a.example/dir/s.png 1x, https://a.example/l.png 2x');
  });

  it('strips presentational attributes but keeps meaningful ones', () => {
    const html = renderArticleHtml(sampleArticle(), { showRemoved: false });
    expect(html).not.toMatch(/\sclass="(?!language-)/);
    expect(html).not.toMatch(/\s(id|align|bgcolor|cellpadding)=/);
    const body = parse(html);
    expect(body.querySelector('table')?.hasAttribute('width')).toBe(false);
    expect(body.querySelector('img')?.getAttribute('width')).toBe('800');
    expect(body.querySelector('img')?.getAttribute('alt')).toBe('A blue sky');
    expect(body.querySelector('figure figcaption')?.textContent).toBe('The sky at noon.');
    expect(body.querySelectorAll('table th')).toHaveLength(2);
    expect(body.querySelector('pre > code')?.getAttribute('class')).toBe('language-python');
  });

  it('keeps MathML with its TeX annotation and drops KaTeX visual duplicates', () => {
    const extraction = buildExtraction({
      html: `<p data-pith-block="0">Energy: <span class="katex"><span class="katex-mathml"><math><semantics><mrow><mi>E</mi><mo>=</mo><mi>m</mi><msup><mi>c</mi><mn>2</mn></msup></mrow><annotation encoding="application/x-tex">E=mc^2</annotation></semantics></math></span><span class="katex-html" aria-hidden="true">VISUAL-DUPLICATE</span></span></p>`,
      decisions: { 0: kept() },
    });
    const body = parse(renderArticleHtml(extraction, { showRemoved: false }));
    const math = body.querySelector('math');
    expect(math).not.toBeNull();
    expect(math?.querySelector('annotation')?.textContent).toBe('E=mc^2');
    expect(body.textContent).not.toContain('VISUAL-DUPLICATE');
    expect(body.querySelector('span')).toBeNull();
  });

  it('can omit the heading that repeats the title', () => {
    const body = parse(renderArticleHtml(sampleArticle(), { showRemoved: false, omitTitleHeading: true }));
    expect(body.querySelector('h1')).toBeNull();
    expect(body.textContent).toContain('Sunlight');
  });

  it('omits the title each time the page repeats it at the top (a sticky header and the story), not a later heading', () => {
    const extraction = buildExtraction({
      metadata: { title: 'Tide Tables of the North Sea' },
      html: `<body><header><h1 data-pith-block="0">Tide Tables of the North Sea</h1></header><article><h1 data-pith-block="1">Tide Tables of the North Sea</h1>
        <p data-pith-block="2">Harbour masters have printed them since the eighteenth century.</p><h2 data-pith-block="3">Tide Tables of the North Sea</h2><p data-pith-block="4">Later.</p></article></body>`,
      decisions: { 0: kept(), 1: kept(), 2: kept(), 3: kept(), 4: kept() },
    });
    const body = parse(renderArticleHtml(extraction, { showRemoved: false, omitTitleHeading: true }));
    expect(body.querySelector('h1')).toBeNull();
    expect(body.querySelector('h2')?.textContent).toBe('Tide Tables of the North Sea');
    expect(body.textContent).toContain('eighteenth century');
  });
});
