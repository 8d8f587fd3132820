import { describe, expect, it } from 'vitest';
import { REASON_OVERLAY, gceDecisions, runGce } from '../../../src/gce';
import { SnapshotBuilder, rect } from './builders';

const TEXT = 'A paragraph of the article body text.';

/** An article column at x 460..1460 on a 3000 px page, with a gap in its text around the window centres. */
function articlePage() {
  const b = new SnapshotBuilder(undefined, { width: 1920, height: 3000 });
  const article = b.node(b.body, 'article', rect(460, 200, 1000, 2600));
  const paragraphs: number[] = [];
  for (let y = 200; y <= 2700; y += 120) {
    if (y > 600 && y < 1100) continue;
    paragraphs.push(b.paragraph(article, rect(460, y, 1000, 80), TEXT));
  }
  return { b, article, paragraphs };
}

describe('GCE overlays', () => {
  it('removes a fixed cookie bar and a centred newsletter modal as overlays, and never seeds from them', () => {
    const { b, article, paragraphs } = articlePage();
    const cookie = b.node(b.body, 'div', rect(0, 930, 1920, 150), { fixed: true, hint: 'cookie-banner' });
    const cookieText = b.paragraph(cookie, rect(100, 960, 1400, 40), 'We use cookies to improve your experience.');
    const cookieButton = b.paragraph(cookie, rect(1600, 960, 200, 40), 'Accept');
    // Covers all three centres, so without the overlay rule it would hold every leaf.
    const modal = b.node(b.body, 'div', rect(460, 700, 1000, 400), { fixed: true, hint: 'newsletter-modal' });
    const modalText = b.paragraph(modal, rect(460, 700, 1000, 400), 'Subscribe to our newsletter for more stories.');
    const snapshot = b.build();

    const result = runGce(snapshot);
    expect(result.leaves.every((l) => paragraphs.includes(l))).toBe(true);
    expect(result.mainNode).toBe(article);
    expect(result.overlays).toEqual([cookie, modal]);

    const decisions = gceDecisions(snapshot, result);
    for (const [block, node] of [
      [cookieText, cookie],
      [cookieButton, cookie],
      [modalText, modal],
    ] as const) {
      expect(decisions[block]).toMatchObject({
        kept: false,
        stage: 'overlay',
        reason: REASON_OVERLAY,
        evidence: { kind: 'fixed-overlay', node },
      });
    }
    expect(paragraphs.every((p) => decisions[p]!.kept)).toBe(true);
  });

  it('removes a sticky header with its nav as an overlay', () => {
    const { b, article } = articlePage();
    const header = b.node(b.body, 'header', rect(0, 0, 1920, 100), { fixed: true });
    const links = b.linkList(header, rect(400, 20, 1100, 60), 6, 'horizontal');
    const snapshot = b.build();
    const result = runGce(snapshot);
    expect(result.mainNode).toBe(article);
    const decisions = gceDecisions(snapshot, result);
    expect(links.map((l) => decisions[l]!.evidence)).toEqual(links.map(() => ({ kind: 'fixed-overlay', node: header })));
  });

  it('keeps the content of a fixed element that contains the main container', () => {
    // An app shell laid out with position: fixed around the whole page.
    const b = new SnapshotBuilder();
    const shell = b.node(b.body, 'div', rect(0, 0, 1920, 1080), { fixed: true, hint: 'app' });
    const article = b.node(shell, 'article', rect(460, 0, 1000, 1080));
    const paragraphs = [100, 300, 500, 700, 900].map((y) => b.paragraph(article, rect(460, y, 1000, 120), TEXT));
    const sideNote = b.paragraph(shell, rect(1500, 500, 300, 40), 'Side note outside the article.');
    const cookie = b.node(b.body, 'div', rect(0, 980, 1920, 100), { fixed: true });
    const cookieText = b.paragraph(cookie, rect(100, 1000, 1400, 40), 'We use cookies.');
    const snapshot = b.build();

    const result = runGce(snapshot);
    expect(result.mainNode).toBe(article);
    expect(result.overlays).toEqual([cookie]);
    const decisions = gceDecisions(snapshot, result);
    expect(paragraphs.every((p) => decisions[p]!.kept && decisions[p]!.stage === 'gce')).toBe(true);
    expect(decisions[sideNote]).toMatchObject({ kept: false, stage: 'gce', evidence: { kind: 'outside-main-container' } });
    expect(decisions[cookieText]).toMatchObject({ kept: false, stage: 'overlay' });
  });
});
