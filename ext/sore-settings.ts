/**
 * The user's SORE settings: a typed, versioned storage item in extension local storage. Values are validated
 * whenever they are read or written — a bad value falls back to its default (with a logged reason), never an error.
 */
import { storage } from 'wxt/utils/storage';
import { parseEmbedderSpec } from '../src/embedding/registry';
import { DEFAULT_REMOTE_MODEL, REMOTE_MODELS } from '../src/embedding/remote-models';
import { cleanPhrase, type PhraseEdits } from '../src/sore/groups';
import { calibrationFor } from '../src/sore/calibration';
import { DEFAULT_FALLBACK_SHARE, isValidParam, type SoreParams } from '../src/sore/params';

export const SORE_SETTINGS_VERSION = 1;
export const SORE_SETTINGS_KEY = 'local:soreSettings';
/** The model offered by default; nothing is downloaded before the user enables semantic mode. */
export const DEFAULT_MODEL_SPEC = `hub:${DEFAULT_REMOTE_MODEL}`;
/** Per-group phrase additions are capped so a runaway list cannot bloat the index. */
export const MAX_ADDED_PHRASES_PER_GROUP = 200;
const GROUP_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** 'ask': not decided yet (prompt before a model download); 'declined': the user said no, don't ask again. */
export type SemanticMode = 'ask' | 'enabled' | 'declined';

export interface SoreSettings {
  semanticMode: SemanticMode;
  /** An embedder spec as src/embedding/registry.ts parses it: 'use-lite', 'glove', 'hub:<id>', 'onnx:<folder>'. */
  model: string;
  /** k: share of segments that form the core. */
  coreShare: number;
  /** c: outlier-group cutoff, and per-group overrides. */
  groupCutoff: number;
  groupCutoffs: Record<string, number>;
  /** d: core-distance cutoff. */
  farDistance: number;
  fallbackShare: number;
  /** The user's edits to the shipped phrase lists, by group id. */
  phraseEdits: Record<string, PhraseEdits>;
}

/**
 * The cutoffs k, c, d a model starts with: its own calibration (src/sore/calibration.ts), never another model's
 * (E5's cosines run far higher than USE-lite's, so USE-lite's c would remove almost everything).
 */
export function modelDefaults(spec: string): Pick<SoreSettings, 'coreShare' | 'groupCutoff' | 'farDistance'> {
  const { coreShare, groupCutoff, farDistance } = calibrationFor(spec).params;
  return { coreShare, groupCutoff, farDistance };
}

export const DEFAULT_SORE_SETTINGS: Readonly<SoreSettings> = Object.freeze({
  semanticMode: 'ask',
  model: DEFAULT_MODEL_SPEC,
  ...modelDefaults(DEFAULT_MODEL_SPEC),
  groupCutoffs: {},
  fallbackShare: DEFAULT_FALLBACK_SHARE,
  phraseEdits: {},
});

export function defaultSoreSettings(): SoreSettings {
  return { ...DEFAULT_SORE_SETTINGS, groupCutoffs: {}, phraseEdits: {} };
}

/** Models the options page offers (any other valid spec is kept if already stored, e.g. from the CLI). */
export const SORE_MODEL_CHOICES: readonly { spec: string; label: string }[] = [
  ...REMOTE_MODELS.map((m) => ({
    spec: `hub:${m.id}`,
    label: `${m.id} — ${m.languages === 'multilingual' ? 'many languages' : 'English'}, ${Math.round(m.downloadBytes / 1e6)} MB download`,
  })),
  { spec: 'use-lite', label: 'Universal Sentence Encoder lite — English, bundled' },
  { spec: 'glove', label: 'GloVe word vectors — English, bundled, fastest, least accurate' },
];

export const soreSettingsItem = storage.defineItem<SoreSettings>(SORE_SETTINGS_KEY, {
  fallback: DEFAULT_SORE_SETTINGS,
  version: SORE_SETTINGS_VERSION,
});

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function validModelSpec(spec: unknown): spec is string {
  if (typeof spec !== 'string') return false;
  try {
    parseEmbedderSpec(spec);
    return true;
  } catch {
    return false;
  }
}

