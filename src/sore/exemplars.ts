import { errorMessage } from '../error-message';
/**
 * Known lines: boilerplate and content exemplars mined from labelled training pages (tools/mine-outliers.ts,
 * shipped as public/outlier-exemplars.json). Beside the hand-written outlier phrases they make SORE's index a
 * nearest-neighbour classifier: a segment whose nearest known lines are mostly boilerplate is removed.
 *
 * Labelling (pure text, no model): a segment of the structural result is content when the page's truth contains it
 * (after normalising case, punctuation and spacing), boilerplate when it does not and it shares little wording with
 * the truth; anything in between is left out.
 */

export const EXEMPLARS_VERSION = 1;
export const OUTLIER_EXEMPLARS_PATH = '/outlier-exemplars.json';

export type ExemplarLabel = 'boilerplate' | 'content';

export interface Exemplar {
  text: string;
  label: ExemplarLabel;
  /** Training pages the line (up to digits) was seen on. */
  pages: number;
}

export interface ExemplarsFile {
  version: number;
  /** Where the exemplars were mined, e.g. "wcxb-dev-train.jsonl.gz, 1181 pages". */
  source: string;
  exemplars: Exemplar[];
}

/** Lower-case letters and digits, single spaces. */
export function normaliseLine(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Same line up to its numbers ("Image 1 of 23" = "Image 4 of 9"): what exemplars are deduplicated on. */
export function exemplarKey(text: string): string {
  return normaliseLine(text).replace(/\p{N}+/gu, '0');
}

/** Share of a segment's word pairs the truth has; below this a segment absent from the truth is boilerplate. */
export const MAX_BOILERPLATE_BIGRAM_SHARE = 0.5;

function bigrams(words: string[]): string[] {
  const out: string[] = [];
  for (let i = 1; i < words.length; i++) out.push(`${words[i - 1]} ${words[i]}`);
  return out;
}

/** The truth, prepared once per page for `labelSegment`. */
export interface Truth {
  text: string;
  lines: Set<string>;
  bigrams: Set<string>;
}

/** Up to this many words a segment is a label ("Advertisement", "Read more"): it must be a truth line of its own. */
export const MAX_LABEL_WORDS = 3;

export function prepareTruth(truth: string): Truth {
  const text = ` ${normaliseLine(truth)} `;
  const lines = new Set(truth.split(/\n/).map(normaliseLine).filter(Boolean));
  return { text, lines, bigrams: new Set(bigrams(text.trim().split(' '))) };
}

/** 'content', 'boilerplate', or undefined when the evidence is mixed (partly in the truth). */
export function labelSegment(segment: string, truth: Truth): ExemplarLabel | undefined {
  const norm = normaliseLine(segment);
  if (!/\p{L}/u.test(norm)) return undefined;
  const words = norm.split(' ');
  const inside = truth.text.includes(` ${norm} `);
  if (words.length <= MAX_LABEL_WORDS) {
    // A short label is content only as a line of the truth (a heading); inside a sentence it proves nothing.
    if (truth.lines.has(norm)) return 'content';
    return inside ? undefined : 'boilerplate';
  }
  if (inside) return 'content';
  const pairs = bigrams(words);
  const shared = pairs.filter((p) => truth.bigrams.has(p)).length / pairs.length;
  return shared < MAX_BOILERPLATE_BIGRAM_SHARE ? 'boilerplate' : undefined;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Reads an exemplars file; bad entries are dropped with a reason, never thrown. */
export function validateExemplars(raw: unknown): { exemplars: Exemplar[]; problems: string[] } {
  if (!isRecord(raw) || !Array.isArray(raw.exemplars)) return { exemplars: [], problems: ['not an exemplars file (no "exemplars" list)'] };
  const problems: string[] = [];
  if (raw.version !== EXEMPLARS_VERSION) problems.push(`version ${String(raw.version)} is not ${EXEMPLARS_VERSION}`);
  const exemplars: Exemplar[] = [];
  raw.exemplars.forEach((e: unknown, i) => {
    if (!isRecord(e) || typeof e.text !== 'string' || !e.text.trim() || (e.label !== 'boilerplate' && e.label !== 'content')) {
      problems.push(`exemplar ${i}: needs a text and a label boilerplate|content; dropped`);
      return;
    }
    exemplars.push({ text: e.text.trim(), label: e.label, pages: typeof e.pages === 'number' ? e.pages : 1 });
  });
  return { exemplars, problems };
}

/** Fetches and validates the exemplars; a failed load gives none (SORE then votes with the hand-written phrases only). */
export async function loadExemplars(
  url: string = OUTLIER_EXEMPLARS_PATH,
  fetchImpl: (url: string) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }> = (u) => fetch(u),
  warn: (message: string) => void = (m) => console.warn(`[pith:sore] outlier exemplars: ${m}`),
): Promise<Exemplar[]> {
  try {
    const response = await fetchImpl(url);
    if (!response.ok) {
      warn(`${url}: HTTP ${response.status}`);
      return [];
    }
    const { exemplars, problems } = validateExemplars(await response.json());
    for (const p of problems.slice(0, 5)) warn(p);
    return exemplars;
  } catch (error) {
    warn(`${url}: ${errorMessage(error)}`);
    return [];
  }
}
