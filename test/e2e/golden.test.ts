/**
 * End to end: every golden page (test/golden/<slug>/) read in headless Chromium by the page bundle gives the output
 * checked in beside it (expected.md, expected-removals.json). A change that alters one fails here until
 * `npm run golden:update` rewrites the expectations (review the diff).
 * Run: node --import tsx --test test/e2e/golden.test.ts
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { readGoldens } from '../../scripts/lib/golden-chromium';
import { goldenSlugs, readExpected, type GoldenOutput } from '../../scripts/lib/golden-files';

const slugs = goldenSlugs();

describe('golden pages in Chromium', () => {
  let read: Map<string, { output: GoldenOutput }>;
  before(async () => {
    read = await readGoldens(slugs);
  }, { timeout: 600_000 });

  it('has at least 40 pages', () => assert.ok(slugs.length >= 40, `${slugs.length} golden pages`));

  for (const slug of slugs) {
    it(slug, () => {
      const actual = read.get(slug)?.output;
      assert.ok(actual, `${slug} was not read`);
      const expected = readExpected(slug);
      assert.deepEqual(actual.removals, expected.removals, `${slug}: removals differ (npm run golden:update rewrites them)`);
      assert.equal(actual.md, expected.md, `${slug}: expected.md differs (npm run golden:update rewrites it)`);
    });
  }
});
