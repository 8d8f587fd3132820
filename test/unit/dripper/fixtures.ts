import { decide, emptyRecord } from '../../../src/decisions/record';
import type { Extraction } from '../../../src/pipeline/types';
import type { PageSnapshot } from '../../../src/snapshot/types';
import { makeBlock } from '../../helpers/block';

const LONG = 'The river had carried silt for a thousand years before the first settlers dug their channels across the delta, and every spring the water rose a little higher against the levees that the village had built by hand, stone by stone, season after season.';

/** A small page in snapshot form: nav, header, a hidden note, an article with a long paragraph, an image and an inline run. */
export function fixtureSnapshot(): PageSnapshot {
  const texts = ['Home News Sport', 'Site name', 'Hidden promo', 'A river that remembers', LONG, 'Short second paragraph about the levees.', 'A photo of the delta', 'Ana · 3 comments', 'Related: other rivers'];
  const blocks = texts.map((t, i) => makeBlock(i, i === 3 ? 'heading' : 'text', t));
  blocks[2].visible = false;
  const html = `
    <nav class="top" data-pith-block-x="1"><ul><li data-pith-block="0" style="color:red">Home News Sport</li></ul></nav>
    <div class="masthead"><header><p data-pith-block="1">Site name</p></header></div>
    <div hidden><p data-pith-block="2">Hidden promo</p></div>
    <main id="content" data-track="x" onclick="">
      <article class="post entry" itemprop="articleBody">
        <h1 data-pith-block="3" class="title" title="tooltip">A river that remembers</h1>
        <p data-pith-block="4" lang="en"><b>${LONG.slice(0, 20)}</b>${LONG.slice(20)}</p>
        <p data-pith-block="5">Short second paragraph about the levees.</p>
        <figure data-pith-block="6"><img src="data:image/png;base64,${'A'.repeat(400)}" alt="A photo of the delta" width="10" loading="lazy"></figure>
        <div class="meta"><span data-pith-block="7">Ana · 3 comments</span></div>
      </article>
      <aside class="related"><p data-pith-block="8">Related: other rivers</p></aside>
    </main>`;
  return {
    url: 'http://127.0.0.1/river',
    lang: 'en',
    dir: 'ltr',
    metadata: { title: 'A river that remembers', description: '', byline: '', siteName: '', publishedTime: '', canonicalUrl: '', image: '', openGraph: {}, jsonLd: {}, keywords: [] },
    viewport: { width: 1280, height: 800 },
    document: { width: 1280, height: 2000 },
    styled: true,
    nodes: [],
    blocks,
    links: [],
    html,
    stats: { elements: 20, textNodes: 10, ms: 1, truncated: false },
  };
}

/** The fixture page with every visible block kept by a structural stage. */
export function fixtureExtraction(): Extraction {
  const snapshot = fixtureSnapshot();
  const record = emptyRecord();
  for (const block of snapshot.blocks) {
    decide(record, { block: block.id, kept: block.visible, stage: 'gce', reason: 'inside', evidence: { kind: 'main-container', container: 1 } });
  }
  return { snapshot, record, mainNode: 1, mode: 'Layout (GCE, M3 best)', timings: { total: 1 } };
}

/** A page of `n` paragraphs, for chunking. */
export function longSnapshot(n: number): PageSnapshot {
  const page = fixtureSnapshot();
  const blocks = Array.from({ length: n }, (_, i) => makeBlock(i, 'text', `Paragraph ${i} of the long page, with some words in it.`));
  const html = `<main><div class="body">${blocks.map((b) => `<p data-pith-block="${b.id}">${b.text}</p>`).join('')}</div></main>`;
  return { ...page, blocks, html };
}
