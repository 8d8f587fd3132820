// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { codeInTextDecisions } from '../../../src/structure/code-in-text';
import { figureInTextDecisions } from '../../../src/structure/figures-in-text';
import { formulaInTextDecisions } from '../../../src/structure/formulas-in-text';
import { referencedNoteDecisions } from '../../../src/structure/referenced-notes';
import { tableInTextDecisions } from '../../../src/structure/tables-in-text';
import { decide, emptyRecord } from '../../../src/decisions/record';
import { readabilityDecision } from '../../../src/fallback/readability';
import { rect, SnapshotBuilder } from '../gce/builders';
import { buildExtraction, kept, removed } from '../render/fixtures';
import '../../../src/render/temml-tex';

const URL = 'https://notes.example.org/post.html';
const readabilityDrop = removed('Inside the main content area, but the page structure marks it as boilerplate (Readability)', 'readability', {
  evidence: { kind: 'structural-extractor', extractor: 'readability', kept: false },
});

describe('footnotes the article refers to', () => {
  const html = `<p data-pith-block="0">Claim<sup><a href="${URL}#n1">1</a></sup>.</p>
    <aside id="n1" role="doc-footnote"><p data-pith-block="1">The note.</p></aside>
    <aside id="n2" role="doc-footnote"><p data-pith-block="2">A note nobody kept refers to.</p></aside>
    <p data-pith-block="3">Removed<sup><a href="${URL}#n2">2</a></sup>.</p>`;

  it('are kept when a kept block refers to them, with the reason and the referring block', () => {
    const { snapshot, record } = buildExtraction({ html, url: URL, decisions: { 0: kept(), 1: readabilityDrop, 2: readabilityDrop, 3: removed() } });
    const decisions = referencedNoteDecisions(snapshot, record);
    expect(decisions.map((d) => d.block)).toEqual([1]);
    expect(decisions[0]).toMatchObject({ kept: true, stage: 'structure', evidence: { kind: 'footnote', references: [0] } });
    expect(decisions[0].reason).toMatch(/Footnote 1, which the article refers to/);
  });

  it('are found behind the longest reference a note link may carry (a marked note reference, "[ iv.a ]"), with no superscript in the page', () => {
    const marked = `<p data-pith-block="0">Claim<a role="doc-noteref" href="${URL}#n1"> [ iv.a ] </a>.</p>
      <aside id="n1" role="doc-footnote"><p data-pith-block="1">The note.</p></aside>`;
    const { snapshot, record } = buildExtraction({ html: marked, url: URL, decisions: { 0: kept(), 1: readabilityDrop } });
    expect(referencedNoteDecisions(snapshot, record).map((d) => d.block)).toEqual([1]);
  });

  it('stay removed when hidden', () => {
    const { snapshot, record } = buildExtraction({ html, url: URL, decisions: { 0: kept(), 1: removed('Hidden', 'gce', { evidence: { kind: 'hidden' } }) } });
    expect(referencedNoteDecisions(snapshot, record)).toEqual([]);
  });
});

describe('formulas between kept paragraphs', () => {
  const html = `<p data-pith-block="0">Before the formula.</p><math data-pith-block="1" display="block"><mi>x</mi></math><p data-pith-block="2">After it.</p>
    <p data-pith-block="3">Sidebar text.</p><math data-pith-block="4" display="block"><mi>y</mi></math><p data-pith-block="5">Footer.</p>`;
  it('are kept when the structural extractor dropped them between kept text; not elsewhere', () => {
    const { snapshot, record } = buildExtraction({
      html,
      decisions: { 0: kept(), 1: readabilityDrop, 2: kept(), 3: removed(), 4: readabilityDrop, 5: removed() },
    });
    const decisions = formulaInTextDecisions(snapshot, record);
    expect(decisions.map((d) => [d.block, d.kept])).toEqual([[1, true]]);
  });
});

