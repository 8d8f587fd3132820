/** The benchmark report's semantic-pass section: how many pages kept their structural result, and why. */
import type { BenchPage } from './bench-page';

const MAX_LISTED = 10;

/** Empty when no page ran the semantic pass. */
export function semanticSection(pages: BenchPage[]): string {
  const ran = pages.filter((p) => p.structural !== undefined);
  if (ran.length === 0) return '';
  const failed = ran.filter((p) => p.pith.semanticError !== undefined);
  // Texts are dropped before the report: a page lost what the structural pass found when its recall fell to 0.
  const lost = ran.filter((p) => p.pith.score.recall === 0 && (p.structural?.score.recall ?? 0) > 0);
  const lines = [
    `Semantic pass on ${ran.length} pages: ${failed.length} kept their structural result because the pass failed or ran out of time; ` +
      `${lost.length} pages lost text the structural pass had.`,
    ...failed.slice(0, MAX_LISTED).map((p) => `- ${p.dataset}/${p.id}: ${p.pith.semanticError}`),
  ];
  if (failed.length > MAX_LISTED) lines.push(`- … and ${failed.length - MAX_LISTED} more (see the predictions file)`);
  return `## Semantic pass\n\n${lines.join('\n')}`;
}
