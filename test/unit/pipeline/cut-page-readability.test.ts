/**
 * A page too large to read whole (the read budget cut the snapshot): Readability over the copy of what was read took
 * seconds, so when the layout found the article's container, its answer stands and the run says why Readability was
 * not asked. A whole page, or a cut page without a layout answer, still gets Readability's judgement.
 */
import { describe, expect, it, vi } from 'vitest';
import { runStructuralStages } from '../../../src/pipeline/extract-page';
import { menuAndArticle } from '../gce/builders';

const parsed = vi.fn();
vi.mock('@mozilla/readability', async (original) => {
  const { Readability } = await original<typeof import('@mozilla/readability')>();
  return {
    Readability: class extends Readability<Element> {
      override parse() {
        parsed();
        return super.parse();
      }
    },
  };
});

describe('Readability on a page read in part', () => {
  it('is skipped when the snapshot was cut and the layout found the container, with the reason in the run', () => {
    const snapshot = menuAndArticle();
    snapshot.stats = { ...snapshot.stats, truncated: true, limit: 'elements', elements: 60_000 };
    parsed.mockClear();
    const extraction = runStructuralStages(snapshot);
    expect(parsed).not.toHaveBeenCalled();
    const run = extraction.record.runs.find((r) => r.stage === 'readability');
    expect(run?.path).toBe('readability:skipped');
    expect(run?.note).toMatch(/read in part \(its first 60,000 elements\).*GCE's container used unchecked/);
    expect(extraction.mainNode).toBeGreaterThanOrEqual(0);
    const kept = extraction.snapshot.blocks.filter((b) => extraction.record.decisions[b.id]?.kept).map((b) => b.text);
    expect(kept.length).toBe(6);
    expect(kept.every((t) => t.startsWith('Paragraph'))).toBe(true);
  });

  it('still runs on a page read whole', () => {
    parsed.mockClear();
    const extraction = runStructuralStages(menuAndArticle());
    expect(parsed).toHaveBeenCalledTimes(1);
    expect(extraction.record.runs.some((r) => r.path === 'readability:skipped')).toBe(false);
  });

  it('still runs when the structural path is asked for', () => {
    const snapshot = menuAndArticle();
    snapshot.stats = { ...snapshot.stats, truncated: true, limit: 'elements' };
    parsed.mockClear();
    runStructuralStages(snapshot, { layoutPolicy: 'readability' });
    expect(parsed).toHaveBeenCalledTimes(1);
  });
});
