/**
 * Readability reads a prepared copy of the page: every block marked, styles and scripts copied empty (Readability
 * removes them unread), JSON-LD kept (it reads the title from it), the live page untouched. And the snapshot's copy
 * tree, which the footnote rule reads instead of parsing `snapshot.html` again, is what `snapshot.html` says.
 */
import { describe, expect, it } from 'vitest';
import { keptText } from '../../../src/decisions/record';
import { markedPageClone } from '../../../src/fallback/marked-clone';
import { extractPage } from '../../../src/pipeline/extract-page';
import { runReadabilityOnSnapshot } from '../../../src/fallback/readability';
import { copyTree } from '../../../src/snapshot/copy-tree';
import { takeSnapshot } from '../../../src/snapshot/take-snapshot';

const ARTICLE = Array.from({ length: 6 }, (_, i) => `<p>Paragraph ${i + 1} of the article, long enough to count as prose for the extractor, with a comma, and more words after it.</p>`).join('');

function setUpPage(): void {
  document.head.innerHTML = `<title>Fixture</title><style>${'.x{color:red}'.repeat(2000)}</style>
    <script type="application/ld+json">{"@type":"NewsArticle","headline":"The fixture headline"}</script>`;
  document.body.innerHTML = `<nav><a href="/a">Home</a> <a href="/b">News</a> <a href="javascript:void(0)">Menu</a></nav>
    <script>window.notRun = ${'1+'.repeat(500)}1;</script>
    <article><h1>The fixture headline</h1>${ARTICLE}<p>See <a href="#fn1">note 1</a>.</p></article>
    <ol><li id="fn1">The note the article refers to.</li></ol>`;
}

