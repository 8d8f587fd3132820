import { errorMessage } from '../error-message';
/**
 * Outlier groups: typical boilerplate phrases by kind (public/outlier-groups.json), their validation on load, and
 * the user's per-group additions and removals. Validation never throws: bad entries are dropped with a reason.
 */

export const OUTLIER_GROUPS_VERSION = 1;
/** Where the extension serves the file (pass `browser.runtime.getURL(...)` of it outside extension pages). */
export const OUTLIER_GROUPS_PATH = '/outlier-groups.json';
/** Longer "phrases" are not typical boilerplate and would dominate the nearest-phrase search. */
export const MAX_PHRASE_CHARS = 200;
const GROUP_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface OutlierGroup {
  id: string; // e.g. "calls-to-action"
  label: string; // e.g. "calls to action" (used in reasons)
  description?: string;
  phrases: string[]; // English
  /** The same kinds of phrase in other languages, by BCP 47 code; indexed only for models that read them. */
  translations?: Record<string, string[]>;
}

/**
 * The phrases to index for a model that reads `languages` (undefined: a multilingual model, every language). An
 * English-only model would embed foreign phrases as near-random vectors that "match" unrelated text.
 */
export function phrasesFor(group: OutlierGroup, languages?: readonly string[]): string[] {
  const translated = Object.entries(group.translations ?? {})
    .filter(([lang]) => languages === undefined || languages.includes(lang))
    .flatMap(([, phrases]) => phrases);
  return [...group.phrases, ...translated];
}

export interface OutlierGroupsFile {
  version: number;
  groups: OutlierGroup[];
}

/** A user's edits to one group's phrase list (stored in the SORE settings). */
export interface PhraseEdits {
  added: string[];
  removed: string[];
}

export interface ValidatedGroups {
  groups: OutlierGroup[];
  /** One line per dropped or corrected entry. */
  problems: string[];
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Trimmed, whitespace-collapsed phrase, or a reason it is unusable. */
export function cleanPhrase(raw: unknown): { phrase: string } | { problem: string } {
  if (typeof raw !== 'string') return { problem: `not a string (${typeof raw})` };
  const phrase = raw.replace(/\s+/gu, ' ').trim();
  if (!phrase) return { problem: 'empty' };
  if (phrase.length > MAX_PHRASE_CHARS) return { problem: `longer than ${MAX_PHRASE_CHARS} characters` };
  return { phrase };
}

/** Checks an outlier-groups file's content; keeps every usable group and phrase. */
export function validateOutlierGroups(raw: unknown): ValidatedGroups {
  const problems: string[] = [];
  if (!isRecord(raw)) return { groups: [], problems: ['file is not a JSON object'] };
  if (raw.version !== OUTLIER_GROUPS_VERSION) {
    problems.push(`version ${String(raw.version)} is not ${OUTLIER_GROUPS_VERSION}; reading it as version 1`);
  }
  if (!Array.isArray(raw.groups)) return { groups: [], problems: [...problems, '"groups" is not an array'] };

  const groups: OutlierGroup[] = [];
  const seen = new Set<string>();
  raw.groups.forEach((entry: unknown, i) => {
    if (!isRecord(entry)) return void problems.push(`groups[${i}]: not an object; dropped`);
    const { id, label, description, phrases, translations } = entry;
    if (typeof id !== 'string' || !GROUP_ID.test(id)) {
      return void problems.push(`groups[${i}]: id ${JSON.stringify(id)} is not a lower-case-dashed id; dropped`);
    }
    if (seen.has(id)) return void problems.push(`group ${id}: duplicate id; dropped`);
    if (typeof label !== 'string' || !label.trim()) return void problems.push(`group ${id}: no label; dropped`);
    if (!Array.isArray(phrases)) return void problems.push(`group ${id}: "phrases" is not an array; dropped`);
    const kept: string[] = [];
    const keys = new Set<string>();
    phrases.forEach((p: unknown, j) => {
      const c = cleanPhrase(p);
      if ('problem' in c) return void problems.push(`group ${id}: phrase ${j} ${c.problem}; dropped`);
      const key = c.phrase.toLowerCase();
      if (keys.has(key)) return void problems.push(`group ${id}: phrase "${c.phrase}" repeated; dropped`);
      keys.add(key);
      kept.push(c.phrase);
    });
    if (kept.length === 0) return void problems.push(`group ${id}: no usable phrases; dropped`);
    seen.add(id);
    const group: OutlierGroup = { id, label: label.trim(), phrases: kept };
    if (isRecord(translations)) {
      group.translations = {};
      for (const [lang, list] of Object.entries(translations)) {
        const clean = Array.isArray(list) ? list.map(cleanPhrase).flatMap((c) => ('phrase' in c ? [c.phrase] : [])) : [];
        if (clean.length) group.translations[lang] = clean;
        else problems.push(`group ${id}: translations "${lang}" has no usable phrases; dropped`);
      }
    }
    if (typeof description === 'string' && description.trim()) group.description = description.trim();
    groups.push(group);
  });
  return { groups, problems };
}

/**
 * Fetches and validates the groups file. Problems are logged; a failed fetch or bad JSON gives no groups
 * (SORE then has only its distance rule), never an exception.
 */
export async function loadOutlierGroups(
  url: string = OUTLIER_GROUPS_PATH,
  fetchImpl: (url: string) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }> = (u) => fetch(u),
  warn: (message: string) => void = (m) => console.warn(`[pith:sore] outlier groups: ${m}`),
): Promise<OutlierGroup[]> {
  let raw: unknown;
  try {
    const response = await fetchImpl(url);
    if (!response.ok) {
      warn(`${url}: HTTP ${response.status}`);
      return [];
    }
    raw = await response.json();
  } catch (error) {
    warn(`${url}: ${errorMessage(error)}`);
    return [];
  }
  const { groups, problems } = validateOutlierGroups(raw);
  for (const p of problems) warn(p);
  return groups;
}

/**
 * The groups with the user's edits applied: removed phrases (case-insensitive) taken out, added ones appended.
 * Edits for unknown groups are ignored. A group left without phrases is dropped.
 */
export function applyPhraseEdits(groups: OutlierGroup[], edits: Record<string, PhraseEdits>): OutlierGroup[] {
  const out: OutlierGroup[] = [];
  for (const group of groups) {
    const e = edits[group.id];
    if (!e) {
      out.push(group);
      continue;
    }
    const removed = new Set(e.removed.map((p) => p.toLowerCase()));
    const phrases = group.phrases.filter((p) => !removed.has(p.toLowerCase()));
    const present = new Set(phrases.map((p) => p.toLowerCase()));
    for (const raw of e.added) {
      const c = cleanPhrase(raw);
      if ('phrase' in c && !present.has(c.phrase.toLowerCase()) && !removed.has(c.phrase.toLowerCase())) {
        present.add(c.phrase.toLowerCase());
        phrases.push(c.phrase);
      }
    }
    if (phrases.length > 0) out.push({ ...group, phrases });
  }
  return out;
}

/** Group labels by id, for reasons ("calls to action"). */
export function groupLabels(groups: OutlierGroup[]): Map<string, string> {
  return new Map(groups.map((g) => [g.id, g.label]));
}