function phraseList(raw: unknown, where: string, problems: string[], max: number): string[] {
  if (!Array.isArray(raw)) {
    if (raw !== undefined) problems.push(`${where} is not a list; ignored`);
    return [];
  }
  const out: string[] = [];
  const seen = new Set<string>();
  for (const p of raw) {
    const c = cleanPhrase(p);
    if ('problem' in c) problems.push(`${where}: phrase ${c.problem}; dropped`);
    else if (!seen.has(c.phrase.toLowerCase())) {
      seen.add(c.phrase.toLowerCase());
      out.push(c.phrase);
    }
  }
  if (out.length > max) problems.push(`${where}: more than ${max} phrases; the rest dropped`);
  return out.slice(0, max);
}

/** A complete, valid settings object from anything stored; every replaced value is listed in `problems`. */
export function validateSoreSettings(raw: unknown): { settings: SoreSettings; problems: string[] } {
  const settings = defaultSoreSettings();
  const problems: string[] = [];
  if (raw === null || raw === undefined) return { settings, problems };
  if (!isRecord(raw)) return { settings, problems: ['settings are not an object; using defaults'] };

  if (raw.semanticMode !== undefined) {
    if (raw.semanticMode === 'ask' || raw.semanticMode === 'enabled' || raw.semanticMode === 'declined') {
      settings.semanticMode = raw.semanticMode;
    } else problems.push(`semanticMode ${JSON.stringify(raw.semanticMode)} is not ask/enabled/declined; using ask`);
  }
  if (raw.model !== undefined) {
    if (validModelSpec(raw.model)) settings.model = raw.model.trim();
    else problems.push(`model ${JSON.stringify(raw.model)} is not a known embedder spec; using ${DEFAULT_MODEL_SPEC}`);
  }
  for (const key of ['coreShare', 'groupCutoff', 'farDistance', 'fallbackShare'] as const) {
    const value = raw[key];
    if (value === undefined) continue;
    if (isValidParam(key, value) && (key !== 'coreShare' || value > 0)) settings[key] = value;
    else problems.push(`${key} ${JSON.stringify(value)} is out of range; using ${settings[key]}`);
  }
  if (raw.groupCutoffs !== undefined) {
    if (isRecord(raw.groupCutoffs)) {
      for (const [group, cutoff] of Object.entries(raw.groupCutoffs)) {
        if (GROUP_ID.test(group) && isValidParam('groupCutoff', cutoff)) settings.groupCutoffs[group] = cutoff;
        else problems.push(`cutoff for group ${JSON.stringify(group)} is invalid; dropped`);
      }
    } else problems.push('groupCutoffs is not an object; ignored');
  }
  if (raw.phraseEdits !== undefined) {
    if (isRecord(raw.phraseEdits)) {
      for (const [group, edits] of Object.entries(raw.phraseEdits)) {
        if (!GROUP_ID.test(group) || !isRecord(edits)) {
          problems.push(`phrase edits for ${JSON.stringify(group)} are invalid; dropped`);
          continue;
        }
        const added = phraseList(edits.added, `${group}.added`, problems, MAX_ADDED_PHRASES_PER_GROUP);
        const removed = phraseList(edits.removed, `${group}.removed`, problems, Number.MAX_SAFE_INTEGER);
        if (added.length || removed.length) settings.phraseEdits[group] = { added, removed };
      }
    } else problems.push('phraseEdits is not an object; ignored');
  }
  return { settings, problems };
}

const logProblems = (problems: string[]) => {
  for (const p of problems) console.warn(`[pith:sore-settings] ${p}`);
};

export async function loadSoreSettings(): Promise<SoreSettings> {
  let raw: unknown;
  try {
    raw = await soreSettingsItem.getValue();
  } catch (error) {
    console.warn(`[pith:sore-settings] could not read settings: ${String(error)}; using defaults`);
    return defaultSoreSettings();
  }
  const { settings, problems } = validateSoreSettings(raw);
  logProblems(problems);
  return settings;
}

/** Validates and stores; returns what was stored. */
export async function saveSoreSettings(next: SoreSettings): Promise<SoreSettings> {
  const { settings, problems } = validateSoreSettings(next);
  logProblems(problems);
  await soreSettingsItem.setValue(settings);
  return settings;
}

export async function resetSoreSettings(): Promise<SoreSettings> {
  await soreSettingsItem.removeValue();
  return defaultSoreSettings();
}

/** The SORE parameters the settings control (the rest keep their defaults). */
export function soreParamsFromSettings(settings: SoreSettings): Partial<SoreParams> {
  return {
    coreShare: settings.coreShare,
    groupCutoff: settings.groupCutoff,
    groupCutoffs: { ...settings.groupCutoffs },
    farDistance: settings.farDistance,
    fallbackShare: settings.fallbackShare,
  };
}
