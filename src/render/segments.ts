/**
 * Dims the sentences the semantic stage removed inside blocks it kept: each such segment's text is wrapped in
 * `<span class="pith-removed-segment" data-pith-segment="<index into extraction.segments>" data-reason data-stage>`.
 *
 * A segment is a character range of the block's text (`Block.text`: the whitespace-normalised innerText), while
 * the rendered block is a DOM subtree with inline markup (links, emphasis, code) and possibly different
 * whitespace. The range is mapped through the block's non-whitespace characters, which both share: when the
 * block's rendered text equals its snapshot text apart from whitespace, the range maps exactly; otherwise (the
 * renderer changed the text, e.g. math or code normalisation) the segment's own text is searched for in the block,
 * nearest to where the range says it should be. A segment that cannot be found is left undimmed. The wrapped range
 * may cross inline elements: it is then wrapped as several spans (one per text node), all with the same index.
 */
import type { Block } from '../snapshot/types';
import type { SegmentVerdict } from '../sore/types';
import { blockId, BLOCK_SELECTOR, REMOVED_CLASS } from './apply-decisions';

export const REMOVED_SEGMENT_CLASS = 'pith-removed-segment';
export const SEGMENT_ATTR = 'data-pith-segment';

/** Text inside these is not HTML text: a <span> there would not render (or would break the markup). */
const FOREIGN = 'svg, math, script, style, textarea';
const WS = /\s/;

interface CharPos {
  node: Text;
  offset: number;
}

interface Piece {
  node: Text;
  start: number;
  end: number;
  segment: number;
}

/** Every non-whitespace character of the element's HTML text, in document order, with where it is. */
function charMap(el: Element): { chars: string; positions: CharPos[] } {
  const walker = el.ownerDocument.createTreeWalker(el, 4 /* NodeFilter.SHOW_TEXT */);
  let chars = '';
  const positions: CharPos[] = [];
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    if (node.parentElement?.closest(FOREIGN)) continue;
    const text = node.data;
    for (let i = 0; i < text.length; i++) {
      if (WS.test(text[i])) continue;
      chars += text[i];
      positions.push({ node, offset: i });
    }
  }
  return { chars, positions };
}

const squeeze = (text: string) => text.replace(/\s+/g, '');

/** [start, end) of the segment in the block's non-whitespace characters, or null when it is not there. */
function locate(block: Block, segment: SegmentVerdict, chars: string, exact: boolean): [number, number] | null {
  const before = squeeze(block.text.slice(0, segment.start)).length;
  const wanted = squeeze(block.text.slice(segment.start, segment.end));
  if (!wanted) return null;
  if (exact) return [before, before + wanted.length];
  // Search: the occurrence nearest to the expected place.
  let best = -1;
  for (let at = chars.indexOf(wanted); at !== -1; at = chars.indexOf(wanted, at + 1)) {
    if (best === -1 || Math.abs(at - before) < Math.abs(best - before)) best = at;
  }
  return best === -1 ? null : [best, best + wanted.length];
}

/** The text-node pieces covering non-whitespace characters [from, to) (whitespace between them included). */
function piecesFor(positions: CharPos[], from: number, to: number, segment: number): Piece[] {
  const pieces: Piece[] = [];
  let current: Piece | null = null;
  for (let i = from; i < to; i++) {
    const { node, offset } = positions[i];
    if (current && current.node === node) current.end = offset + 1;
    else {
      current = { node, start: offset, end: offset + 1, segment };
      pieces.push(current);
    }
  }
  return pieces;
}

function wrap(piece: Piece, verdict: SegmentVerdict): void {
  const doc = piece.node.ownerDocument;
  let target = piece.node;
  if (piece.end < target.data.length) target.splitText(piece.end);
  if (piece.start > 0) target = target.splitText(piece.start);
  const span = doc.createElement('span');
  span.className = REMOVED_SEGMENT_CLASS;
  span.setAttribute(SEGMENT_ATTR, String(piece.segment));
  span.setAttribute('data-reason', verdict.reason);
  span.setAttribute('data-stage', 'sore');
  span.setAttribute('tabindex', '0');
  target.parentNode?.insertBefore(span, target);
  span.append(target);
}

/**
 * Wraps the removed segments of kept blocks under `root` (after the decisions were applied). `keptBlock(id)`
 * says whether a block is kept; removed blocks are marked as a whole already. Returns how many segments were dimmed.
 */
export function markRemovedSegments(
  root: Element,
  blocks: readonly Block[],
  segments: readonly SegmentVerdict[],
  keptBlock: (id: number) => boolean,
): number {
  const byBlock = new Map<number, number[]>();
  segments.forEach((s, i) => {
    if (s.kept || !keptBlock(s.block)) return;
    const list = byBlock.get(s.block);
    if (list) list.push(i);
    else byBlock.set(s.block, [i]);
  });
  if (byBlock.size === 0) return 0;
  const blockById = new Map(blocks.map((b) => [b.id, b]));
  let dimmed = 0;
  for (const el of Array.from(root.querySelectorAll(BLOCK_SELECTOR))) {
    const id = blockId(el);
    const list = id === null ? undefined : byBlock.get(id);
    const block = id === null ? undefined : blockById.get(id);
    if (!list || !block || el.classList.contains(REMOVED_CLASS)) continue;
    const { chars, positions } = charMap(el);
    const exact = chars === squeeze(block.text);
    const pieces: Piece[] = [];
    let taken = -1; // segments do not overlap: a later one may not start inside an earlier one
    for (const index of [...list].sort((a, b) => segments[a].start - segments[b].start)) {
      const range = locate(block, segments[index], chars, exact);
      if (!range || range[0] < taken) continue;
      taken = range[1];
      pieces.push(...piecesFor(positions, range[0], range[1], index));
      dimmed++;
    }
    // Wrap from the end of the document backwards, so splitting a text node never moves a piece still to wrap.
    const order = new Map(positions.map((p, i) => [p.node, i]));
    pieces.sort((a, b) => (order.get(b.node) ?? 0) - (order.get(a.node) ?? 0) || b.start - a.start);
    for (const piece of pieces) wrap(piece, segments[piece.segment]);
  }
  return dimmed;
}
