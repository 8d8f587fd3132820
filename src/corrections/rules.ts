/**
 * Saved corrections: per site (origin), one rule per corrected block, keyed by its signature. The stored schema is
 * versioned (`CORRECTIONS_SCHEMA`); older stored values and older export files go through `migrateSites`.
 */
import type { BlockSignature } from './signature';
import { errorMessage } from '../error-message';

export interface CorrectionRule {
  signature: BlockSignature;
  /** What the user wants: true keeps the block, false removes it. */
  kept: boolean;
  /** Day the rule was saved, YYYY-MM-DD. */
  savedAt: string;
}

/** Origin ("https://example.org") → its rules. */
export type SiteRules = Record<string, CorrectionRule[]>;

/** Schema 1 (never written by a release; kept so old test profiles and files still load): rules by exact tag path. */
export interface SiteRulesV1 {
  [origin: string]: { path: string; keep: boolean; saved: number }[];
}

export const CORRECTIONS_SCHEMA = 2;
export const CORRECTIONS_FILE_FORMAT = 'pith-corrections';

export interface CorrectionsFile {
  format: typeof CORRECTIONS_FILE_FORMAT;
  version: number;
  exported: string;
  sites: SiteRules;
}

export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Schema 1 → 2: a rule that knew only the exact path becomes a signature that matches by that path. */
export function migrateV1(old: SiteRulesV1): SiteRules {
  const sites: SiteRules = {};
  for (const [origin, rules] of Object.entries(old ?? {})) {
    if (!Array.isArray(rules)) continue;
    sites[origin] = rules
      .filter((r) => r && typeof r.path === 'string' && typeof r.keep === 'boolean')
      .map((r) => ({
        signature: { path: '', exactPath: r.path, kind: 'text', text: '', head: '', position: 0.5, ordinal: 0 },
        kept: r.keep,
        savedAt: isoDay(new Date(Number.isFinite(r.saved) ? r.saved : 0)),
      }));
  }
  return sites;
}

const SIGNATURE_FIELDS: Record<keyof BlockSignature, 'string' | 'number'> = {
  path: 'string',
  exactPath: 'string',
  kind: 'string',
  text: 'string',
  head: 'string',
  position: 'number',
  ordinal: 'number',
};

/** Why a value is not a rule, or null when it is one. */
function ruleProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return 'is not an object';
  const rule = value as Record<string, unknown>;
  if (typeof rule.kept !== 'boolean') return 'has no "kept" true/false';
  if (typeof rule.savedAt !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(rule.savedAt)) return 'has no "savedAt" date (YYYY-MM-DD)';
  const signature = rule.signature as Record<string, unknown> | null;
  if (typeof signature !== 'object' || signature === null) return 'has no "signature"';
  for (const [field, type] of Object.entries(SIGNATURE_FIELDS)) {
    if (typeof signature[field] !== type) return `has a signature without "${field}"`;
  }
  return null;
}

function originProblem(origin: string): string | null {
  try {
    const url = new URL(origin);
    return url.origin === origin && /^https?:$/.test(url.protocol) ? null : `"${origin}" is not a web site origin (like https://example.org)`;
  } catch {
    return `"${origin}" is not a web site origin (like https://example.org)`;
  }
}

/** Checks a schema-2 site map; the first problem, in words, or the rules. */
export function validateSites(value: unknown): { ok: true; sites: SiteRules } | { ok: false; error: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, error: '"sites" is not an object of site → rules' };
  for (const [origin, rules] of Object.entries(value)) {
    const bad = originProblem(origin);
    if (bad) return { ok: false, error: bad };
    if (!Array.isArray(rules)) return { ok: false, error: `the rules for ${origin} are not a list` };
    for (let i = 0; i < rules.length; i++) {
      const problem = ruleProblem(rules[i]);
      if (problem) return { ok: false, error: `rule ${i + 1} for ${origin} ${problem}` };
    }
  }
  return { ok: true, sites: value as SiteRules };
}

/** An export file, ready to be written as JSON. */
export function correctionsFile(sites: SiteRules, now = new Date()): CorrectionsFile {
  return { format: CORRECTIONS_FILE_FORMAT, version: CORRECTIONS_SCHEMA, exported: now.toISOString(), sites };
}

/** Reads an export file (any version this Pith knows); a malformed or foreign file gives a message and no rules. */
export function parseCorrectionsFile(text: string): { ok: true; sites: SiteRules } | { ok: false; error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `This file is not JSON (${errorMessage(error)}). Nothing was imported.` };
  }
  const file = value as Partial<CorrectionsFile> | null;
  if (typeof file !== 'object' || file === null || file.format !== CORRECTIONS_FILE_FORMAT) {
    return { ok: false, error: 'This is not a Pith corrections file (it has no "format": "pith-corrections"). Nothing was imported.' };
  }
  if (typeof file.version !== 'number' || !Number.isInteger(file.version) || file.version < 1) {
    return { ok: false, error: 'This corrections file has no valid "version". Nothing was imported.' };
  }
  if (file.version > CORRECTIONS_SCHEMA) {
    return { ok: false, error: `This corrections file is version ${file.version}, newer than this Pith reads (${CORRECTIONS_SCHEMA}). Update Pith and try again. Nothing was imported.` };
  }
  const sites = file.version === 1 ? migrateV1(file.sites as unknown as SiteRulesV1) : file.sites;
  const checked = validateSites(sites);
  return checked.ok ? checked : { ok: false, error: `This corrections file is damaged: ${checked.error}. Nothing was imported.` };
}

function sameBlock(a: BlockSignature, b: BlockSignature): boolean {
  return a.path === b.path && a.exactPath === b.exactPath && a.text === b.text;
}

/** Adds rules to a site's list; a rule for the same block replaces the older one. */
export function mergeRules(existing: readonly CorrectionRule[], added: readonly CorrectionRule[]): CorrectionRule[] {
  const kept = existing.filter((old) => !added.some((rule) => sameBlock(old.signature, rule.signature)));
  return [...kept, ...added];
}

export function mergeSites(existing: SiteRules, added: SiteRules): SiteRules {
  const merged: SiteRules = { ...existing };
  for (const [origin, rules] of Object.entries(added)) merged[origin] = mergeRules(merged[origin] ?? [], rules);
  return merged;
}

/** The origin a page's rules are filed under; null for pages that have none (file:, data:, …). */
export function siteOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return /^https?:$/.test(parsed.protocol) ? parsed.origin : null;
  } catch {
    return null;
  }
}
