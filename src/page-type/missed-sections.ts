/**
 * Sections the structural stages missed, on a page that no profile read, is not read as a forum thread and names no
 * author: a service or landing page that the classifier took for an article, where Readability kept one section of
 * many. When the sections profile (`sectionsProfile`, as on a service page) would bring back at least
 * `MISSED_SECTIONS_RATIO` times the text the structural stages kept, it runs. The ratio was fitted on half the training
 * pages. A page that names its author is left alone: without that condition the rule lowered only news stories, each
 * with a byline, whose neighbouring sections are comments and teasers (bench/results/2026-11-27-forum-sections.md).
 */
import { decide, isKept } from '../decisions/record';
import type { DecisionRecord } from '../decisions/types';
import type { PageSnapshot } from '../snapshot/types';
import type { PageTypeSummary, StepNote } from './index';
import { isChrome, profileName, sectionsProfile } from './profiles';

export const MISSED_SECTIONS_RATIO = 0.8;

/** Text of the visible blocks the record keeps, and of those it does not keep outside the site's frame (an upper bound of what the profile adds). */
function keptAndLeft(snapshot: PageSnapshot, record: DecisionRecord): { kept: number; left: number } {
  let kept = 0;
  let left = 0;
  for (const block of snapshot.blocks) {
    if (!block.visible || !block.text) continue;
    if (isKept(record, block.id)) kept += block.text.length;
    else if (!block.fixed && !isChrome(snapshot, block)) left += block.text.length;
  }
  return { kept, left };
}

/** After every other profile: when none changed the record and the sections it missed outweigh what it kept, keeps them. */
export function missedSections(snapshot: PageSnapshot, record: DecisionRecord, summary: PageTypeSummary, log: StepNote[] = []): PageTypeSummary {
  // A thread's posts are not sections: below the forum profile's cutoff the page is read as the structural stages left it.
  if (summary.applied || summary.type === 'forum') return summary;
  if (snapshot.metadata.byline) return summary; // a story: the sections beside it are the site's, not its own
  const { kept, left } = keptAndLeft(snapshot, record);
  if (kept === 0 || left < MISSED_SECTIONS_RATIO * kept) return summary; // cheap: most articles stop here
  const profile = sectionsProfile(snapshot, record, 'service');
  let added = 0;
  for (const d of profile.decisions) if (d.kept && !isKept(record, d.block)) added += snapshot.blocks[d.block]?.text.length ?? 0;
  if (added < MISSED_SECTIONS_RATIO * kept) return summary;
  for (const d of profile.decisions) decide(record, d);
  const count = profile.decisions.filter((d) => d.kept).length;
  const reason = `Sections the structural stages missed: ${count} more blocks kept (they hold ${(added / kept).toFixed(1)} times the text kept)`;
  log.push({ detail: 'missed-sections', note: reason });
  return { ...summary, label: profileName('service'), applied: true, reason };
}
