import { buildPageView, decidingRuleMatch, type PageView } from '../boilerplate';
import { nearestEnclosing } from '../boilerplate/ancestry';
import { commentSection } from '../boilerplate/rules/comment-section';
import { MAX_FORM_TEXT } from '../boilerplate/rules/web-form';
import { causeLabel } from '../decisions/causes';
import type { Block, PageSnapshot } from '../snapshot/types';
import { runReadabilityOnSnapshot, type ReadabilityVerdict } from './readability';

/**
 * On a short post Readability can score a cookie banner, a login box or a form to fill in (a comment form, a sign-up
 * box) higher than the post and return it as the article. When Pith's own reliable rules (the ones that remove a block
 * by themselves) recognise at least this share of the article's text, or it is a sign-up, login or comment form,
 * Readability reads the page again without those blocks: its answer on the page as a reader sees it once the banner is gone.
 */
export const MIN_BOILERPLATE_ARTICLE_SHARE = 0.5;
/** Readings at most: the first, and one more for each layer of boilerplate taken away (a banner, then a form). */
export const MAX_READINGS = 3;

const FORM_FIELDS = 'a sign-up, login or comment form';

/** How far above a form an element marked as the comment section may be (the form, its wrapper, the section). */
const COMMENT_FORM_LEVELS = 3;

/** Whether the form at `node` says it is a comment form: it or an element just above it is marked as the comments. */
function isCommentForm(snapshot: PageSnapshot, view: PageView, node: number): boolean {
  for (let n = node, level = 0; n >= 0 && level < COMMENT_FORM_LEVELS; n = snapshot.nodes[n]?.parent ?? -1, level++) {
    if (commentSection.region?.(view.region(n), undefined, view)) return true;
  }
  return false;
}

/**
 * Whether the block stands in a form that is not the page's content by what it is: a sign-up, a login or a comment
 * form (a contact or order form may be all a page has to read), no larger than a form is.
 */
function inAsideForm(snapshot: PageSnapshot, view: PageView, block: Block): boolean {
  const n = nearestEnclosing(snapshot, block.node, 'form:any', () => (node) => node.form !== undefined);
  if (n < 0 || (view.textLength[n] ?? 0) > MAX_FORM_TEXT) return false;
  const form = snapshot.nodes[n]!.form;
  return form === 'subscribe' || form === 'login' || isCommentForm(snapshot, view, n);
}

/** What of Readability's answer is named boilerplate or form fields: the blocks, their causes in words, their share of its text. */
function boilerplateIn(snapshot: PageSnapshot, view: PageView, kept: ReadonlySet<number>): { blocks: number[]; causes: Set<string>; share: number } {
  const blocks: number[] = [];
  const causes = new Set<string>();
  let total = 0;
  let named = 0;
  for (const block of snapshot.blocks) {
    if (!kept.has(block.id)) continue;
    total += block.text.length;
    const match = decidingRuleMatch(block, view);
    const cause = match ? causeLabel(match.rule.cause) : inAsideForm(snapshot, view, block) ? FORM_FIELDS : null;
    if (!cause) continue;
    named += block.text.length;
    blocks.push(block.id);
    causes.add(cause);
  }
  return { blocks, causes, share: total > 0 ? named / total : 0 };
}

/** Readability's verdict, read again without the named boilerplate while that is most of what it found. */
export function readabilityPastBoilerplate(snapshot: PageSnapshot, page?: () => Document): ReadabilityVerdict {
  let verdict = runReadabilityOnSnapshot(snapshot, undefined, page);
  if (!verdict.kept) return verdict;
  const view = buildPageView(snapshot, -1, 0);
  const without = new Set<number>();
  const notes: string[] = [];
  let ms = verdict.ms;
  for (let reading = 1; reading < MAX_READINGS; reading++) {
    const found = boilerplateIn(snapshot, view, verdict.kept!);
    if (found.share < MIN_BOILERPLATE_ARTICLE_SHARE) break;
    for (const id of found.blocks) without.add(id);
    const next = runReadabilityOnSnapshot(snapshot, undefined, page, without);
    ms += next.ms;
    const what = `Pith's named rules recognise ${Math.round(found.share * 100)} % of the article Readability found (${[...found.causes].join(', ')})`;
    if (!next.kept) {
      notes.push(`${what}; read again without it, it found no article, so its ${reading === 1 ? 'first' : 'last'} answer stands`);
      break;
    }
    notes.push(`${what}; read again without it`);
    verdict = next;
  }
  return notes.length > 0 ? { ...verdict, ms, reread: notes.join('; then ') } : { ...verdict, ms };
}
