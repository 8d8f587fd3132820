import { describe, expect, it } from 'vitest';
import { runGce } from '../../../src/gce';
import { hintMatches } from '../../../src/gce/hints';
import { SnapshotBuilder, rect } from './builders';

/** A square 1000×1000 window and page where every node is full width, so no width jump fires unless built in. */
function square(): SnapshotBuilder {
  return new SnapshotBuilder({ width: 1000, height: 1000 }, { width: 1000, height: 1000 });
}

describe('GCE expansion rules', () => {
  it('takes the first <article> on the walk', () => {
    const b = square();
    const wrap = b.node(b.body, 'div', rect(0, 0, 1000, 1000));
    const article = b.node(wrap, 'article', rect(0, 0, 1000, 1000));
    b.paragraph(article, rect(0, 450, 1000, 100));
    const result = runGce(b.build());
    expect(result.walks[2]!.candidates.map((c) => [c.node, c.rules])).toEqual([[article, ['article-tag']]]);
    expect(result.mainNode).toBe(article);
    expect(result.path).toBe('M3best');
  });

  it('takes the first node whose hint says content, e.g. class "entry-content"', () => {
    const b = square();
    const outer = b.node(b.body, 'div', rect(0, 0, 1000, 1000), { hint: 'site-content' });
    const entry = b.node(outer, 'div', rect(0, 0, 1000, 1000), { hint: 'post hentry entry-content' });
    b.paragraph(entry, rect(0, 450, 1000, 100));
    const result = runGce(b.build());
    expect(result.walks[0]!.candidates.map((c) => [c.node, c.rules])).toEqual([[entry, ['hint']]]);
    expect(result.mainNode).toBe(entry);
  });

  it('does not read role="contentinfo" (the footer landmark) as content', () => {
    const b = square();
    const footer = b.node(b.body, 'footer', rect(0, 0, 1000, 1000), { hint: 'contentinfo' });
    b.paragraph(footer, rect(0, 450, 1000, 100));
    const result = runGce(b.build());
    expect(result.walks[0]!.candidates).toEqual([]);
    expect(result.path).toBe('failed');
  });

  it('matches article/content hints as words or glued words', () => {
    const match = (h: string) => hintMatches(h, ['article', 'content'], ['contentinfo']);
    for (const h of ['main-content', 'entry-content', 'post-content', 'maincontent', 'articlebody', 'story article', 'content']) {
      expect(match(h), h).toBe(true);
    }
    for (const h of ['contentinfo', 'sidebar', 'main', 'site-header nav', '']) expect(match(h), h).toBe(false);
  });

  it('takes the first node wider than its child on the walk by the width jump (1.7 by default)', () => {
    const b = new SnapshotBuilder();
    const outer = b.node(b.body, 'div', rect(360, 0, 1200, 1080));
    const inner = b.node(outer, 'div', rect(660, 0, 600, 1080));
    const p = b.node(inner, 'p', rect(660, 500, 600, 80));
    // A short line: its text box is far narrower than its <p>, which must not count as a jump.
    b.block(p, rect(660, 500, 100, 80), 'Short line.');
    const result = runGce(b.build());
    expect(result.walks[0]!.candidates.map((c) => [c.node, c.rules])).toEqual([[outer, ['width-jump']]]);
    expect(result.mainNode).toBe(outer);
  });

  it('does not count a smaller widening as a jump unless widthJump allows it', () => {
    const b = new SnapshotBuilder();
    const outer = b.node(b.body, 'div', rect(510, 0, 900, 1080)); // 1.5 × its child
    const inner = b.node(outer, 'div', rect(660, 0, 600, 1080));
    b.paragraph(inner, rect(660, 500, 600, 80));
    const snapshot = b.build();
    // By default the next jump is <body> (1920 > 1.7 × 900), which cannot be the main container.
    const byDefault = runGce(snapshot);
    expect(byDefault.walks[0]!.candidates.map((c) => c.node)).toEqual([b.body]);
    expect(byDefault.path).toBe('failed');
    expect(runGce(snapshot, { widthJump: 1.4 }).mainNode).toBe(outer);
  });
});

