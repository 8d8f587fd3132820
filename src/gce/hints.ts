/**
 * Whether an element's hint (id, class, role, itemprop/itemtype, lower-cased) marks it as article or content.
 * The hint is split into words at every non-alphanumeric character ("main-content" → main, content); a word
 * matches when it contains a keyword anywhere, so glued forms match too ("maincontent", "articlebody",
 * "schema.org/article"), unless the whole word is an exclusion ("contentinfo", the footer landmark role).
 */
export function hintMatches(hint: string, keywords: readonly string[], exclusions: readonly string[]): boolean {
  if (hint.length === 0) return false;
  for (const word of hint.split(/[^a-z0-9]+/)) {
    if (word.length === 0 || exclusions.includes(word)) continue;
    if (keywords.some((k) => word.includes(k))) return true;
  }
  return false;
}
