/** Matching id/class words and describing elements in the words a reader sees. */
import { causeLabel, type RemovalCause } from '../decisions/causes';
import type { SnapshotNode } from '../snapshot/types';
import type { Region } from './types';

/** Bounds the words a matcher remembers (a long-lived page reads many pages). */
const MAX_REMEMBERED_WORDS = 4096;

/** A name that is plain text, or plain text with single optional characters ("breadcrumbs?", "top-?bar"). */
const PLAIN_NAME = /^(?:[a-z0-9_-]\??)+$/;

/** The words a plain name stands for: "top-?bar" → top-bar, topbar. */
function spellings(name: string): string[] {
  const at = name.indexOf('?');
  if (at < 0) return [name];
  const rest = spellings(name.slice(at + 1));
  return [...rest.map((r) => name.slice(0, at) + r), ...rest.map((r) => name.slice(0, at - 1) + r)];
}

/**
 * Every run of whole parts of `token`, the parts separated by - or _ ("a-b_c" → a, a-b, a-b_c, b, b_c, c): a name
 * matches the token as `(?:^|[-_])name(?:$|[-_])` does exactly when it is one of these runs. Shared by all matchers.
 */
const partRuns = new Map<string, string[]>();
function runsOf(token: string): string[] {
  let runs = partRuns.get(token);
  if (!runs) {
    const starts = [0];
    const ends: number[] = [];
    for (let i = 0; i < token.length; i++) {
      const c = token.charCodeAt(i);
      if (c === 45 || c === 95) {
        ends.push(i);
        starts.push(i + 1);
      }
    }
    ends.push(token.length);
    runs = [];
    for (const s of starts) for (const e of ends) if (e > s) runs.push(token.slice(s, e));
    if (partRuns.size >= MAX_REMEMBERED_WORDS) partRuns.clear();
    partRuns.set(token, runs);
  }
  return runs;
}

/**
 * A matcher for id/class words: true for a word that is one of `names` or has one of them as a part separated by
 * - or _ ("site-footer" has "footer"). Returns the matching word. Names are regular-expression fragments; the plain
 * ones are looked up among a word's runs of parts (`runsOf`), cheaper than a regular expression per word and matcher
 * on a fresh page, and only the others ("cookie\w*", "ad\d+") are tested as a pattern.
 */
export function wordMatcher(names: readonly string[], options: { exclude?: RegExp } = {}): (tokens: readonly string[]) => string | null {
  const plain = new Set(names.filter((n) => PLAIN_NAME.test(n)).flatMap(spellings));
  const patterns = names.filter((n) => !PLAIN_NAME.test(n));
  const pattern = patterns.length > 0 ? new RegExp(`(?:^|[-_])(?:${patterns.join('|')})(?:$|[-_])`) : null;
  // Pages repeat their class words across many elements: each word is tested once.
  const answers = new Map<string, boolean>();
  return (tokens) => {
    for (const token of tokens) {
      let hit = answers.get(token);
      if (hit === undefined) {
        hit = token.length <= 60 && !options.exclude?.test(token) && (runsOf(token).some((run) => plain.has(run)) || (pattern?.test(token) ?? false));
        if (answers.size >= MAX_REMEMBERED_WORDS) answers.clear();
        answers.set(token, hit);
      }
      if (hit) return token;
    }
    return null;
  };
}

/** Whether the element's role attribute is one of `roles` (the role is among the hint words). */
export function hasRole(region: Region, roles: readonly string[]): string | null {
  return region.tokens.find((t) => roles.includes(t)) ?? null;
}

/** An itemtype of schema.org among the hint words, e.g. "breadcrumblist". */
export function schemaType(region: Region, types: readonly string[]): string | null {
  for (const token of region.tokens) {
    const m = /schema\.org\/(\w+)$/.exec(token);
    if (m && types.includes(m[1]!)) return m[1]!;
  }
  return null;
}

export function percent(share: number): string {
  return `${Math.round(share * 100)}% links`;
}

/** "<nav>" or "<div> marked “sidebar”". */
export function describeElement(node: SnapshotNode, word?: string | null): string {
  return word ? `<${node.tag}> marked “${word}”` : `<${node.tag}>`;
}

/** "in <nav>, 100% links": where the block sat and how much of that element is links. */
export function inRegion(region: Region, word?: string | null): string {
  const where = `in ${describeElement(region.node, word)}`;
  return region.textLength > 0 ? `${where}, ${percent(region.linkShare)}` : where;
}

export function shortText(text: string, max = 40): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** “text” quoted for a reason, cut to a readable length. */
export function quoted(text: string, max = 40): string {
  return `“${shortText(text, max)}”`;
}

/** "Navigation menu (in <nav>, 100% links) — outside the article (Readability)". */
export function causeReason(cause: RemovalCause, evidence: string, stage: string): string {
  const words = causeLabel(cause);
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} (${evidence}) — ${stage}`;
}