describe('paragraphs of formula images and formula-only paragraphs', () => {
  const tex = (t: string) => `<img src="https://s0.wp.com/latex.php?latex=${encodeURIComponent(t)}&amp;bg=ffffff" alt="${t}" class="latex">`;
  it('a run of paragraphs whose pictures are all formulas is kept between kept text; one with a photo is not', () => {
    const html = `<p data-pith-block="0">Hermitian matrices can be added.</p>
      <p data-pith-block="1">Take ${tex('A, B')} and form ${tex('\\lambda A + \\mu B')} for real numbers.</p>
      <li data-pith-block="2">the real symmetric matrices of dimension ${tex('n')};</li>
      <p data-pith-block="3">The product is commutative.</p>
      <p data-pith-block="4">A photo <img src="https://notes.example.org/photo.jpg" alt="The lab"> of the lab.</p>
      <p data-pith-block="5">Kept text after the photo.</p>`;
    const { snapshot, record } = buildExtraction({ html, decisions: { 0: kept(), 1: readabilityDrop, 2: readabilityDrop, 3: kept(), 4: readabilityDrop, 5: kept() } });
    // The snapshot lists each block's pictures (the fixture builder does not).
    const doc = new DOMParser().parseFromString(html, 'text/html');
    for (const block of snapshot.blocks) {
      const imgs = Array.from(doc.querySelectorAll(`[data-pith-block="${block.id}"] img`));
      block.images = imgs.map((img) => ({ src: (img as HTMLImageElement).src, alt: img.getAttribute('alt') ?? '', width: 40, height: 16 }));
    }
    expect(formulaInTextDecisions(snapshot, record).map((d) => d.block)).toEqual([1, 2]);
  });

  it('a formula-only paragraph that ends the page after kept text is kept; one after removed text is not', () => {
    const formula = (id: number) => `<p data-pith-block="${id}"><span class="math-block" data-math="x = \\frac{-b}{2a}"><span class="katex-html">x=−b2a</span></span></p>`;
    const keptEnd = buildExtraction({ html: `<h3 data-pith-block="0">Quadratic formula</h3>${formula(1)}`, decisions: { 0: kept(), 1: readabilityDrop } });
    expect(formulaInTextDecisions(keptEnd.snapshot, keptEnd.record).map((d) => d.block)).toEqual([1]);
    const removedEnd = buildExtraction({ html: `<h3 data-pith-block="0">Related</h3>${formula(1)}`, decisions: { 0: removed(), 1: readabilityDrop } });
    expect(formulaInTextDecisions(removedEnd.snapshot, removedEnd.record)).toEqual([]);
  });
});

describe('data tables between kept paragraphs', () => {
  /** An article of paragraphs around a table of links and a box beside them holding another table; a third table in the page's footer. */
  function listPage() {
    const b = new SnapshotBuilder();
    const article = b.node(b.body, 'div', rect(0, 0, 700, 2000));
    const intro = b.paragraph(article, rect(0, 0, 700, 50), 'The prize has been awarded since 1901 to the people listed below.');
    const heading = b.block(b.node(article, 'h2', rect(0, 60, 700, 30)), rect(0, 60, 700, 30), 'List of laureates', { kind: 'heading' });
    const table = b.block(b.node(article, 'table', rect(0, 100, 700, 1500)), rect(0, 100, 700, 1500), 'Year Physics Chemistry 1901 Röntgen van ’t Hoff', { kind: 'table', linkText: 36 });
    const aside = b.node(article, 'aside', rect(720, 100, 200, 400));
    const asideTable = b.block(b.node(aside, 'table', rect(720, 100, 200, 300)), rect(720, 100, 200, 300), 'Prize amounts 1901 2023', { kind: 'table', linkText: 0 });
    const after = b.paragraph(article, rect(0, 1620, 700, 50), 'The committee does not disclose the nominations for fifty years.');
    const footer = b.node(b.body, 'footer', rect(0, 2100, 700, 300));
    const footerTable = b.block(b.node(footer, 'table', rect(0, 2100, 700, 200)), rect(0, 2100, 700, 200), 'Prizes Physics Chemistry Peace', { kind: 'table', linkText: 30 });
    const note = b.paragraph(footer, rect(0, 2310, 700, 40), 'Text is available under a licence.');
    const snapshot = b.build();
    const record = emptyRecord();
    for (const id of [intro, heading, after]) decide(record, readabilityDecision(id, true));
    for (const id of [table, asideTable, footerTable, note]) decide(record, readabilityDecision(id, false));
    return { snapshot, record, table, after };
  }

  it('are kept when the structural extractor dropped them among the article’s own paragraphs; not in a box beside them or after them', () => {
    const { snapshot, record, table } = listPage();
    const decisions = tableInTextDecisions(snapshot, record);
    expect(decisions.map((d) => [d.block, d.kept])).toEqual([[table, true]]);
    expect(decisions[0]!.reason).toMatch(/data table between kept paragraphs/);
  });

  it('stay removed when no kept paragraph of the article follows them', () => {
    const { snapshot, record, after } = listPage();
    decide(record, readabilityDecision(after, false));
    expect(tableInTextDecisions(snapshot, record)).toEqual([]);
  });
});

