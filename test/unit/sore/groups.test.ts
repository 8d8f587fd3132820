import { describe, expect, it, vi } from 'vitest';
import groupsFile from '../../../public/outlier-groups.json';
import { applyPhraseEdits, loadOutlierGroups, phrasesFor, validateOutlierGroups } from '../../../src/sore/groups';
import { buildBruteForceIndex } from '../../../src/sore/phrase-index';
import { DEFAULT_SORE_PARAMS, raiseCutoffs, resolveSoreParams } from '../../../src/sore/params';
import { AXIS, KeywordEmbedder, axis } from './fixtures';

const shipped: unknown = groupsFile;

const EXPECTED_GROUPS = [
  'date-time', 'authorship', 'comments', 'source-attribution', 'related-content', 'calls-to-action', 'navigation',
  'contact', 'social-media', 'legal', 'page-infrastructure', 'commercial', 'misc-boilerplate',
];

describe('public/outlier-groups.json', () => {
  const { groups, problems } = validateOutlierGroups(shipped);

  it('passes its validator with all 13 groups', () => {
    expect(problems).toEqual([]);
    expect((shipped as { version: number }).version).toBe(1);
    expect(groups.map((g) => g.id)).toEqual(EXPECTED_GROUPS);
    expect(groups.find((g) => g.id === 'calls-to-action')?.label).toBe('calls to action');
  });

  it('has English phrases and translations per group, used only for models that read those languages', () => {
    for (const g of groups) {
      expect(g.phrases.length, g.id).toBeGreaterThanOrEqual(10);
      expect(g.phrases.length, g.id).toBeLessThanOrEqual(40);
      expect(g.phrases.every((p) => /^[\p{Script=Latin}\p{N}\p{P}\p{S}\s]+$/u.test(p)), `${g.id}: English list is Latin script`).toBe(true);
      const all = phrasesFor(g);
      const cjk = all.filter((p) => /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(p));
      expect(cjk.length, `${g.id}: Chinese and Japanese`).toBeGreaterThanOrEqual(6);
      expect(all.some((p) => /\p{Script=Cyrillic}/u.test(p)), `${g.id}: Russian`).toBe(true);
      expect(all.some((p) => /\p{Script=Arabic}/u.test(p)), `${g.id}: Arabic`).toBe(true);
      expect(phrasesFor(g, ['en']), `${g.id}: an English-only model gets the English phrases`).toEqual(g.phrases);
    }
    const all = groups.flatMap((g) => g.phrases);
    for (const p of ['Subscribe to our newsletter', 'Share on Facebook', 'All rights reserved', 'Leave a comment', 'Related articles', 'Read more', 'Posted by', 'Skip to content', 'Accept cookies', 'Add to cart', 'Contact us', 'Photo: Reuters']) {
      expect(all, p).toContain(p);
    }
  });
});

describe('validateOutlierGroups', () => {
  it('drops bad entries with a reason, never throws', () => {
    const { groups, problems } = validateOutlierGroups({
      version: 1,
      groups: [
        { id: 'ok', label: 'fine', phrases: ['  Read   more ', 'read more', '', 42, 'x'.repeat(300), 'Next'] },
        { id: 'Bad Id', label: 'x', phrases: ['a'] },
        { id: 'ok', label: 'again', phrases: ['a'] },
        { id: 'nolabel', phrases: ['a'] },
        { id: 'empty', label: 'empty', phrases: [''] },
        'not a group',
      ],
    });
    expect(groups).toEqual([{ id: 'ok', label: 'fine', phrases: ['Read more', 'Next'] }]);
    expect(problems).toHaveLength(10);
    expect(problems.join('\n')).toMatch(/repeated/);
    expect(problems.join('\n')).toMatch(/duplicate id/);
    for (const bad of [null, 3, [], { version: 1 }, { version: 1, groups: {} }]) {
      expect(validateOutlierGroups(bad).groups).toEqual([]);
    }
    expect(validateOutlierGroups({ version: 2, groups: [{ id: 'a', label: 'a', phrases: ['b'] }] }).problems[0]).toMatch(/version 2/);
  });

  it('loads through fetch and logs instead of failing', async () => {
    const warn = vi.fn();
    const ok = await loadOutlierGroups('/g.json', async () => ({ ok: true, status: 200, json: async () => shipped }), warn);
    expect(ok).toHaveLength(13);
    expect(warn).not.toHaveBeenCalled();
    expect(await loadOutlierGroups('/g.json', async () => ({ ok: false, status: 404, json: async () => null }), warn)).toEqual([]);
    expect(await loadOutlierGroups('/g.json', async () => Promise.reject(new TypeError('offline')), warn)).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it("applies the user's additions and removals", () => {
    const groups = [{ id: 'cta', label: 'calls to action', phrases: ['Sign up', 'Read more'] }];
    const out = applyPhraseEdits(groups, { cta: { added: ['Join our club', 'sign up', ' '], removed: ['read MORE'] }, other: { added: ['x'], removed: [] } });
    expect(out).toEqual([{ id: 'cta', label: 'calls to action', phrases: ['Sign up', 'Join our club'] }]);
    expect(applyPhraseEdits(groups, { cta: { added: [], removed: ['Sign up', 'Read more'] } })).toEqual([]);
  });

  it('builds a brute-force index over the phrases', async () => {
    const e = new KeywordEmbedder([['subscribe', axis(AXIS.cta)], ['share', axis(AXIS.social)]]);
    const index = await buildBruteForceIndex(
      [{ id: 'cta', label: 'cta', phrases: ['Subscribe now', 'Other'] }, { id: 'social', label: 'social', phrases: ['Share this'] }],
      e,
      2,
    );
    expect(index.size).toBe(3);
    expect(e.calls.map((c) => c.role)).toEqual(['passage', 'passage']);
    const [best] = index.nearest(axis(AXIS.social), 1);
    expect(best).toMatchObject({ group: 'social', phrase: 'Share this' });
    expect(best.similarity).toBeCloseTo(1);
  });
});

describe('params', () => {
  it('replaces invalid values by defaults and warns', () => {
    const warn = vi.fn();
    const p = resolveSoreParams(
      { coreShare: 2, groupCutoff: 0.7, farDistance: Number.NaN, nearestK: 2.5, rescue: true, groupCutoffs: { legal: 0.8, bad: Number.POSITIVE_INFINITY } },
      warn,
    );
    expect(p).toMatchObject({ coreShare: DEFAULT_SORE_PARAMS.coreShare, groupCutoff: 0.7, farDistance: 0.8, nearestK: DEFAULT_SORE_PARAMS.nearestK, rescue: true, groupCutoffs: { legal: 0.8 } });
    expect(warn).toHaveBeenCalledTimes(4);
    expect(DEFAULT_SORE_PARAMS.groupCutoffs).toEqual({});
  });

  it('raises c, d and every group cutoff together', () => {
    const raised = raiseCutoffs(resolveSoreParams({ groupCutoffs: { legal: 0.5 } }), 0.1);
    expect(raised.groupCutoff).toBeCloseTo(0.7);
    expect(raised.farDistance).toBeCloseTo(0.9);
    expect(raised.groupCutoffs.legal).toBeCloseTo(0.6);
  });
});
