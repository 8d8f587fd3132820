/**
 * The user's perplexity-stage settings (a typed storage item), and running the stage in the reader page.
 *
 * Where the stage runs in the extension: in the model host (offscreen document; on Firefox the background's frame),
 * on the extraction the content script returned to the reader, so each language's model is loaded once per
 * browser session. Not in the content script: it runs in the visited site's page, where fetching the models from
 * the extension package would need them listed as web-accessible resources, so every site could probe for Pith.
 * The code is the same pure stage the CLI runs in its page bundle.
 */
import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import { DEFAULT_PERPLEXITY_PARAMS } from '../src/perplexity/params';
import type { ModelLoader, PerplexityRunner } from '../src/perplexity/stage';
import type { Extraction } from '../src/pipeline/types';

export interface PerplexitySettings {
  enabled: boolean;
  wordCutoff: number;
  charCutoff: number;
}

/** Off until the benchmark shows the stage helps (see README, "Perplexity stage"). */
export const DEFAULT_PERPLEXITY_ENABLED = false;
export const CUTOFF_RANGE = { min: 10, max: 1_000_000 } as const;

export const DEFAULT_PERPLEXITY_SETTINGS: Readonly<PerplexitySettings> = Object.freeze({
  enabled: DEFAULT_PERPLEXITY_ENABLED,
  wordCutoff: DEFAULT_PERPLEXITY_PARAMS.wordCutoff,
  charCutoff: DEFAULT_PERPLEXITY_PARAMS.charCutoff,
});

export const perplexitySettingsItem = storage.defineItem<PerplexitySettings>('local:perplexitySettings', {
  fallback: DEFAULT_PERPLEXITY_SETTINGS,
  version: 1,
});

const validCutoff = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= CUTOFF_RANGE.min && v <= CUTOFF_RANGE.max;

/** A complete, valid settings object from anything stored; a bad value falls back to its default. */
export function validatePerplexitySettings(raw: unknown): PerplexitySettings {
  const settings = { ...DEFAULT_PERPLEXITY_SETTINGS };
  if (typeof raw !== 'object' || raw === null) return settings;
  const r = raw as Record<string, unknown>;
  if (typeof r.enabled === 'boolean') settings.enabled = r.enabled;
  if (validCutoff(r.wordCutoff)) settings.wordCutoff = r.wordCutoff;
  if (validCutoff(r.charCutoff)) settings.charCutoff = r.charCutoff;
  return settings;
}

export async function loadPerplexitySettings(): Promise<PerplexitySettings> {
  return validatePerplexitySettings(await perplexitySettingsItem.getValue());
}

export async function savePerplexitySettings(settings: PerplexitySettings): Promise<PerplexitySettings> {
  const valid = validatePerplexitySettings(settings);
  await perplexitySettingsItem.setValue(valid);
  return valid;
}

let localModels: ModelLoader | null = null;

/**
 * Runs the stage on an extraction when the user has it on; a failure is recorded and loses nothing. `stored`: the
 * settings, when the caller started reading them earlier. The stage runs in the model host, which keeps each
 * language's model for the session; where the host cannot be reached, here, with models loaded for this page.
 */
export async function withPerplexity(extraction: Extraction, stored: Promise<PerplexitySettings> = loadPerplexitySettings()): Promise<Extraction> {
  const settings = await stored.catch(() => DEFAULT_PERPLEXITY_SETTINGS);
  if (!settings.enabled) return extraction;
  // Loaded only when the stage is on: the reader's first paint does not wait for the stage's code.
  const [{ runPerplexityStage }, { perplexityViaHost }] = await Promise.all([import('../src/pipeline/perplexity-stage'), import('./model-host/client')]);
  const runner: PerplexityRunner = async (snapshot, record, params = DEFAULT_PERPLEXITY_PARAMS) => {
    try {
      return await perplexityViaHost({ snapshot: { ...snapshot, html: '', nodes: [], links: [] }, record, params });
    } catch (error) {
      console.warn('Pith: the model host did not run the perplexity stage; running it in this page', error);
      const [{ localPerplexityRunner }, { MODEL_DIR, urlModelLoader }] = await Promise.all([import('../src/perplexity/stage'), import('../src/perplexity/load')]);
      localModels ??= urlModelLoader((browser.runtime.getURL as (path: string) => string)(`/${MODEL_DIR}`));
      return localPerplexityRunner(localModels)(snapshot, record, params);
    }
  };
  return runPerplexityStage(extraction, { runner }, { wordCutoff: settings.wordCutoff, charCutoff: settings.charCutoff });
}
