import { describe, expect, it } from 'vitest';
import { decide, emptyRecord, keptText } from '../../../src/decisions/record';
import { readabilityDecision } from '../../../src/fallback/readability';
import { leadPictureDecisions } from '../../../src/structure/lead-picture';
import { rect, SnapshotBuilder } from '../gce/builders';

interface UnderTitle {
  /** The tag of the element that holds the title, the standfirst and the picture. */
  wrapperTag?: string;
  wrapperHint?: string;
  /** A frame (by its class) around the picture inside the header. */
  frame?: string;
  width?: number;
  /** The picture's own size, where it differs from its box (an avatar in a wide wrapper); 0 when it has not loaded. */
  imageSide?: number;
  /** The picture stands after the header, next to the body (`near`) or in another column four wrappers deep. */
  afterHeader?: 'near' | 'far';
  /** Share buttons in the picture's caption: links besides its own. */
  shareLinks?: boolean;
  /** The layout stage dropped the header as outside the article's container (not Readability). */
  layoutDrop?: boolean;
  /** The picture is a line of text holding an image (a <p> as wide as the article), not a figure. */
  line?: boolean;
}

/** An article whose header holds the title, a standfirst, a picture with its caption and a byline; then the kept body. */
function underTitlePage(o: UnderTitle = {}) {
  const b = new SnapshotBuilder();
  const article = b.node(b.body, 'article', rect(240, 0, 720, 1400));
  const header = b.node(article, o.wrapperTag ?? 'header', rect(240, 0, 720, 700), { hint: o.wrapperHint ?? 'story-header' });
  const titleNode = b.node(header, 'h1', rect(240, 20, 720, 40));
  const title = b.block(titleNode, rect(240, 20, 720, 40), 'The storm on the lake', { kind: 'heading' });
  const standfirst = b.paragraph(header, rect(240, 70, 720, 40), 'The water rose half a metre overnight, and the reeds lay flat.');
  let holder = o.afterHeader ? b.node(article, 'div', rect(240, 720, 720, 500)) : header;
  if (o.afterHeader === 'far') for (const hint of ['row', 'col', 'head', 'widget']) holder = b.node(holder, 'div', rect(240, 720, 720, 500), { hint });
  const frame = o.frame ? b.node(holder, 'div', rect(240, 120, 720, 460), { hint: o.frame }) : holder;
  const width = o.width ?? 720;
  const figureNode = b.node(frame, o.line ? 'p' : 'figure', rect(240, o.afterHeader ? 720 : 120, width, o.line ? 24 : 460));
  const picture = b.block(figureNode, rect(240, o.afterHeader ? 720 : 120, width, o.line ? 24 : 460), 'The north jetty at dawn. Credit Rosa Lind', {
    kind: o.line ? 'text' : 'figure',
    images: 1,
  });
  const byline = b.paragraph(header, rect(240, 600, 720, 20), 'By Rosa Lind');
  const body = b.node(article, 'section', rect(240, 1200, 720, 300));
  const paragraphs = [0, 1, 2].map((i) => b.paragraph(body, rect(240, 1200 + i * 100, 720, 80), `Paragraph ${i} of the story about the storm on the lake.`));
  const snapshot = b.build();
  const side = o.imageSide ?? width;
  snapshot.blocks[picture]!.images[0] = { src: 'https://example.com/jetty.jpg', alt: '', width: side, height: Math.min(side, 460) };
  if (o.shareLinks) snapshot.blocks[picture]!.linkCount = 3;
  snapshot.metadata.title = 'The storm on the lake | Lake Log';
  const record = emptyRecord();
  for (const id of [title, standfirst, picture, byline]) {
    if (!o.layoutDrop) decide(record, readabilityDecision(id, false));
    else decide(record, { block: id, kept: false, stage: 'gce', reason: 'Outside the article', evidence: { kind: 'outside-main-container', container: 3 } });
  }
  for (const id of paragraphs) decide(record, readabilityDecision(id, true));
  return { snapshot, record, picture };
}

describe('a lead picture under the title', () => {
  it("is kept when it is the first picture after the title in the title's own header, wide for the article", () => {
    const page = underTitlePage();
    const decisions = leadPictureDecisions(page.snapshot, page.record);
    expect(decisions.map((d) => d.block)).toEqual([page.picture]);
    expect(decisions[0]!.reason).toMatch(/lead picture under the article/);
  });

  it('is kept when its size is unknown (it has not loaded and declares none) and it has its caption, whichever stage dropped the header', () => {
    for (const c of [{ imageSide: 0 }, { imageSide: 0, layoutDrop: true }] as UnderTitle[]) {
      const page = underTitlePage(c);
      expect(leadPictureDecisions(page.snapshot, page.record).map((d) => d.block), JSON.stringify(c)).toEqual([page.picture]);
    }
  });

  it("is kept outside the title's header when it shares a close wrapper with the body's first paragraph", () => {
    for (const c of [{ afterHeader: 'near' }, { wrapperTag: 'div' }, { afterHeader: 'near', layoutDrop: true }] as UnderTitle[]) {
      const page = underTitlePage(c);
      expect(leadPictureDecisions(page.snapshot, page.record).map((d) => d.block), JSON.stringify(c)).toEqual([page.picture]);
    }
  });

  it('stays removed far from the title\'s header and the body, in a site header or a byline frame, narrow, known small, or with share links', () => {
    const cases: UnderTitle[] = [
      { afterHeader: 'far' },
      { shareLinks: true },
      { wrapperHint: 'site-header' },
      { frame: 'byline' },
      { width: 200 },
      { imageSide: 55 },
    ];
    for (const c of cases) {
      const page = underTitlePage(c);
      expect(leadPictureDecisions(page.snapshot, page.record), JSON.stringify(c)).toEqual([]);
    }
  });
});

