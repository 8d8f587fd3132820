/**
 * Per-block features for the block model: what Pith already knows about each block, as numbers. A pure function of
 * the extraction (snapshot, decision record, main container), so the page at run time and the trainer over cached
 * extractions compute them with this same code. Layout features are relative (to the page, the viewport and the
 * text-dense column), so that they mean about the same on styled and unstyled pages.
 */
import { REMOVAL_CAUSES } from '../decisions/causes';
import type { Decision, DecisionRecord } from '../decisions/types';
import { classifyPage } from '../page-type/classify';
import { PAGE_TYPES } from '../page-type/model';
import { pageRepeats } from '../page-type/repeats';
import type { Block, BlockKind, PageSnapshot } from '../snapshot/types';
import { hashedWordBuckets, HASH_BUCKETS } from './hint-words';
import { LANDMARKS, landmarkAncestors } from './landmarks';
import { commonShare, pageCommonWords, textShape } from './text-shape';

const KINDS: BlockKind[] = ['text', 'heading', 'list-item', 'quote', 'image', 'figure', 'table', 'code', 'math', 'media'];
/**
 * Named-rule causes seen as features (the rule's verdict on the block; 0 when no rule recognised it). A cause that
 * this version no longer has is a missing value, which sends the trees down XGBoost's default branch.
 */
const RULE_CAUSES = ['nav-menu', 'site-header', 'site-footer', 'sidebar', 'comment-section', 'related-content', 'customer-reviews', 'login-prompt', 'newsletter-signup', 'advertisement', 'share-buttons', 'cookie-consent', 'breadcrumb', 'pagination', 'duplicate-meta', 'duplicate-title', 'table-of-contents', 'post-actions', 'signature', 'member-details', 'filter-bar', 'link-cluster', 'fixed-overlay', 'hidden', 'empty', 'outside-container', 'overlay-panel', 'shop-widget', 'page-type-profile'] as const;

export interface BlockFeatureInput {
  snapshot: PageSnapshot;
  record: DecisionRecord;
  /** GCE's main container, -1 when it was not used. */
  mainNode: number;
}

/**
 * Text features are relative to the page (ranks, shares of the longest block, the page's own common words), so that
 * they mean the same in every language: absolute word counts differ threefold between Chinese and Polish.
 */
const OWN_FEATURES = [
  'chars_rank', 'chars_rel_max', 'sentence_ends', 'sentence_ends_per_word', 'digit_share', 'common_share', 'link_density', 'links_log', 'ends_with_stop',
  'x_centre', 'y_top', 'width_rel', 'height_rel', 'font_rel', 'bold', 'above_fold', 'column_offset', 'in_column', 'in_main', 'fixed', 'visible', 'images',
  ...KINDS.map((k) => `kind_${k}`), 'heading_level', 'depth_rel',
  ...LANDMARKS.map((l) => `in_${l}`),
  'group_size_log', 'group_position', 'group_text_share', 'group_member_chars_rel',
  'from_title', 'from_first_heading', 'after_text_end', 'position',
  'kept_now', 'kept_by_layout', 'trimmed_by_readability', 'decided_by_fallback', ...RULE_CAUSES.map((c) => `rule_${c}`),
  'matches_title', 'matches_byline', 'matches_date', 'text_share',
] as const;
const PAGE_FEATURES = [...PAGE_TYPES.map((t) => `page_${t}`), 'page_blocks_log', 'page_styled', 'page_main_found', 'page_prose_share', 'page_kept_share', 'page_link_share'] as const;
const NEIGHBOUR_FEATURES = ['chars_rank', 'link_density', 'kept_now', 'kind_heading', 'same_group'] as const;

export const BLOCK_FEATURE_NAMES: readonly string[] = [
  ...OWN_FEATURES,
  ...PAGE_FEATURES,
  ...['prev', 'next'].flatMap((side) => NEIGHBOUR_FEATURES.map((f) => `${side}_${f}`)),
  ...Array.from({ length: HASH_BUCKETS }, (_, i) => `hint_${i}`),
];

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
}

/** The first decision made about a block (the layout stage's, before later stages replaced it). */
function firstDecision(decision: Decision | undefined): Decision | undefined {
  let d = decision;
  while (d?.supersedes) d = d.supersedes;
  return d;
}

function chain(decision: Decision | undefined): Decision[] {
  const out: Decision[] = [];
  for (let d = decision; d; d = d.supersedes) out.push(d);
  return out;
}

