/**
 * A React streaming page saved (or read) before its scripts ran: the late parts sit hidden at the end of the body in
 * `<div hidden id="S:n">`; the reader reads them where their placeholders are, and leaves the page as it was.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractPage } from '../../../src/pipeline/extract-page';
import { placeStreamedSegments } from '../../../src/snapshot/streamed-segments';
import { keptText } from '../../../src/decisions/record';

/** The body of the page the end-to-end test reads (test/e2e/streamed-segments.test.ts), as saved before its scripts ran. */
const PAGE = /<body>([\s\S]*)<\/body>/.exec(readFileSync(join(__dirname, '../../fixtures/pages/react-streaming.html'), 'utf8'))![1]!;

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
    expect(text).not.toContain('unrelated hidden gift note');
    expect(extraction.record.runs.find((r) => r.path === 'snapshot:streamed')?.note).toMatch(/^2 streamed segments read/);
    expect(document.body.innerHTML).toBe(before);
  });

  it('leaves a hidden S:n alone when its placeholder is not a pending boundary', () => {
    document.body.innerHTML = '<main><template id="B:0"></template><p>Shown text of the page.</p></main><div hidden id="S:0"><p>Hidden.</p></div>';
    expect(placeStreamedSegments(document).count).toBe(0);
    expect(document.getElementById('S:0')!.textContent).toBe('Hidden.');
  });

  it('fills boundaries whose comments were stripped when the hidden segments are the page', () => {
    const article = '<article><h1>Simulators</h1><p>A long post about models that predict text, written in several parts.</p><template id="B:2"></template></article>';
    document.body.innerHTML = `<div hidden><template id="B:0"></template></div><template id="B:1"></template><div>x</div>
      <div hidden id="S:1">${article}</div><div hidden id="S:2"><p>The second part of the post, streamed later.</p></div>`;
    const before = document.body.innerHTML;
    const placed = placeStreamedSegments(document);
    expect(placed.count).toBe(2);
    expect(document.querySelector('article')!.textContent).toContain('streamed later');
    expect(document.querySelector('article')!.closest('[hidden]')).toBeNull();
    placed.restore();
    expect(document.body.innerHTML).toBe(before);
  });
});