describe('a lead picture is kept as its picture only', () => {
  it('keeps its image, not its caption and credit, in the kept text', () => {
    for (const c of [{}, { afterHeader: 'near' }] as UnderTitle[]) {
      const page = underTitlePage(c);
      const decisions = leadPictureDecisions(page.snapshot, page.record);
      expect(decisions.map((d) => [d.block, d.pictureOnly]), JSON.stringify(c)).toEqual([[page.picture, true]]);
      for (const d of decisions) decide(page.record, d);
      const text = keptText(page.snapshot.blocks, page.record);
      expect(text).toContain('Paragraph 0 of the story');
      expect(text).not.toContain('north jetty');
      expect(text).not.toContain('Credit');
    }
  });
});

describe('a line of text holding an image, above the text', () => {
  it('is a lead picture when the image itself is known to be wide for the article', () => {
    const page = underTitlePage({ afterHeader: 'near', line: true });
    expect(leadPictureDecisions(page.snapshot, page.record).map((d) => d.block)).toEqual([page.picture]);
  });

  it('is not when the image has not loaded (its size unknown) or is narrow, however wide the line', () => {
    for (const c of [{ imageSide: 0 }, { imageSide: 16 }, { imageSide: 200 }] as UnderTitle[]) {
      const page = underTitlePage({ afterHeader: 'near', line: true, ...c });
      expect(leadPictureDecisions(page.snapshot, page.record), JSON.stringify(c)).toEqual([]);
    }
  });
});

describe('a hero picture after a post header of <div>s', () => {
  /** The title and standfirst in a <div>, the picture in the next <div> of their section; the body in a section of its own, deep in the page. */
  function heroPage(o: { pictureDepth?: number } = {}) {
    const b = new SnapshotBuilder();
    const main = b.node(b.body, 'main', rect(240, 0, 720, 2400));
    const top = b.node(b.node(main, 'div', rect(240, 0, 720, 900)), 'section', rect(240, 0, 720, 900));
    const head = b.node(top, 'div', rect(240, 0, 720, 120), { hint: 'post-head' });
    const title = b.block(b.node(head, 'h1', rect(240, 20, 720, 40)), rect(240, 20, 720, 40), 'The gauge house in the flood', { kind: 'heading' });
    let holder = b.node(top, 'div', rect(240, 140, 720, 700), { hint: 'media-wrap' });
    for (let i = 0; i < (o.pictureDepth ?? 0); i++) holder = b.node(holder, 'div', rect(240, 140, 720, 700));
    const picture = b.block(b.node(holder, 'figure', rect(240, 140, 720, 700)), rect(240, 140, 720, 700), '', { kind: 'image', images: 1 });
    let bodyHolder = b.node(main, 'section', rect(240, 1000, 720, 1400));
    for (const hint of ['row', 'col', 'text']) bodyHolder = b.node(bodyHolder, 'div', rect(240, 1000, 720, 1400), { hint });
    const paragraphs = [0, 1, 2].map((i) => b.paragraph(bodyHolder, rect(240, 1000 + i * 100, 720, 80), `Paragraph ${i} of the note about the gauge house in the flood.`));
    const snapshot = b.build();
    snapshot.blocks[picture]!.images[0] = { src: 'https://example.com/gauge.jpg', alt: 'The gauge house', width: 1200, height: 800 };
    snapshot.metadata.title = 'The gauge house in the flood | Field Notes';
    const record = emptyRecord();
    for (const id of [title, picture]) decide(record, readabilityDecision(id, false));
    for (const id of paragraphs) decide(record, readabilityDecision(id, true));
    return { snapshot, record, picture };
  }

  it('is kept when it shares a close wrapper with the title, though the body is far from it', () => {
    const page = heroPage();
    const decisions = leadPictureDecisions(page.snapshot, page.record);
    expect(decisions.map((d) => [d.block, d.pictureOnly])).toEqual([[page.picture, true]]);
  });

  it('stays removed when its wrapper shared with the title is far above it', () => {
    const page = heroPage({ pictureDepth: 3 });
    expect(leadPictureDecisions(page.snapshot, page.record)).toEqual([]);
  });
});
