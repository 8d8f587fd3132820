// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { formulaInTextDecisions } from '../../../src/structure/formulas-in-text';
import { referencedNoteDecisions } from '../../../src/structure/referenced-notes';
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
