/** Grouping shared by the benchmark report's sections (bench-report.ts, bench-baselines.ts). */
import type { BenchPage, Scoring } from './bench-page';

/** Items by key, in first-seen order; items whose key is undefined are left out. */
export function groupBy<T>(items: T[], key: (item: T) => string | undefined): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k === undefined) continue;
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/**
 * A dataset is scored one way: by what most of its pages have (truth text or snippets). Its few pages that lack
 * that truth are left out of the quality figures rather than scored against nothing.
 */
export function metricOf(pages: BenchPage[]): Scoring {
  const tokens = pages.filter((p) => p.scoring === 'tokens').length;
  const snippets = pages.filter((p) => p.scoring === 'snippets').length;
  return snippets > tokens ? 'snippets' : 'tokens';
}

/** Languages with fewer pages than this in a dataset are pooled as "other". */
export const MIN_LANGUAGE_PAGES = 3;
export const OTHER_LANGUAGE = 'other';

/** A dataset's pages by language, largest first, the languages with few pages pooled as "other" (last). */
export function languageGroups(pages: BenchPage[]): [string, BenchPage[]][] {
  const counts = groupBy(pages, (p) => p.lang);
  const groups = groupBy(pages, (p) => ((counts.get(p.lang)?.length ?? 0) >= MIN_LANGUAGE_PAGES ? p.lang : OTHER_LANGUAGE));
  return [...groups].sort(([a, x], [b, y]) =>
    a === OTHER_LANGUAGE ? 1 : b === OTHER_LANGUAGE ? -1 : y.length - x.length || a.localeCompare(b),
  );
}
