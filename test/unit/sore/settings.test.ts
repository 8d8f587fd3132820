import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  DEFAULT_MODEL_SPEC,
  DEFAULT_SORE_SETTINGS,
  loadSoreSettings,
  modelDefaults,
  resetSoreSettings,
  saveSoreSettings,
  soreParamsFromSettings,
  soreSettingsItem,
  validateSoreSettings,
} from '../../../ext/sore-settings';
import { calibrationFor } from '../../../src/sore/calibration';
import { resolveSoreParams } from '../../../src/sore/params';

describe('SORE settings', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('has valid defaults', () => {
    const { settings, problems } = validateSoreSettings(DEFAULT_SORE_SETTINGS);
    expect(problems).toEqual([]);
    expect(settings).toEqual(DEFAULT_SORE_SETTINGS);
    expect(settings).toMatchObject({ semanticMode: 'ask', model: DEFAULT_MODEL_SPEC, fallbackShare: 0.5 });
  });

  it('starts the hub default (multilingual-e5) from its own cutoffs, not USE-lite\'s', () => {
    expect(DEFAULT_MODEL_SPEC).toMatch(/multilingual-e5/);
    const e5 = modelDefaults(DEFAULT_MODEL_SPEC);
    const useLite = modelDefaults('use-lite');
    expect(DEFAULT_SORE_SETTINGS).toMatchObject(e5);
    // E5's cosines crowd into [0.7, 1]: its c is higher and its d smaller than USE-lite's.
    expect(e5.groupCutoff).toBeGreaterThan(useLite.groupCutoff);
    expect(e5.groupCutoff).toBeGreaterThanOrEqual(0.7);
    expect(e5.farDistance).toBeLessThan(useLite.farDistance);
    expect(calibrationFor(DEFAULT_MODEL_SPEC).family).toBe('e5');
  });

  it('replaces bad values with defaults and says why', () => {
    const { settings, problems } = validateSoreSettings({
      semanticMode: 'maybe',
      model: 'hub:evil/model',
      coreShare: 0,
      groupCutoff: 0.7,
      farDistance: 'far',
      fallbackShare: 1.5,
      groupCutoffs: { legal: 0.8, 'Bad Id': 0.5, comments: -3 },
      phraseEdits: { legal: { added: ['Cookie settings', '', 'cookie settings'], removed: ['Imprint'] }, nav: 'x' },
    });
    expect(settings).toMatchObject({
      semanticMode: 'ask',
      model: DEFAULT_MODEL_SPEC,
      coreShare: DEFAULT_SORE_SETTINGS.coreShare,
      groupCutoff: 0.7,
      farDistance: DEFAULT_SORE_SETTINGS.farDistance,
      fallbackShare: 0.5,
      groupCutoffs: { legal: 0.8 },
      phraseEdits: { legal: { added: ['Cookie settings'], removed: ['Imprint'] } },
    });
    expect(problems).toHaveLength(9);
    expect(validateSoreSettings('nonsense').settings).toEqual(DEFAULT_SORE_SETTINGS);
    expect(validateSoreSettings({ model: 'use-lite' }).settings.model).toBe('use-lite');
  });

  it('stores, validates on load and resets', async () => {
    expect(await loadSoreSettings()).toEqual(DEFAULT_SORE_SETTINGS);
    await saveSoreSettings({ ...DEFAULT_SORE_SETTINGS, semanticMode: 'enabled', model: 'use-lite', groupCutoff: 0.72 });
    expect(await loadSoreSettings()).toMatchObject({ semanticMode: 'enabled', model: 'use-lite', groupCutoff: 0.72 });

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await fakeBrowser.storage.local.set({ soreSettings: { semanticMode: 'enabled', coreShare: 7 } });
    expect(await loadSoreSettings()).toMatchObject({ semanticMode: 'enabled', coreShare: 0.2 });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('coreShare'));
    warn.mockRestore();

    expect(await resetSoreSettings()).toEqual(DEFAULT_SORE_SETTINGS);
    expect(await soreSettingsItem.getValue()).toEqual(DEFAULT_SORE_SETTINGS);
  });

  it('maps onto SORE parameters', () => {
    const params = resolveSoreParams(soreParamsFromSettings({ ...DEFAULT_SORE_SETTINGS, coreShare: 0.3, groupCutoffs: { legal: 0.9 } }));
    const { groupCutoff, farDistance } = modelDefaults(DEFAULT_MODEL_SPEC);
    expect(params).toMatchObject({ coreShare: 0.3, groupCutoff, farDistance, fallbackShare: 0.5, groupCutoffs: { legal: 0.9 } });
  });
});
