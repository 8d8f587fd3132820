/** Saved corrections in extension storage: schema-1 values are migrated on read; a bad import changes nothing. */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { correctionsItem, deleteRule, exportRulesJson, importRulesJson, loadAllRules, loadSiteRules, saveRules } from '../../../ext/corrections-store';
import type { CorrectionRule } from '../../../src/corrections/rules';

const ORIGIN = 'https://example.org';
const rule = (text: string, kept: boolean): CorrectionRule => ({
  signature: { path: 'body>main>p', exactPath: 'body>main:1>p:1', kind: 'text', text, head: 'a b c d', position: 0.3, ordinal: 0 },
  kept,
  savedAt: '2026-11-22',
});

describe('corrections store', () => {
  beforeEach(() => fakeBrowser.reset());

  it('migrates a schema-1 value (rules by exact path) on first read', async () => {
    await fakeBrowser.storage.local.set({ corrections: { [ORIGIN]: [{ path: 'body>div:2>p:4', keep: true, saved: Date.UTC(2026, 9, 5) }] } });
    await correctionsItem.migrate(); // what an extension update does when the item is defined at start-up
    const rules = await loadSiteRules(ORIGIN);
    expect(rules).toEqual([{ kept: true, savedAt: '2026-10-05', signature: expect.objectContaining({ exactPath: 'body>div:2>p:4', text: '' }) }]);
    expect((await fakeBrowser.storage.local.get('corrections$')) as Record<string, unknown>).toEqual({ corrections$: { v: 2 } });
  });

  it('saves, replaces a rule for the same block, deletes', async () => {
    await saveRules(ORIGIN, [rule('aa:1', false), rule('bb:1', false)]);
    await saveRules(ORIGIN, [rule('aa:1', true)]);
    expect((await loadSiteRules(ORIGIN)).map((r) => [r.signature.text, r.kept])).toEqual([['bb:1', false], ['aa:1', true]]);
    await deleteRule(ORIGIN, 0);
    expect((await loadSiteRules(ORIGIN)).map((r) => r.signature.text)).toEqual(['aa:1']);
  });

  it('export then import round-trips; a malformed import changes nothing', async () => {
    await correctionsItem.setValue({});
    await saveRules(ORIGIN, [rule('aa:1', false)]);
    const file = await exportRulesJson();
    await correctionsItem.setValue({});
    expect(await importRulesJson(file)).toEqual({ ok: true, sites: 1, rules: 1 });
    const before = await loadAllRules();
    const bad = await importRulesJson(file.replace('"kept": false', '"kept": "no"'));
    expect(bad).toMatchObject({ ok: false, error: expect.stringContaining('has no "kept"') });
    expect(await loadAllRules()).toEqual(before);
  });
});
