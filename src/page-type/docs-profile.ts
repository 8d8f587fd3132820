/**
 * Documentation pages: prose, code and tables stay; the site's sidebar navigation, table of contents and "edit this
 * page" links go. What the structural extractor dropped inside the documentation comes back: the introduction under
 * the page's title, whole sections between kept ones (with their headings), and code examples between kept paragraphs.
 */
import { isInside } from '../boilerplate/ancestry';
import { classifyBlock } from '../boilerplate/classify';
import { buildPageView, commonAncestor } from '../boilerplate/page-view';
import { editLink } from '../boilerplate/rules/edit-link';
import { navMenu } from '../boilerplate/rules/nav-menu';
import { sidebar } from '../boilerplate/rules/sidebar';
import { tableOfContents } from '../boilerplate/rules/table-of-contents';
import { causeLabel, type RemovalCause } from '../decisions/causes';
import { isKept } from '../decisions/record';
import type { Decision, DecisionRecord } from '../decisions/types';
import type { Block, PageSnapshot } from '../snapshot/types';
import { keep, type ProfileResult } from './profiles';

/** Documentation navigation: the named rules, so each removal carries its specific cause and evidence. */
const DOCS_NAVIGATION = [editLink, tableOfContents, sidebar, navMenu];

/** Most link text a dropped section or introduction may hold and still be prose and code (a list of links is navigation). */
const SECTION_MAX_LINK_SHARE = 0.5;

/** The nearest visible block with text that is not code, from `index` in `step` direction. */
function nearestProse(blocks: Block[], index: number, step: 1 | -1): Block | undefined {
  for (let i = index + step; i >= 0 && i < blocks.length; i += step) if (blocks[i]!.kind !== 'code') return blocks[i];
  return undefined;
}

/** Longest line that may be a code example's own chrome (its file name, language, "Copy", "Reload", "Show more"). */
const CODE_LABEL_MAX_CHARS = 30;

/** The nearest block from `index` in `step` direction that is neither code nor a short dropped line beside it. */
function nearestProseBeyondLabels(blocks: Block[], index: number, step: 1 | -1, record: DecisionRecord): Block | undefined {
  for (let i = index + step; i >= 0 && i < blocks.length; i += step) {
    const block = blocks[i]!;
    const label = block.kind !== 'heading' && block.text.length <= CODE_LABEL_MAX_CHARS && !isKept(record, block.id);
    if (block.kind !== 'code' && !label) return block;
  }
  return undefined;
}

/**
 * Code examples the structural extractor dropped between kept blocks (Readability's conditional cleaning removes a
 * <div> holding a <pre> and its copy button, or an interactive example with its file tabs and "Reload" button; those
 * short lines around the code stay out): documentation is prose and code, so they stay. `restored`: blocks this
 * profile brings back, which count as kept.
 */
function codeBetweenKept(snapshot: PageSnapshot, record: DecisionRecord, restored: ReadonlySet<number>): Decision[] {
  const shown = snapshot.blocks.filter((b) => b.visible && b.text.trim());
  const kept = (block: Block | undefined) => !!block && (isKept(record, block.id) || restored.has(block.id));
  const out: Decision[] = [];
  shown.forEach((block, i) => {
    if (block.kind !== 'code' || kept(block) || record.decisions[block.id]?.evidence.kind !== 'structural-extractor') return;
    if (kept(nearestProseBeyondLabels(shown, i, -1, record)) && kept(nearestProseBeyondLabels(shown, i, 1, record))) out.push(keep(block.id, 'Documentation: a code example between kept paragraphs'));
  });
  return out;
}

/**
 * Dropped by the structural extractor with no named cause. A section heading that is all link is the heading's own
 * permalink (an anchor to itself), which the cause pass calls a link cluster: that counts too.
 */
function droppedByExtractor(record: DecisionRecord, block: Block): boolean {
  const d = record.decisions[block.id];
  if (!d || d.kept || d.evidence.kind !== 'structural-extractor') return false;
  return d.cause === undefined || d.cause === 'stage-decided' || (block.kind === 'heading' && d.cause === 'link-cluster');
}

/**
 * Whole sections the structural extractor dropped inside the documentation it kept (Readability's conditional
 * cleaning removes a section whose code and tables outweigh its prose, and headings that are links to themselves): a
 * run of blocks that opens with a heading, sits between kept blocks (code examples aside) inside the kept content's container, was dropped
 * with no named cause and, apart from its headings, is not mostly links. Documentation is every section of the page,
 * so they stay.
 */