function normalised(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Where the text-dense column lies: the text-weighted median centre and width of long blocks. */
function textColumn(blocks: Block[]): { centre: number; width: number } {
  const long = blocks.filter((b) => b.visible && b.text.length >= 80 && b.rect.width > 0);
  if (long.length === 0) return { centre: 0, width: 0 };
  const weighted = (get: (b: Block) => number) => {
    const sorted = long.map((b) => [get(b), b.text.length] as const).sort((a, b) => a[0] - b[0]);
    const half = sorted.reduce((s, [, w]) => s + w, 0) / 2;
    let acc = 0;
    for (const [v, w] of sorted) if ((acc += w) >= half) return v;
    return sorted[sorted.length - 1]![0];
  };
  return { centre: weighted((b) => b.rect.x + b.rect.width / 2), width: weighted((b) => b.rect.width) };
}

/** For every block: the innermost repeated group (≥ 3 same-signature siblings) holding it, its size and its index. */
function groupMembership(snapshot: PageSnapshot): { group: Int32Array; size: Int32Array; index: Int32Array; chars: Float64Array } {
  const { groups } = pageRepeats(snapshot);
  const memberOf = new Map<number, { group: number; index: number }>();
  groups.forEach((g, gi) => {
    if (g.members.length < 3) return;
    g.members.forEach((m, index) => {
      const seen = memberOf.get(m);
      if (!seen || groups[seen.group]!.members.length < g.members.length) memberOf.set(m, { group: gi, index });
    });
  });
  const n = snapshot.blocks.length;
  const out = { group: new Int32Array(n).fill(-1), size: new Int32Array(n), index: new Int32Array(n), chars: new Float64Array(n) };
  for (const block of snapshot.blocks) {
    for (let node = block.node; node > 0; node = snapshot.nodes[node]?.parent ?? -1) {
      const hit = memberOf.get(node);
      if (!hit) continue;
      const g = groups[hit.group]!;
      out.group[block.id] = hit.group;
      out.size[block.id] = g.members.length;
      out.index[block.id] = hit.index;
      out.chars[block.id] = g.chars;
      break;
    }
  }
  return out;
}

function insideNode(snapshot: PageSnapshot, node: number, ancestor: number): boolean {
  if (ancestor < 0) return false;
  for (let n = node; n >= 0; n = snapshot.nodes[n]?.parent ?? -1) if (n === ancestor) return true;
  return false;
}

/** Per visible block, the share of visible blocks with no more characters than it (0 for hidden ones). */
function lengthRanks(blocks: Block[]): Float64Array {
  const lengths = blocks.filter((b) => b.visible).map((b) => b.text.length).sort((a, b) => a - b);
  const atMost = (len: number): number => {
    let lo = 0;
    let hi = lengths.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (lengths[mid]! <= len) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return Float64Array.from(blocks, (b) => (b.visible && lengths.length > 0 ? atMost(b.text.length) / lengths.length : 0));
}

/** The rule-verdict value for a cause: 1 or 0, or missing when this version has no such cause. */
function ruleVerdict(cause: string, ruleCause: string | undefined, liveCauses: ReadonlySet<string>): number {
  return liveCauses.has(cause) ? (ruleCause === cause ? 1 : 0) : Number.NaN;
}

const LIVE_CAUSES: ReadonlySet<string> = new Set(Object.keys(REMOVAL_CAUSES));

/**
 * One row of `BLOCK_FEATURE_NAMES` per block, in block order. `liveCauses` (for tests) stands for the removal causes
 * this version's rules can give.
 */
export function blockFeatures({ snapshot, record, mainNode }: BlockFeatureInput, liveCauses: ReadonlySet<string> = LIVE_CAUSES): Float32Array[] {
  const { blocks } = snapshot;
  const n = blocks.length;
  const docWidth = Math.max(1, snapshot.document.width, snapshot.viewport.width);
  const docHeight = Math.max(1, snapshot.document.height);
  const viewport = Math.max(1, snapshot.viewport.height);
  const bodyFont = median(blocks.filter((b) => b.visible && b.text.length >= 80).map((b) => b.fontSize)) || median(blocks.map((b) => b.fontSize)) || 16;
  const bodyDepth = median(blocks.filter((b) => b.text.length >= 80).map((b) => b.depth)) || median(blocks.map((b) => b.depth));
  const column = textColumn(blocks);
  const groups = groupMembership(snapshot);
  const landmarks = landmarkAncestors(snapshot);
  const hints = hashedWordBuckets(snapshot);
  const pageType = classifyPage(snapshot).probabilities;
  const visible = blocks.filter((b) => b.visible);
  const totalChars = Math.max(1, visible.reduce((s, b) => s + b.text.length, 0));
  const longest = Math.max(1, ...visible.map((b) => b.text.length));
  const ranks = lengthRanks(blocks);
  const shapes = blocks.map((b) => textShape(b.text));
  const longShapes = visible.filter((b) => b.text.length >= 80).map((b) => shapes[b.id]!);
  const common = pageCommonWords(longShapes.length > 0 ? longShapes : shapes);
  const isProse = (b: Block) => b.visible && shapes[b.id]!.sentenceEnds >= 1 && b.linkTextLength < 0.3 * b.text.length && b.text.length >= 80;
  const proseShare = visible.reduce((s, b) => s + (isProse(b) ? b.text.length : 0), 0) / totalChars;
  const keptShare = visible.reduce((s, b) => s + (record.decisions[b.id]?.kept ? b.text.length : 0), 0) / totalChars;
  const linkShare = visible.reduce((s, b) => s + b.linkTextLength, 0) / totalChars;

  const title = normalised(snapshot.metadata.title);
  const byline = normalised(snapshot.metadata.byline);
  const date = normalised(snapshot.metadata.publishedTime).slice(0, 10);
  let titleIndex = -1;
  let firstHeading = -1;
  let textEnd = -1;
  for (const b of blocks) {
    const text = normalised(b.text);
    if (titleIndex < 0 && b.kind === 'heading' && text.length > 0 && (title.includes(text) || text.includes(title))) titleIndex = b.id;
    if (firstHeading < 0 && b.kind === 'heading' && b.visible) firstHeading = b.id;
    if (b.visible && b.kind === 'text' && shapes[b.id]!.sentenceEnds >= 2 && b.text.length >= 150 && b.linkTextLength < 0.3 * b.text.length) textEnd = b.id;
  }
  const anchor = titleIndex >= 0 ? titleIndex : firstHeading;

  const own = blocks.map((b): number[] => {
    const s = shapes[b.id]!;
    const decision = record.decisions[b.id];
    const first = firstDecision(decision);
    const decisions = chain(decision);
    const cx = b.rect.x + b.rect.width / 2;
    const text = normalised(b.text);
    const ruleCause = decisions.find((d) => d.cause && (d.evidence.kind === 'named-rule' || d.evidence.kind === 'hidden' || d.evidence.kind === 'fixed-overlay' || d.evidence.kind === 'link-dense' || d.evidence.kind === 'empty'))?.cause ?? decision?.cause;
    return [
      ranks[b.id]!, b.visible ? b.text.length / longest : 0, s.sentenceEnds, s.sentenceEnds / Math.max(1, s.words.length), s.digitShare, commonShare(s, common),
      b.text.length > 0 ? b.linkTextLength / b.text.length : 0, Math.log1p(b.linkCount), s.endsWithStop ? 1 : 0,
      cx / docWidth, b.rect.y / docHeight, b.rect.width / docWidth, b.rect.height / viewport, b.fontSize / bodyFont, b.fontWeight >= 600 ? 1 : 0,
      b.rect.y < viewport ? 1 : 0, column.width > 0 ? (cx - column.centre) / column.width : 0, column.width > 0 && Math.abs(cx - column.centre) < column.width / 2 ? 1 : 0,
      insideNode(snapshot, b.node, mainNode) ? 1 : 0, b.fixed ? 1 : 0, b.visible ? 1 : 0, b.images.length,
      ...KINDS.map((k) => (b.kind === k ? 1 : 0)), b.headingLevel ?? 0, b.depth - bodyDepth,
      ...LANDMARKS.map((_, i) => ((landmarks[b.id]! >> i) & 1)),
      Math.log1p(groups.size[b.id]!), groups.size[b.id]! > 0 ? groups.index[b.id]! / groups.size[b.id]! : -1, groups.chars[b.id]! / totalChars, groups.size[b.id]! > 0 ? groups.chars[b.id]! / groups.size[b.id]! / longest : 0,
      anchor >= 0 ? (b.id - anchor) / Math.max(1, n) : 0, firstHeading >= 0 ? (b.id - firstHeading) / Math.max(1, n) : 0,
      textEnd >= 0 && b.id > textEnd ? (b.id - textEnd) / Math.max(1, n) : 0, b.id / Math.max(1, n),
      decision?.kept ? 1 : 0, first?.kept ? 1 : 0, decisions.some((d) => d.evidence.kind === 'structural-extractor' && !d.evidence.kept) ? 1 : 0, decision?.stage === 'readability' ? 1 : 0,
      ...RULE_CAUSES.map((c) => ruleVerdict(c, ruleCause, liveCauses)),
      text.length > 0 && text === title ? 1 : title && text.length > 8 && title.includes(text) ? 0.5 : 0,
      byline && text.includes(byline) && text.length < byline.length + 40 ? 1 : 0, date && text.includes(date) ? 1 : 0, b.visible ? b.text.length / totalChars : 0,
    ];
  });
  const page = [...PAGE_TYPES.map((t) => pageType[t]), Math.log1p(n), snapshot.styled ? 1 : 0, mainNode >= 0 ? 1 : 0, proseShare, keptShare, linkShare];
  const idx = (name: string) => OWN_FEATURES.indexOf(name as (typeof OWN_FEATURES)[number]);
  const pick = [idx('chars_rank'), idx('link_density'), idx('kept_now'), idx('kind_heading')];
  const neighbour = (i: number, j: number): number[] =>
    j < 0 || j >= n ? [-1, -1, -1, -1, 0] : [...pick.map((p) => own[j]![p]!), groups.group[i]! >= 0 && groups.group[i] === groups.group[j] ? 1 : 0];
  return blocks.map((b, i) => Float32Array.from([...own[i]!, ...page, ...neighbour(i, i - 1), ...neighbour(i, i + 1), ...hints[b.id]!]));
}
