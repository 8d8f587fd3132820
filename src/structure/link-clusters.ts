import { blockLinkShare } from '../boilerplate/page-view';
import { isKept } from '../decisions/record';
import type { Decision, DecisionRecord } from '../decisions/types';
import type { Block, PageSnapshot } from '../snapshot/types';
import { LABEL, labelOf } from './footnote-links';

/**
 * Inside a layout container GCE keeps everything, including share bars ("Share Email Print"), tag lists and
 * in-article menus. A short block that is almost all link text is such a cluster. (Readability's own
 * link-density cleaning already covers its path, so this runs after GCE only.)
 */
export const LINK_CLUSTER_MIN_LINK_SHARE = 0.8;
export const LINK_CLUSTER_MAX_CHARS = 80;

/** A picture whose only text is the labels of the notes it cites ("[22]"): its links are references, not a menu. */
function pictureCitingNotes(block: Block): boolean {
  const labels = block.text.split(/\s+|(?<=\])(?=\[)/).filter(Boolean);
  return block.images.length > 0 && labels.every((t) => LABEL.test(labelOf(t)));
}

export function linkClusterDecisions(snapshot: PageSnapshot, record: DecisionRecord): Decision[] {
  const out: Decision[] = [];
  for (const block of snapshot.blocks) {
    if (block.kind !== 'text' && block.kind !== 'list-item') continue;
    const length = block.text.length;
    if (length === 0 || length > LINK_CLUSTER_MAX_CHARS || !isKept(record, block.id)) continue;
    const share = blockLinkShare(block);
    if (share < LINK_CLUSTER_MIN_LINK_SHARE || pictureCitingNotes(block)) continue;
    out.push({
      block: block.id,
      kept: false,
      stage: 'structure',
      reason: `Mostly links (share buttons, tags or a menu): ${Math.round(share * 100)}% of its text is links`,
      score: share,
      threshold: LINK_CLUSTER_MIN_LINK_SHARE,
      evidence: { kind: 'link-dense', linkDensity: share },
    });
  }
  return out;
}
