/** Matching id/class words and describing elements in the words a reader sees. */
import { causeLabel, type RemovalCause } from '../decisions/causes';
import type { SnapshotNode } from '../snapshot/types';
import type { Region } from './types';

/** Bounds the words a matcher remembers (a long-lived page reads many pages). */
const MAX_REMEMBERED_WORDS = 4096;

/**
 * A matcher for id/class words: true for a word that is one of `names` or has one of them as a part separated by
 * - or _ ("site-footer" has "footer"). Returns the matching word.
 */
export function wordMatcher(names: readonly string[], options: { exclude?: RegExp } = {}): (tokens: readonly string[]) => string | null {
  const pattern = new RegExp(`(?:^|[-_])(?:${names.join('|')})(?:$|[-_])`);
  // Pages repeat their class words across many elements: each word is tested once (a lookup by string is cheaper
  // than the regular expressions, and than keying the answer on each element's word list).
  const answers = new Map<string, boolean>();
  return (tokens) => {
    for (const token of tokens) {
      let hit = answers.get(token);
      if (hit === undefined) {
        hit = token.length <= 60 && !options.exclude?.test(token) && pattern.test(token);
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
