/**
 * A React streaming page saved (or read) before its scripts ran: the late parts sit hidden at the end of the body in
 * `<div hidden id="S:n">`; the reader reads them where their placeholders are, and leaves the page as it was.
 */
import { describe, expect, it } from 'vitest';
import { extractPage } from '../../../src/pipeline/extract-page';
import { placeStreamedSegments } from '../../../src/snapshot/streamed-segments';
import { keptText } from '../../../src/decisions/record';

const LONG = 'The kettle holds 1.7 litres and boils a full load in under four minutes on a standard kitchen socket.';

const PAGE = `
<main>
  <h1>Stone kettle, 1.7 litres</h1>
  <p>${LONG} Its stone-grey body stays cool to the touch while the water inside reaches a rolling boil.</p>
  <!--$?--><template id="B:0"></template><p class="skeleton">Loading the specifications…</p><!--/$-->
  <p>Every kettle is tested at the works before it leaves, and the lid hinge is rated for ten thousand openings.</p>
</main>
<div hidden id="S:0"><h2>Specifications</h2><p>The element is concealed under a brushed steel plate, rated 3 kW, with a limescale filter that lifts out for washing in warm water.</p><template id="P:1"></template></div>
<div hidden id="S:1"><p>Cord length 75 cm; the base turns a full circle so the kettle sits either way round on the counter.</p></div>
<div hidden id="notes"><p>An unrelated hidden note that no placeholder asks for, and which must stay unread.</p></div>
<script>$RC("B:0","S:0");$RS("S:1","P:1")</script>`;

describe('React streaming segments', () => {
  it('moves each segment to its placeholder and puts the page back', () => {
    document.body.innerHTML = PAGE;
    const before = document.body.innerHTML;
    const placed = placeStreamedSegments(document);
    expect(placed.count).toBe(2);
    const main = document.querySelector('main')!;
    expect(main.textContent).toContain('brushed steel plate');
    expect(main.textContent).toContain('Cord length 75 cm');
    expect(main.textContent).not.toContain('Loading the specifications');
    // In reading order: after the opening paragraph, before the closing one.
    const text = main.textContent!;
    expect(text.indexOf('Specifications')).toBeGreaterThan(text.indexOf('rolling boil'));
    expect(text.indexOf('Cord length')).toBeLessThan(text.indexOf('tested at the works'));
    placed.restore();
    expect(document.body.innerHTML).toBe(before);
  });

  it('the extraction keeps the streamed specifications, never other hidden content, and says so', async () => {
    document.body.innerHTML = PAGE;
    const before = document.body.innerHTML;
    const extraction = await extractPage(document);
    const text = keptText(extraction.snapshot.blocks, extraction.record);
    expect(text).toContain('brushed steel plate');
    expect(text).toContain('Cord length 75 cm');
    expect(text).not.toContain('unrelated hidden note');
    expect(extraction.record.runs.find((r) => r.path === 'snapshot:streamed')?.note).toMatch(/^2 streamed segments read/);
    expect(document.body.innerHTML).toBe(before);
  });

  it('leaves a hidden S:n alone when its placeholder is not a pending boundary', () => {
    document.body.innerHTML = '<main><template id="B:0"></template><p>Shown text of the page.</p></main><div hidden id="S:0"><p>Hidden.</p></div>';
    expect(placeStreamedSegments(document).count).toBe(0);
    expect(document.getElementById('S:0')!.textContent).toBe('Hidden.');
  });
});