describe('code samples between kept paragraphs', () => {
  /** A guide whose samples sit in frames of their own (a file name, a copy button), one after the guide's last paragraph. */
  function guidePage() {
    const b = new SnapshotBuilder();
    const article = b.node(b.body, 'article', rect(0, 0, 700, 2000));
    const intro = b.paragraph(article, rect(0, 0, 700, 50), 'Each service joins the default network and is reachable by its name.');
    const frame = b.node(b.node(article, 'div', rect(0, 60, 700, 200), { hint: 'code-sample' }), 'div', rect(0, 60, 700, 200));
    const fileName = b.block(frame, rect(0, 60, 700, 20), 'compose.yaml');
    const sample = b.block(b.node(frame, 'pre', rect(0, 80, 700, 160)), rect(0, 80, 700, 160), 'services:\n  web:\n    build: .', { kind: 'code' });
    const second = b.block(b.node(frame, 'pre', rect(0, 250, 700, 60)), rect(0, 250, 700, 60), 'docker compose up', { kind: 'code' });
    const copy = b.block(frame, rect(0, 320, 700, 20), 'Copy');
    const after = b.paragraph(article, rect(0, 360, 700, 50), 'The web service reaches the database at the host name db.');
    const tail = b.block(b.node(article, 'pre', rect(0, 420, 700, 60)), rect(0, 420, 700, 60), 'docker compose down', { kind: 'code' });
    const promo = b.paragraph(article, rect(0, 500, 700, 50), 'Try our hosted registry free for thirty days, no card needed at all.');
    const snapshot = b.build();
    const record = emptyRecord();
    for (const id of [intro, after]) decide(record, readabilityDecision(id, true));
    for (const id of [fileName, sample, second, copy, tail, promo]) decide(record, readabilityDecision(id, false));
    return { snapshot, record, sample, second, after };
  }

  it('are kept, a row of them, when the structural extractor dropped them in the article’s run of text; not after its end', () => {
    const { snapshot, record, sample, second } = guidePage();
    const decisions = codeInTextDecisions(snapshot, record);
    expect(decisions.map((d) => [d.block, d.kept])).toEqual([
      [sample, true],
      [second, true],
    ]);
    expect(decisions[0]!.reason).toMatch(/code sample between kept paragraphs/);
  });

  it('stay removed when no kept paragraph follows them', () => {
    const { snapshot, record, after } = guidePage();
    decide(record, readabilityDecision(after, false));
    expect(codeInTextDecisions(snapshot, record)).toEqual([]);
  });
});

