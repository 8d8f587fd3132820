import { buildPageView, decidingRuleMatch } from '../boilerplate';
import { causeLabel } from '../decisions/causes';
import type { PageSnapshot } from '../snapshot/types';
import { runReadabilityOnSnapshot, type ReadabilityVerdict } from './readability';

/**
 * On a short post Readability can score a cookie banner or a login box higher than the post and return it as the
 * article. When Pith's own reliable rules (the ones that remove a block by themselves) recognise at least this share
 * of the article's text, Readability reads the page again without those blocks: its answer on the page as a reader
 * sees it once the banner is gone.
 */
export const MIN_BOILERPLATE_ARTICLE_SHARE = 0.5;

/** Readability's verdict, read again without the named boilerplate when that is most of what it found. */
export function readabilityPastBoilerplate(snapshot: PageSnapshot, page?: () => Document): ReadabilityVerdict {
  const first = runReadabilityOnSnapshot(snapshot, undefined, page);
  if (!first.kept) return first;
  const view = buildPageView(snapshot, -1, 0);
  const boilerplate = new Set<number>();
  const causes = new Set<string>();
  let total = 0;
  let named = 0;
  for (const block of snapshot.blocks) {
    if (!first.kept.has(block.id)) continue;
    total += block.text.length;
    const match = decidingRuleMatch(block, view);
    if (!match) continue;
    named += block.text.length;
    boilerplate.add(block.id);
    causes.add(causeLabel(match.rule.cause));
  }
  if (total === 0 || named / total < MIN_BOILERPLATE_ARTICLE_SHARE) return first;
  const second = runReadabilityOnSnapshot(snapshot, undefined, page, boilerplate);
  const what = `Pith's named rules recognise ${Math.round((named / total) * 100)} % of the article Readability found (${[...causes].join(', ')})`;
  const ms = first.ms + second.ms;
  if (!second.kept) return { ...first, ms, reread: `${what}; read again without it, it found no article, so its first answer stands` };
  return { ...second, ms, reread: `${what}; read again without it` };
}
