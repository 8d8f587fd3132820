/**
 * The user's saved corrections in extension storage (`@wxt-dev/storage`): one versioned item, origin → rules.
 * Schema 2 stores block signatures; a schema-1 value (rules by exact tag path) is migrated on first read.
 * Local storage survives reloads, browser restarts and extension updates.
 */
import { storage } from 'wxt/utils/storage';
import { runCorrectionsStage } from '@/src/corrections/stage';
import type { Extraction } from '@/src/pipeline/types';
import { logRun } from '@/src/decisions/record';
import {
  CORRECTIONS_SCHEMA,
  correctionsFile,
  mergeRules,
  mergeSites,
  migrateV1,
  parseCorrectionsFile,
  siteOf,
  validateSites,
  type CorrectionRule,
  type SiteRules,
  type SiteRulesV1,
} from '@/src/corrections/rules';
import { errorMessage } from '../src/error-message';

export const correctionsItem = storage.defineItem<SiteRules>('local:corrections', {
  fallback: {},
  version: CORRECTIONS_SCHEMA,
  migrations: { 2: (old: SiteRulesV1): SiteRules => migrateV1(old) },
});

/** Every saved rule; a damaged stored value throws, saying what is wrong (`withCorrections` reports it as a run). */
export async function loadAllRules(): Promise<SiteRules> {
  const checked = validateSites(await correctionsItem.getValue());
  if (!checked.ok) throw new Error(`Your saved corrections are damaged (${checked.error}).`);
  return checked.sites;
}

export async function loadSiteRules(origin: string): Promise<CorrectionRule[]> {
  return (await loadAllRules())[origin] ?? [];
}

/** Adds rules for a site (a rule for the same block replaces the older one). */
export async function saveRules(origin: string, rules: readonly CorrectionRule[]): Promise<number> {
  const all = await loadAllRules();
  all[origin] = mergeRules(all[origin] ?? [], rules);
  await correctionsItem.setValue(all);
  return all[origin].length;
}

export async function deleteRule(origin: string, index: number): Promise<void> {
  const all = await loadAllRules();
  const rules = (all[origin] ?? []).filter((_, i) => i !== index);
  if (rules.length > 0) all[origin] = rules;
  else delete all[origin];
  await correctionsItem.setValue(all);
}

export async function deleteSite(origin: string): Promise<void> {
  const all = await loadAllRules();
  delete all[origin];
  await correctionsItem.setValue(all);
}

export async function exportRulesJson(): Promise<string> {
  return `${JSON.stringify(correctionsFile(await loadAllRules()), null, 2)}\n`;
}

/** Imports a file's rules beside the saved ones; a bad file changes nothing and says why. */
export async function importRulesJson(text: string): Promise<{ ok: true; sites: number; rules: number } | { ok: false; error: string }> {
  const parsed = parseCorrectionsFile(text);
  if (!parsed.ok) return parsed;
  await correctionsItem.setValue(mergeSites(await loadAllRules(), parsed.sites));
  const lists = Object.values(parsed.sites);
  return { ok: true, sites: lists.length, rules: lists.reduce((n, r) => n + r.length, 0) };
}

/**
 * Runs the corrections stage with the page's site rules; a storage failure is a `corrections:failed` run.
 * `stored`: every saved rule, when the caller started reading them earlier.
 */
export async function withCorrections(extraction: Extraction, stored?: Promise<SiteRules>): Promise<Extraction> {
  const origin = siteOf(extraction.snapshot.url);
  if (!origin) return extraction;
  try {
    return runCorrectionsStage(extraction, stored ? ((await stored)[origin] ?? []) : await loadSiteRules(origin));
  } catch (error) {
    logRun(extraction.record, { stage: 'user', path: 'corrections:failed', ms: 0, note: errorMessage(error) });
    return extraction;
  }
}