describe('pictures between kept paragraphs', () => {
  /** An article with a row of two thumbnails and their link captions between its paragraphs; an icon and a picture after the article. */
  function rowPage() {
    const b = new SnapshotBuilder();
    const article = b.node(b.body, 'div', rect(0, 0, 700, 2000));
    const intro = b.paragraph(article, rect(0, 0, 700, 50), 'The survey used two kinds of instrument, shown below.');
    const row = b.node(article, 'div', rect(0, 60, 700, 200));
    const cells = [0, 1].map((i) => b.node(row, 'div', rect(i * 350, 60, 340, 200)));
    const first = b.block(b.node(cells[0], 'p', rect(0, 60, 200, 150)), rect(0, 60, 200, 150), '', { kind: 'image', images: 1 });
    const firstCaption = b.block(b.node(cells[0], 'p', rect(0, 215, 300, 20)), rect(0, 215, 300, 20), 'The float gauge', { linkText: 5 });
    const second = b.block(b.node(cells[1], 'p', rect(350, 60, 200, 150)), rect(350, 60, 200, 150), '', { kind: 'image', images: 1 });
    const secondCaption = b.block(b.node(cells[1], 'p', rect(350, 215, 300, 20)), rect(350, 215, 300, 20), 'A pressure sensor', { linkText: 8 });
    const after = b.paragraph(article, rect(0, 280, 700, 50), 'Both were calibrated against the tide pole every morning.');
    const footer = b.node(b.body, 'footer', rect(0, 2100, 700, 300));
    const icon = b.block(b.node(footer, 'p', rect(0, 2100, 32, 32)), rect(0, 2100, 32, 32), '', { kind: 'image', images: 1 });
    const banner = b.block(b.node(footer, 'p', rect(0, 2140, 600, 200)), rect(0, 2140, 600, 200), '', { kind: 'image', images: 1 });
    const snapshot = b.build();
    for (const block of snapshot.blocks) block.images = block.images.map((i) => ({ ...i, width: block.rect.width, height: block.rect.height }));
    const record = emptyRecord();
    for (const id of [intro, second, after]) decide(record, readabilityDecision(id, true));
    for (const id of [first, firstCaption, secondCaption, icon, banner]) decide(record, readabilityDecision(id, false));
    return { snapshot, record, first, firstCaption, secondCaption, after };
  }

  it('are kept with their caption when the structural extractor dropped them inside the article; not after it', () => {
    const { snapshot, record, first, firstCaption, secondCaption } = rowPage();
    const decisions = figureInTextDecisions(snapshot, record);
    expect(decisions.map((d) => [d.block, d.kept])).toEqual([
      [first, true],
      [firstCaption, true],
      [secondCaption, true],
    ]);
    expect(decisions[0]!.reason).toMatch(/picture between kept paragraphs/);
    expect(decisions[1]!.reason).toMatch(/caption of a picture/);
  });

  /** A short post whose picture follows its last paragraph in the post's card, then a like count, or a headline. */
  function closingPicturePage(after: string) {
    const b = new SnapshotBuilder();
    const card = b.node(b.body, 'div', rect(0, 0, 700, 900));
    const body = b.node(card, 'div', rect(0, 0, 700, 100));
    const text = b.paragraph(body, rect(0, 0, 700, 50), 'The river rose early this year and the camp moved twice.');
    const grid = b.node(card, 'div', rect(0, 120, 520, 390));
    const picture = b.block(grid, rect(0, 120, 520, 390), '', { kind: 'image', images: 1 });
    const next = b.paragraph(card, rect(0, 520, 700, 20), after);
    const snapshot = b.build();
    const record = emptyRecord();
    decide(record, readabilityDecision(text, true));
    for (const id of [picture, next]) decide(record, readabilityDecision(id, false));
    return { snapshot, record, picture };
  }

  it('are kept when they end the article in its wrapper, followed by controls only; not when a headline follows', () => {
    const closing = closingPicturePage('42 5');
    const decisions = figureInTextDecisions(closing.snapshot, closing.record);
    expect(decisions.map((d) => d.block)).toEqual([closing.picture]);
    expect(decisions[0]!.reason).toMatch(/picture that ends the article/);
    const teaser = closingPicturePage('How we rebuilt the gauge after the flood');
    expect(figureInTextDecisions(teaser.snapshot, teaser.record)).toEqual([]);
  });

  it('an image of unknown size (not loaded, no size declared: no box) counts as a picture, not as an icon', () => {
    const b = new SnapshotBuilder();
    const article = b.node(b.body, 'div', rect(0, 0, 700, 400));
    const before = b.paragraph(article, rect(0, 0, 700, 50), 'The flood line on the boathouse wall is the only record we have.');
    const photo = b.block(b.node(article, 'div', rect(0, 60, 700, 0)), rect(0, 60, 0, 0), '', { kind: 'image', images: 1 });
    const icon = b.block(b.node(article, 'p', rect(0, 60, 16, 16)), rect(0, 60, 16, 16), '', { kind: 'image', images: 1 });
    const after = b.paragraph(article, rect(0, 80, 700, 50), 'We painted it again this spring, a hand above the old mark.');
    const snapshot = b.build();
    snapshot.blocks[photo]!.images = snapshot.blocks[photo]!.images.map((i) => ({ ...i, width: 0, height: 0 }));
    snapshot.blocks[icon]!.images = snapshot.blocks[icon]!.images.map((i) => ({ ...i, width: 16, height: 16 }));
    const record = emptyRecord();
    for (const id of [before, after]) decide(record, readabilityDecision(id, true));
    for (const id of [photo, icon]) decide(record, readabilityDecision(id, false));
    expect(figureInTextDecisions(snapshot, record).map((d) => [d.block, d.kept])).toEqual([[photo, true]]);
  });

  it('stay removed when no kept paragraph follows them (a kept picture\'s caption still comes back)', () => {
    const { snapshot, record, after, secondCaption } = rowPage();
    decide(record, readabilityDecision(after, false));
    expect(figureInTextDecisions(snapshot, record).map((d) => d.block)).toEqual([secondCaption]);
  });
});

