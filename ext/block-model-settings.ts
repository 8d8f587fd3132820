/**
 * The "learned block model" setting (Advanced, in the options page), and running the model in the reader page on the
 * extraction the content script returned. The model file is loaded only when the setting is on, so it never weighs
 * on the content script or on the reader's first paint when it is off.
 */
import { storage } from 'wxt/utils/storage';
import type { Extraction } from '../src/pipeline/types';

/** Off until the benchmark shows the model helps out of sample (bench/results/2026-11-28-block-model-general.md). */
export const DEFAULT_BLOCK_MODEL_ENABLED = false;

export const blockModelItem = storage.defineItem<boolean>('local:blockModel', { fallback: DEFAULT_BLOCK_MODEL_ENABLED, version: 1 });

export async function loadBlockModelEnabled(): Promise<boolean> {
  const stored = await blockModelItem.getValue();
  return typeof stored === 'boolean' ? stored : DEFAULT_BLOCK_MODEL_ENABLED;
}

/** The model's decisions over the extraction when the setting is on; a failure is logged and loses nothing. */
export async function withBlockModelSetting(extraction: Extraction, enabled: Promise<boolean> = loadBlockModelEnabled()): Promise<Extraction> {
  if (!(await enabled.catch(() => DEFAULT_BLOCK_MODEL_ENABLED))) return extraction;
  try {
    const { withBlockModel } = await import('../src/blocks/stage');
    return await withBlockModel(extraction);
  } catch (error) {
    console.warn('Pith: the block model did not run; the reader shows the structural result', error);
    return extraction;
  }
}
