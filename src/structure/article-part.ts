import { isKept } from '../decisions/record';
import type { Decision, DecisionRecord } from '../decisions/types';
import type { Block, PageSnapshot } from '../snapshot/types';

/** Smaller than this on its longer side (CSS px) is an icon, an avatar or a badge, not a picture of the article. */
export const MIN_PICTURE_SIDE = 120;

/**
 * A block the structural extractor dropped, kept as a part of the article (a formula, a data table between its
 * paragraphs). The evidence stays the drop this decision overrides (Readability's unless given).
 */
export function keptArticlePart(block: number, reason: string, evidence: Decision['evidence'] = READABILITY_DROP): Decision {
  return { block, kept: true, stage: 'structure', reason, evidence };
}

const READABILITY_DROP: Decision['evidence'] = { kind: 'structural-extractor', extractor: 'readability', kept: false };

/**
 * Whether the layout stage dropped the block because it stands outside the article's container (a lead photo in the
 * story's header beside the body it picked), and nothing kept it since.
 */
export function droppedOutsideContainer(record: DecisionRecord, b: Block): boolean {
  const d = record.decisions[b.id];
  return !isKept(record, b.id) && d?.evidence.kind === 'outside-main-container';
}

/** Whether the structural extractor dropped the block (and nothing kept it since). */
export function droppedByExtractor(record: DecisionRecord, b: Block): boolean {
  return !isKept(record, b.id) && record.decisions[b.id]?.evidence.kind === 'structural-extractor';
}

export const PAGE_FRAME_TAGS = new Set(['header', 'footer', 'nav', 'aside']);

/**
 * Whether the picture shares a wrapper (not <body>) with `anchor` or one of its ancestors, within `maxLevels` steps up
 * from the picture, with no frame of the page (a header, footer, nav or aside element, or an element whose id or class
 * matches `frameHint`) between the picture and that wrapper.
 */
export function sharesWrapper(snapshot: PageSnapshot, picture: Block, anchor: number, frameHint: RegExp, maxLevels = Number.POSITIVE_INFINITY): boolean {
  const above = new Set<number>();
  for (let n = anchor; n >= 0; n = snapshot.nodes[n]?.parent ?? -1) above.add(n);
  let node = picture.node;
  for (let level = 0; level < maxLevels && node >= 0; level++) {
    if (above.has(node)) return node !== 0;
    const info = snapshot.nodes[node]!;
    if (PAGE_FRAME_TAGS.has(info.tag) || frameHint.test(info.hint)) return false;
    node = info.parent;
  }
  return false;
}