describe('a cover picture above the title', () => {
  /** A post header holding `picture` (in `frame`) and the title, then the kept body; the site's header above it all. */
  function coverPage(picture: { width: number; imageWidth?: number; frame?: string; textBetween?: boolean; beside?: boolean }) {
    const b = new SnapshotBuilder();
    const site = b.node(b.body, 'header', rect(0, 0, 1200, 60));
    const logo = b.block(site, rect(0, 0, 400, 60), '', { kind: 'image', images: 1 });
    const postHeader = b.node(b.body, 'div', rect(240, 80, 720, 500), { hint: 'post-header' });
    const frame = picture.frame ? b.node(postHeader, 'div', rect(240, 80, picture.width, 400), { hint: picture.frame }) : postHeader;
    // Beside the title: a product's gallery left of its name, from the same top.
    const cover = b.block(frame, rect(240, picture.beside ? 480 : 80, picture.width, 400), '', { kind: 'figure', images: 1 });
    const between = picture.textBetween ? b.paragraph(postHeader, rect(240, 480, 720, 20), 'Sponsored by the lake council') : -1;
    const titleNode = b.node(postHeader, 'h1', rect(240, 500, 720, 40));
    const title = b.block(titleNode, rect(240, 500, 720, 40), 'The storm on the lake', { kind: 'heading' });
    const body = b.node(b.body, 'div', rect(240, 600, 720, 400));
    const paragraphs = [0, 1, 2].map((i) => b.paragraph(body, rect(240, 600 + i * 100, 720, 80), `Paragraph ${i} of the post about the storm on the lake.`));
    const snapshot = b.build();
    // The picture's own box: its width, or an avatar's 55 × 46 inside a full-width wrapper.
    snapshot.blocks[cover]!.images[0] = { src: 'https://example.com/cover.jpg', alt: '', width: picture.imageWidth ?? picture.width, height: picture.imageWidth ? 46 : 400 };
    snapshot.metadata.title = 'The storm on the lake | Lake Log';
    const record = emptyRecord();
    for (const id of [logo, cover, title, ...(between >= 0 ? [between] : [])]) decide(record, readabilityDecision(id, false));
    for (const id of paragraphs) decide(record, readabilityDecision(id, true));
    return { snapshot, record, cover, logo };
  }

  it('is kept when it is wide for the article and right above the title heading, in the title\'s wrapper', () => {
    const page = coverPage({ width: 720 });
    const decisions = figureInTextDecisions(page.snapshot, page.record);
    expect(decisions.map((d) => d.block)).toEqual([page.cover]);
    expect(decisions[0]!.reason).toMatch(/cover picture above the article/);
  });

  it('stays removed when narrow (a logo, an avatar), in an advert frame, beside the title, or with text before the title', () => {
    const cases = [{ width: 200 }, { width: 720, imageWidth: 55 }, { width: 720, frame: 'ad-slot' }, { width: 720, textBetween: true }, { width: 720, beside: true }];
    for (const picture of cases) {
      const page = coverPage(picture);
      expect(figureInTextDecisions(page.snapshot, page.record), JSON.stringify(picture)).toEqual([]);
    }
  });
});
