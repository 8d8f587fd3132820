/**
 * When Readability throws, the run says so: the page is not labelled "no article structure found" as if Readability
 * had looked and found nothing, and the exception's message is in the run log.
 */
import { describe, expect, it, vi } from 'vitest';
import { runStructuralStages } from '../../../src/pipeline/extract-page';
import { rect, SnapshotBuilder } from '../gce/builders';

vi.mock('@mozilla/readability', () => ({
  Readability: class {
    parse(): never {
      throw new TypeError("Cannot read properties of null (reading 'tagName')");
    }
  },
}));

describe('an exception in Readability', () => {
  const b = new SnapshotBuilder();
  const main = b.node(b.body, 'article', rect(0, 0, 1000, 1000));
  for (let i = 0; i < 4; i++) b.block(main, rect(0, i * 100, 1000, 90), `Paragraph ${i} of the article. `.repeat(12));
  const snapshot = b.build();

  it('is recorded in the run log and the mode, not reported as a page without structure', () => {
    const extraction = runStructuralStages(snapshot, { layoutPolicy: 'readability' });
    const run = extraction.record.runs.find((r) => r.stage === 'readability');
    expect(run?.path).toBe('readability:failed');
    expect(run?.note).toMatch(/Readability threw \(TypeError: Cannot read properties of null/);
    expect(extraction.mode).toBe('Whole page (the structural extractor failed)');
    expect(extraction.mode).not.toMatch(/no article structure/);
  });
});