function sectionsBetweenKept(snapshot: PageSnapshot, record: DecisionRecord, container: number): Decision[] {
  const shown = snapshot.blocks.filter((b) => b.visible && b.text.trim());
  const out: Decision[] = [];
  let i = 0;
  while (i < shown.length) {
    const first = shown[i]!;
    const before = nearestProse(shown, i, -1); // a dropped code example between comes back with the section
    if (first.kind !== 'heading' || !droppedByExtractor(record, first) || !before || !isKept(record, before.id)) {
      i++;
      continue;
    }
    let j = i;
    while (j < shown.length && droppedByExtractor(record, shown[j]!)) j++;
    const run = shown.slice(i, j);
    const body = run.filter((b) => b.kind !== 'heading');
    const closed = j < shown.length && isKept(record, shown[j]!.id);
    const text = body.reduce((n, b) => n + b.text.length, 0);
    const links = body.reduce((n, b) => n + b.linkTextLength, 0);
    if (closed && links <= SECTION_MAX_LINK_SHARE * text && run.every((b) => isInside(snapshot, b.node, container))) {
      for (const b of run) out.push(keep(b.id, 'Documentation: a section between kept sections, which the structural extractor dropped'));
    }
    i = j;
  }
  return out;
}

/** Causes that say only "not in the part the structural extractor chose": the introduction may come back. */
const UNNAMED_CAUSES = new Set<RemovalCause | undefined>([undefined, 'outside-container', 'stage-decided']);
/** The most blocks between the title and the first kept block: beyond, what lies between is not an introduction. */
const LEAD_MAX_BLOCKS = 30;
/** A paragraph of the introduction: a sentence, not a label ("js") or a row of buttons ("Copy as Markdown Open in …"). */
const LEAD_MIN_CHARS = 40;
const SENTENCE_END = /[.:!?…]["'”’)]?$/;

/**
 * The introduction under the page's title when the structural extractor took only the body below it (MDN puts the
 * title and the opening paragraphs in a header beside the body): the paragraphs, lists and code between the nearest
 * level-1 heading above the first kept block and that block, inside the element that holds both, dropped with no
 * named cause (a table of contents or "Previous / Next" between them stays out) and not mostly links. The title
 * itself stays as the structural stages left it.
 */
function introductionUnderTitle(snapshot: PageSnapshot, record: DecisionRecord): Decision[] {
  const blocks = snapshot.blocks;
  const firstKept = blocks.findIndex((b) => b.visible && b.text && isKept(record, b.id));
  if (firstKept < 0) return [];
  let title = -1;
  for (let i = firstKept - 1; i >= 0 && firstKept - i <= LEAD_MAX_BLOCKS; i--) {
    if (blocks[i]!.visible && !blocks[i]!.fixed && blocks[i]!.headingLevel === 1 && blocks[i]!.text) {
      title = i;
      break;
    }
  }
  if (title < 0 || !UNNAMED_CAUSES.has(record.decisions[title]?.cause)) return [];
  const holder = commonAncestor(snapshot, [blocks[title]!.node, blocks[firstKept]!.node]);
  if (holder <= 0) return []; // only <body> holds both: the title is the site's, not the page's
  const out: Decision[] = [];
  for (let i = title + 1; i < firstKept; i++) {
    const block = blocks[i]!;
    if (!block.visible || !block.text || block.headingLevel || !UNNAMED_CAUSES.has(record.decisions[block.id]?.cause)) continue;
    if (!isInside(snapshot, block.node, holder) || block.linkTextLength > SECTION_MAX_LINK_SHARE * block.text.length) continue;
    if (block.kind === 'code' || block.kind === 'table' || (block.text.length >= LEAD_MIN_CHARS && SENTENCE_END.test(block.text))) out.push(keep(block.id, 'Documentation: the introduction under the page title'));
  }
  return out;
}

export function docsProfile(snapshot: PageSnapshot, record: DecisionRecord): ProfileResult {
  const decisions: Decision[] = [];
  const kept = snapshot.blocks.filter((b) => isKept(record, b.id));
  const container = kept.length > 0 ? commonAncestor(snapshot, kept.map((b) => b.node)) : -1;
  const lead = introductionUnderTitle(snapshot, record);
  const sections = container >= 0 ? sectionsBetweenKept(snapshot, record, container) : [];
  const code = codeBetweenKept(snapshot, record, new Set([...lead, ...sections].map((d) => d.block)));
  // The rules read the elements between a block and the kept content's container, never the page layout around it
  // (a grid named "sidebar-content-toc" holds the whole page).
  const page = buildPageView(snapshot, container, kept.length);
  for (const block of kept) {
    const match = classifyBlock(block, page, DOCS_NAVIGATION);
    if (!match) continue;
    decisions.push({ block: block.id, kept: false, stage: 'page-type', cause: match.cause, reason: `Documentation: ${causeLabel(match.cause)} removed (${match.evidence})`, evidence: { kind: 'page-type-profile', found: match.evidence } });
  }
  const removed = decisions.length;
  const introduced = lead.length ? `, ${lead.length} blocks of the introduction under the title kept` : '';
  const restored = code.length ? `, ${code.length} code example${code.length === 1 ? '' : 's'} between kept paragraphs kept` : '';
  const more = sections.length ? `, ${sections.length} blocks of sections between kept ones kept` : '';
  return {
    reason: `Documentation: prose, code and tables kept${introduced}${restored}${more}; ${removed} navigation pieces removed`,
    decisions: [...decisions, ...lead, ...code, ...sections],
  };
}
