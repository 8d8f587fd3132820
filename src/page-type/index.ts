/**
 * Page types: the classifier names the kind of page (article, forum, product, service, listing, collection,
 * documentation) and, when it is confident enough, that type's profile runs over the structural stages' record.
 */
import { decide, isKept } from '../decisions/record';
import type { DecisionRecord } from '../decisions/types';
import { passOn, type PassId, type PassSwitches } from '../pipeline/passes';
import type { PageSnapshot } from '../snapshot/types';
import { classifyPage, type PageTypeVerdict } from './classify';
import type { PageType } from './model';
import { missedListing } from './missed-listing';
import { missedSections } from './missed-sections';
import { withAddedBlocks, type AddedBlocks } from './product-data';
import { readerComments, type ReaderComments } from './reader-comments';
import { pageRepeats } from './repeats';
import { withoutTrailingLinks } from './trailing-links';
import type { ForumPost } from './forum-profile';
import { profileDecisions, profileName } from './profiles';

export type { PageType } from './model';
export type { ForumPost } from './forum-profile';

export interface PageTypeSummary {
  type: PageType;
  confidence: number;
  /** "Forum thread" etc. */
  label: string;
  /** Whether the type's profile changed the record. */
  applied: boolean;
  /** Why the profile ran or did not, e.g. "Forum thread: every post kept (6 posts)". */
  reason: string;
  posts?: ForumPost[];
}

/**
 * Below these probabilities the page is read as the structural stages left it. Tuned on wcxb-dev-sample (the
 * profile's gain in token F1 against the same pages without it) and checked on half the training pages:
 * - forum 0.7 (was 0.9): 5 dev forum threads gain, none lose; on the training half 6 gain and 2 lose (+0.40 F1 in
 *   all); no article of the dev sets reaches 0.6;
 * - service 0.4 (was 0.5): 3 dev pages gain, none lose; on the training half 8 gain and 2 lose (+0.75 in all).
 * Documentation has no profile: it gained under 0.002 where it acted (bench/results/2026-11-28-ablation.md).
 */
export const PROFILE_CUTOFFS: Record<PageType, number> = {
  article: Infinity,
  forum: 0.7,
  product: 0.4,
  service: 0.4,
  listing: 0.4,
  collection: 0.45,
  documentation: Infinity,
};

/** A line of the page-type stage's run log: path `page-type:<detail>`. */
export interface StepNote {
  detail: string;
  note: string;
}

/** The classifier's type and, above its cutoff, that type's profile over the record. */
function typeProfile(snapshot: PageSnapshot, record: DecisionRecord, verdict: PageTypeVerdict, passes?: PassSwitches): { summary: PageTypeSummary; added?: AddedBlocks } {
  const label = profileName(verdict.type);
  const cutoff = PROFILE_CUTOFFS[verdict.type];
  if (verdict.confidence < cutoff || !passOn(passes, `profile:${verdict.type}` as PassId)) {
    const reason =
      verdict.type === 'article'
        ? 'Article: read as the structural stages left it'
        : cutoff === Infinity
          ? `${label}: no profile applied (it did not improve these pages on the development set)`
          : `${label} (probability ${verdict.confidence.toFixed(2)}, below the profile's cutoff ${cutoff}): no profile applied`;
    return { summary: { type: verdict.type, confidence: verdict.confidence, label, applied: false, reason } };
  }
  const profile = profileDecisions(verdict.type, snapshot, record, passes);
  for (const d of profile?.decisions ?? []) decide(record, d);
  const summary = {
    type: verdict.type,
    confidence: verdict.confidence,
    label,
    applied: profile !== null,
    reason: profile?.reason ?? `${label}: no repeated items found, nothing changed`,
    posts: profile?.posts,
  };
  return { summary, added: profile?.added };
}

/**
 * An article followed by reader comments: the forum profile does not run (its posts would be the comments), and
 * whatever a profile or rescue brings back of the comments is removed again (cause `comment-section`).
 */
function withoutRevivedComments(record: DecisionRecord, comments: ReaderComments, keptBefore: ReadonlySet<number>, log: StepNote[]): void {
  let removed = 0;
  for (const id of comments.blocks) {
    const decision = record.decisions[id];
    if (!decision?.kept || keptBefore.has(id)) continue;
    decide(record, { block: id, kept: false, stage: 'page-type', cause: 'comment-section', reason: `Reader comments: ${comments.what}`, evidence: { kind: 'page-type-profile', found: comments.what } });
    removed++;
  }
  log.push({ detail: 'reader-comments', note: `${comments.reason} (after ${comments.articleChars} characters of article${removed ? `; ${removed} blocks a profile or rescue brought back removed again` : ''})` });
}

/** The page-type stage (see src/pipeline/stages.ts): the snapshot (with any blocks the profile added), the summary, its log. */
export function runPageTypeProfile(
  taken: PageSnapshot,
  record: DecisionRecord,
  passes?: PassSwitches,
): { snapshot: PageSnapshot; summary: PageTypeSummary; log: StepNote[] } {
  let snapshot = taken;
  const log: StepNote[] = [];
  const verdict = classifyPage(snapshot);
  const keptBefore = new Set(snapshot.blocks.filter((b) => record.decisions[b.id]?.kept).map((b) => b.id));
  const comments = passOn(passes, 'reader-comments') ? readerComments(snapshot, record, pageRepeats(snapshot), verdict, PROFILE_CUTOFFS.product) : null;
  // The forum and listing profiles would keep the comments as the page's posts or items: the page reads as the article.
  const typed = comments && (verdict.type === 'forum' || verdict.type === 'listing')
    ? { summary: { type: 'article' as const, confidence: verdict.probabilities.article, label: profileName('article'), applied: true, reason: comments.reason } }
    : typeProfile(snapshot, record, verdict, passes);
  if (typed.added) snapshot = withAddedBlocks(snapshot, typed.added);
  let summary = typed.summary;
  // Below an article the comments are the only cards a missed listing would find: it is not looked for.
  if (passOn(passes, 'missed-listing') && !comments) summary = missedListing(snapshot, record, summary, log);
  if (passOn(passes, 'missed-sections')) summary = missedSections(snapshot, record, summary, log);
  if (comments) withoutRevivedComments(record, comments, keptBefore, log);
  // On a listing or collection whose items a profile kept, runs of linked items are the content.
  const listed = log.some((l) => l.detail === 'missed-listing') || (summary.applied && (summary.type === 'listing' || summary.type === 'collection') && snapshot.blocks.some((b) => isKept(record, b.id) && !keptBefore.has(b.id)));
  if (passOn(passes, 'trailing-links') && !listed) withoutTrailingLinks(snapshot, record, log);
  log.push({ detail: `${verdict.type}${summary.applied ? '' : ':not-applied'}`, note: `${summary.reason} [probability ${verdict.confidence.toFixed(3)}]` });
  return { snapshot, summary, log };
}
