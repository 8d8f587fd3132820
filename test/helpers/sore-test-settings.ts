/** SORE settings for the end-to-end tests with the random-weight ONNX fixture (Chromium and Firefox). */
import type { SoreSettings } from '../../ext/sore-settings';

export const TINY_MODEL = 'onnx:synthetic-tiny-bert-mbert-vocab';

export type StoredSettings = Omit<SoreSettings, 'phraseEdits'> & { phraseEdits: Record<string, never> };

/**
 * Low c and no fallback: the fixture's cosines are 0.8–0.98 for any pair of texts, so with the outlier cutoff c at
 * 0.5 every segment outside the core is removed. This tests the plumbing, not the quality of the decisions.
 */
export const FIXTURE_SORE_SETTINGS: StoredSettings = {
  semanticMode: 'enabled',
  model: TINY_MODEL,
  coreShare: 0.2,
  groupCutoff: 0.5,
  groupCutoffs: {},
  farDistance: 0.8,
  fallbackShare: 1,
  phraseEdits: {},
};
