/**
 * Notes a page keeps hidden until their reference is clicked, named by the reference (data-definition="<id>"): the
 * snapshot does not read hidden parts, so the note's text travels with the reference as its tooltip.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { takeSnapshot } from '../../../src/snapshot/take-snapshot';

describe('hidden notes named by their reference', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('the hidden note text becomes the reference title; a shown note is left where it is', () => {
    document.body.innerHTML = `<article><p>The gauge was read twice a day, every day of the season.<span class="fn-ref" data-definition="n0"><a href="#">*</a></span></p>
      <p>The float sticks in winter, when the well freezes over.<span class="fn-ref" data-definition="n1"><a href="#">*</a></span></p>
      <aside style="display:none" id="n0">At six in the morning and at six in the evening.</aside>
      <aside id="n1">Ice forms below minus five degrees.</aside></article>`;
    const { snapshot } = takeSnapshot(document);
    expect(snapshot.html).toMatch(/<span[^>]*title="At six in the morning and at six in the evening\."/);
    expect(snapshot.html).not.toMatch(/title="Ice forms/);
  });
});