describe('GCE density choice', () => {
  function nested(extraParagraphsLinkText: number) {
    const b = square();
    const wrap = b.node(b.body, 'div', rect(0, 0, 1000, 1000), { hint: 'content-wrap' });
    const article = b.node(wrap, 'article', rect(0, 0, 1000, 600));
    b.paragraph(article, rect(0, 450, 1000, 100), 'Twenty characters!!!');
    for (const y of [620, 740, 860]) {
      b.paragraph(wrap, rect(0, y, 1000, 100), 'Twenty characters!!!', { linkText: extraParagraphsLinkText });
    }
    return { snapshot: b.build(), wrap, article };
  }

  it('picks the densest candidate: the article when the text is in it', () => {
    // Only link-dense text outside the article: wrap = 100 000 / 1 000 000, article = 100 000 / 600 000.
    const { snapshot, wrap, article } = nested(15);
    const result = runGce(snapshot);
    expect(result.walks[0]!.candidates.map((c) => c.node).sort()).toEqual([wrap, article].sort());
    expect(result.mainNode).toBe(article);
    expect(result.mainDensity).toBeCloseTo(1 / 6);
  });

  it('picks the wider candidate when it holds more text per pixel', () => {
    // Plain text outside the article too: wrap = 400 000 / 1 000 000 beats the article's 1/6.
    const { snapshot, wrap } = nested(0);
    const result = runGce(snapshot);
    expect(result.mainNode).toBe(wrap);
    expect(result.mainDensity).toBeCloseTo(0.4);
  });
});

describe('GCE no-best and candidate order', () => {
  it('marks a chosen container shorter than half the window as no-best, and uses it when nothing better exists', () => {
    const b = square();
    const article = b.node(b.body, 'article', rect(0, 350, 1000, 300));
    b.paragraph(article, rect(0, 450, 1000, 100));
    const result = runGce(b.build());
    expect(result.walks.every((w) => w.chosen === article && !w.best)).toBe(true);
    expect(result.mainNode).toBe(article);
    expect(result.path).toBe('M3nobest');
    expect(runGce(b.build(), { minHeightRatio: 0.25 }).path).toBe('M3best');
  });

  /**
   * A 5-window page: C1 = (960, 1080), C2 = (960, 810), C3 = (960, 1440).
   * Article A holds the leaves of C1 and C2, article B the leaf of C3.
   */
  function twoArticles(aRect: [number, number], bRect: [number, number]) {
    const b = new SnapshotBuilder(undefined, { width: 1920, height: 5400 });
    const a = b.node(b.body, 'article', rect(0, aRect[0], 1920, aRect[1] - aRect[0]));
    b.paragraph(a, rect(0, 700, 1920, 200));
    b.paragraph(a, rect(0, 1000, 1920, 100));
    const second = b.node(b.body, 'article', rect(0, bRect[0], 1920, bRect[1] - bRect[0]));
    b.paragraph(second, rect(0, 1400, 1920, 100));
    return { snapshot: b.build(), a, b: second };
  }

  it('prefers M3best over M2best and M1best', () => {
    const { snapshot, b } = twoArticles([100, 1200], [1300, 2500]);
    const result = runGce(snapshot);
    expect(result.walks.map((w) => w.best)).toEqual([true, true, true]);
    expect(result.mainNode).toBe(b);
    expect(result.path).toBe('M3best');
  });

  it('takes a best from M2 or M1 before any no-best', () => {
    const { snapshot, a } = twoArticles([100, 1200], [1350, 1650]);
    const result = runGce(snapshot);
    expect(result.walks[2]!.best).toBe(false);
    expect(result.mainNode).toBe(a);
    expect(result.path).toBe('M2best');
  });

  it('falls back to M3nobest when no walk has a best', () => {
    const { snapshot, b } = twoArticles([650, 1150], [1350, 1650]);
    const result = runGce(snapshot);
    expect(result.mainNode).toBe(b);
    expect(result.path).toBe('M3nobest');
  });
});

describe('GCE failure', () => {
  it('fails when no walk finds a candidate (text straight in <body>)', () => {
    const b = new SnapshotBuilder();
    b.paragraph(b.body, rect(0, 500, 1920, 80));
    const result = runGce(b.build());
    expect(result.walks.every((w) => w.chosen === b.body && !w.best)).toBe(true);
    expect(result.mainNode).toBe(-1);
    expect(result.path).toBe('failed');
  });

  it('fails when the only candidate is <body>', () => {
    const b = new SnapshotBuilder();
    b.paragraph(b.body, rect(460, 500, 1000, 80));
    const result = runGce(b.build());
    expect(result.walks[0]!.candidates).toEqual([expect.objectContaining({ node: b.body, rules: ['width-jump'] })]);
    expect(result.path).toBe('failed');
  });

  it('fails when there is no text leaf at all', () => {
    const b = new SnapshotBuilder();
    const nav = b.node(b.body, 'nav', rect(460, 300, 1000, 400), { hint: 'content-links' });
    b.linkList(nav, rect(460, 300, 1000, 400), 10);
    const result = runGce(b.build());
    expect(result.leaves).toEqual([-1, -1, -1]);
    expect(result.path).toBe('failed');
  });
});
