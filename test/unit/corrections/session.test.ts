/** An annotating session: flips, marking a container as the main content (one undo step), undo, and the rules saved. */
import { afterEach, describe, expect, it } from 'vitest';
import { containerOf, CorrectionSession } from '../../../src/corrections/session';
import { runStructuralStages } from '../../../src/pipeline/extract-page';
import { takeSnapshot } from '../../../src/snapshot/take-snapshot';

const PAGE = `<nav><a href="/a">Seeds</a> <a href="/b">Pots</a></nav>
  <main><article><h1>Balcony tomatoes</h1>
  ${Array.from({ length: 5 }, (_, i) => `<p>Paragraph ${i + 1} of the guide explains one step of the growing season in some detail for the reader.</p>`).join('')}
  </article><div class="extra"><p>First note the article left out.</p><p>Second note the article left out.</p></div></main>
  <footer><p>Copyright Garden Weekly.</p></footer>`;

afterEach(() => {
  document.body.innerHTML = '';
});

function setup() {
  document.body.innerHTML = PAGE;
  const extraction = runStructuralStages(takeSnapshot(document).snapshot);
  const id = (text: string) => extraction.snapshot.blocks.find((b) => b.text.includes(text))!.id;
  return { extraction, id, session: new CorrectionSession(extraction) };
}

describe('correction session', () => {
  it('flips and undoes one step at a time; flipping back is no correction', () => {
    const { session, id } = setup();
    const p2 = id('Paragraph 2');
    const before = session.verdict(p2);
    session.flip(p2);
    expect(session.verdict(p2)).toBe(!before);
    expect(session.count).toBe(1);
    session.flip(p2);
    expect(session.count).toBe(0);
    session.undo();
    expect(session.verdict(p2)).toBe(!before);
    session.undoAll();
    expect(session.verdict(p2)).toBe(before);
  });

  it('marks a whole container as the main content in one undoable step', () => {
    const { session, id, extraction } = setup();
    const note = id('First note');
    const container = containerOf(extraction.snapshot, note);
    expect(extraction.snapshot.nodes[container].hint).toContain('extra');
    session.markMainContainer(container);
    expect(session.verdict(note)).toBe(true);
    expect(session.verdict(id('Second note'))).toBe(true);
    expect(session.verdict(id('Paragraph 1'))).toBe(false);
    expect(session.verdict(id('Copyright'))).toBe(false);
    const rules = session.rules(new Date('2026-11-22T10:00:00Z'));
    expect(rules.length).toBe(session.count);
    expect(rules.every((r) => r.savedAt === '2026-11-22')).toBe(true);
    session.undo();
    expect(session.count).toBe(0);
  });
});