describe('the copy Readability reads', () => {
  it('has the blocks marked, styles and plain scripts empty, JSON-LD whole, and leaves the page as it was', () => {
    setUpPage();
    const before = document.documentElement.outerHTML;
    const { snapshot, dom } = takeSnapshot(document);
    const clone = markedPageClone(document, dom);
    expect(document.documentElement.outerHTML).toBe(before);
    expect(clone.querySelector('style')?.textContent).toBe('');
    expect(clone.querySelector('body script')?.textContent).toBe('');
    expect(clone.querySelector('script[type="application/ld+json"]')?.textContent).toContain('The fixture headline');
    const marked = new Set(Array.from(clone.querySelectorAll('[data-pith-block]'), (el) => Number(el.getAttribute('data-pith-block'))));
    expect(marked).toEqual(new Set(snapshot.blocks.map((b) => b.id)));

    const verdict = runReadabilityOnSnapshot(snapshot, undefined, () => markedPageClone(document, dom));
    const keptText = snapshot.blocks.filter((b) => verdict.kept?.has(b.id)).map((b) => b.text).join('\n');
    expect(keptText).toContain('Paragraph 6 of the article');
    expect(keptText).not.toContain('Home');
  });

  it('reads the snapshot\'s copy when the marked copy cannot be made, and says why', () => {
    setUpPage();
    const { snapshot } = takeSnapshot(document);
    const verdict = runReadabilityOnSnapshot(snapshot, undefined, () => {
      throw new Error('the page went away');
    });
    const keptText = snapshot.blocks.filter((b) => verdict.kept?.has(b.id)).map((b) => b.text).join('\n');
    expect(keptText).toContain('Paragraph 6 of the article');
    expect(verdict.copyFailed).toBe('Error: the page went away');
    expect(runReadabilityOnSnapshot(snapshot, undefined, () => markedPageClone(document, takeSnapshot(document).dom)).copyFailed).toBeUndefined();
  });

  it('lets Readability read a post the page shows in an overlay it marks hidden from screen readers, not a small hidden duplicate', () => {
    document.head.innerHTML = '<title>Letter</title>';
    document.body.innerHTML = `<div class="banner"><a href="/news">Announcing things</a></div>
      <div class="overlay" aria-hidden="true"><div role="dialog" aria-label="Posts">
        <p>From: The team</p><div class="letter-body">${ARTICLE}</div></div></div>
      <div aria-hidden="true"><p>A decorative copy of the headline, repeated for an animation, long enough to be read as a paragraph.</p></div>
      <nav><a href="/about">About</a> <a href="/posts">Posts</a></nav>`;
    const { snapshot, dom } = takeSnapshot(document);
    const verdict = runReadabilityOnSnapshot(snapshot, undefined, () => markedPageClone(document, dom));
    const keptText = snapshot.blocks.filter((b) => verdict.kept?.has(b.id)).map((b) => b.text).join('\n');
    expect(keptText).toContain('Paragraph 1 of the article');
    expect(keptText).toContain('Paragraph 6 of the article');
    expect(keptText).not.toContain('decorative copy');
    expect(document.querySelector('.overlay')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('reads the article of a page that keeps itself invisible until its scripts run, and the reader shows it', async () => {
    document.head.innerHTML = '<title>Tide tables</title>';
    document.body.innerHTML = `<div id="app"><div style="visibility:hidden;min-height:100vh">
      <header><nav><a href="/">Home</a> <a href="/guides">Guides</a> <a href="/maps">Maps</a></nav></header>
      <main><h1>Reading a tide table</h1>${ARTICLE}</main>
      <footer><a href="/terms">Terms</a> <a href="/privacy">Privacy</a></footer></div></div>`;
    const { snapshot, dom } = takeSnapshot(document);
    expect(snapshot.blocks.some((b) => b.visible && b.text.trim())).toBe(false); // nothing on screen until scripts run
    const verdict = runReadabilityOnSnapshot(snapshot, undefined, () => markedPageClone(document, dom));
    const readabilityText = snapshot.blocks.filter((b) => verdict.kept?.has(b.id)).map((b) => b.text).join('\n');
    expect(readabilityText).toContain('Paragraph 6 of the article');
    expect(readabilityText).not.toContain('Privacy');
    const extraction = await extractPage(document);
    const reader = keptText(extraction.snapshot.blocks, extraction.record);
    expect(reader).toContain('Paragraph 1 of the article');
    expect(reader).toContain('Paragraph 6 of the article');
    expect(reader).not.toContain('Guides');
    expect((document.querySelector('#app > div') as HTMLElement).style.visibility).toBe('hidden'); // the page itself is untouched
  });

  it('leaves an invisible part of a visible page invisible to Readability, even when it is as long as the rest', () => {
    document.head.innerHTML = '<title>Half hidden</title>';
    document.body.innerHTML = `<article><h1>A visible story</h1>${ARTICLE}
      <div style="visibility:hidden">${ARTICLE.replace(/Paragraph/g, 'A tooltip the page shows on hover')}</div></article>`;
    const { snapshot, dom } = takeSnapshot(document);
    const verdict = runReadabilityOnSnapshot(snapshot, undefined, () => markedPageClone(document, dom));
    const keptText = snapshot.blocks.filter((b) => verdict.kept?.has(b.id)).map((b) => b.text).join('\n');
    expect(keptText).toContain('Paragraph 6 of the article');
    expect(keptText).not.toContain('A tooltip the page shows');
  });

  it('marks blocks deep in nested markup and the inline runs between them, each on its own text', () => {
    const tag = 'pith-widget';
    document.head.innerHTML = '<title>Nested</title>';
    document.body.innerHTML = `<div class="page"><div class="wrap"><section><div>Loose text before the first paragraph, long enough to be read.
      <p>${ARTICLE}</p> text between two paragraphs <b>in bold</b> and after it.<${tag}><p>Inside a widget, a paragraph.</p></${tag}>
      </div></section></div><footer><div><span>Footer words</span></div></footer></div>`;
    const { snapshot, dom } = takeSnapshot(document);
    const clone = markedPageClone(document, dom);
    const marked = new Set(Array.from(clone.querySelectorAll('[data-pith-block]'), (el) => Number(el.getAttribute('data-pith-block'))));
    expect(marked).toEqual(new Set(snapshot.blocks.map((b) => b.id)));
    // Each block's mark sits on the copy of its own text.
    for (const block of snapshot.blocks) {
      const text = Array.from(clone.querySelectorAll(`[data-pith-block="${block.id}"]`), (el) => el.textContent ?? '').join(' ');
      expect(text.replace(/\s+/g, ' ')).toContain(block.text.slice(0, 20));
    }
  });

  it('marks each block on its own text when a lazy image among the paragraphs loses its noscript twin', () => {
    document.head.innerHTML = '<title>Lazy</title>';
    const photo = '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="/photo.jpg" alt="A photo"><noscript><img src="/photo.jpg" alt="A photo"></noscript>';
    document.body.innerHTML = `<article><h1>Lazy pictures</h1>${ARTICLE}${photo}${ARTICLE.replaceAll('Paragraph', 'Section')}</article>`;
    const { snapshot, dom } = takeSnapshot(document);
    const clone = markedPageClone(document, dom);
    expect(clone.querySelector('noscript')).toBeNull();
    for (const block of snapshot.blocks.filter((b) => b.text.trim())) {
      const text = Array.from(clone.querySelectorAll(`[data-pith-block="${block.id}"]`), (el) => el.textContent ?? '').join(' ');
      expect(text.replace(/\s+/g, ' ')).toContain(block.text.slice(0, 20));
    }
  });

  it("the snapshot's copy tree serialises to snapshot.html", () => {
    setUpPage();
    const { snapshot } = takeSnapshot(document);
    expect(copyTree(snapshot).innerHTML).toBe(snapshot.html);
    // A snapshot from elsewhere (a message, a file) has no tree: its HTML is parsed, with every block's mark.
    const ids = (root: Element) => Array.from(root.querySelectorAll('[data-pith-block]'), (el) => el.getAttribute('data-pith-block'));
    expect(ids(copyTree({ ...snapshot }))).toEqual(ids(copyTree(snapshot)));
  });

  it("gives Readability the answers of a collapsed FAQ (aria-hidden until opened), not a closed dialog's text", () => {
    const answers = ['Rinse the bottle with warm water and a drop of washing-up liquid, then leave it upside down to dry with the cap off overnight.',
      'A filter cartridge lasts about two hundred litres, which for most walkers is a season of weekend trips, and it should be replaced sooner if the flow slows.',
      'Steel bottles keep drinks cold for a day and hot for half a day, and they do not take on the taste of what was in them before, unlike plastic ones.'];
    const faq = answers.map((answer, i) => `<h3><button aria-expanded="false" aria-controls="answer-${i}">Question ${i + 1}, about bottles?</button></h3>
      <div id="answer-${i}" aria-hidden="true"><p>${answer}</p></div>`).join('');
    document.head.innerHTML = '<title>Bottles</title>';
    document.body.innerHTML = `<main><h1>Looking after your bottle</h1>${ARTICLE}<h2>Questions</h2>${faq}</main>
      <div class="dialog" aria-hidden="true"><p>Your basket is empty, and this dialog only opens when something is added to it by the shop.</p></div>`;
    const { snapshot, dom } = takeSnapshot(document);
    const verdict = runReadabilityOnSnapshot(snapshot, undefined, () => markedPageClone(document, dom));
    const keptText = snapshot.blocks.filter((b) => verdict.kept?.has(b.id)).map((b) => b.text).join('\n');
    expect(keptText).toContain('Paragraph 6 of the article');
    for (const answer of answers) expect(keptText).toContain(answer);
    expect(keptText).not.toContain('Your basket is empty');
    // The live page keeps its attributes.
    expect(document.getElementById('answer-0')?.getAttribute('aria-hidden')).toBe('true');
  });
});
