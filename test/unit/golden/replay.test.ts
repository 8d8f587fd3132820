/**
 * Golden pages replayed without a browser: the snapshot Chromium took of each page (test/golden/<slug>/snapshot.json)
 * runs through the stages and the Markdown export here, and must give the expected output checked in beside it.
 * A change that alters a golden page's output fails until `npm run golden:update` rewrites the expectations (review
 * the diff). test/e2e/golden.test.ts reads the same pages in Chromium.
 */
import { describe, expect, it } from 'vitest';
import { exportAs } from '../../../src/export';
import { applyPageTypeProfile, runStructuralStages } from '../../../src/pipeline/extract-page';
import { GOLDEN_DATE, goldenSlugs, readExpected, readSnapshot, removalsOf } from '../../../scripts/lib/golden-files';
import { REPLAY_DIFFERS } from './replay-differs';

describe('golden pages, replayed from their snapshots', () => {
  const slugs = goldenSlugs();
  it('has at least 40 pages', () => {
    expect(slugs.length).toBeGreaterThanOrEqual(40);
  });
  for (const slug of slugs) {
    it.skipIf(REPLAY_DIFFERS.has(slug))(slug, () => {
      const extraction = applyPageTypeProfile(runStructuralStages(readSnapshot(slug)));
      const expected = readExpected(slug);
      expect(removalsOf(extraction)).toEqual(expected.removals);
      expect(exportAs(extraction, 'md', { now: new Date(GOLDEN_DATE) })).toBe(expected.md);
    });
  }
});
