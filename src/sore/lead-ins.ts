/**
 * Lead-ins: a heading, or a line ending in a colon, that leads into what follows it ("See also", "About the
 * Author", "See the following example:"). Such a line is short and reads like a known boilerplate line ("Related
 * links", "Share this:"), but it belongs to the text after it: when SORE keeps that text, it keeps the line too.
 * What follows is the next block the structure kept; it leads on only when SORE leaves it (or it is not text, such
 * as code or a table, which SORE never removes) and it is not mostly link text (a heading over a row of links is
 * how "Related stories" and "You may also like" come).
 */
import { isKept } from '../decisions/record';
import type { DecisionRecord } from '../decisions/types';
import type { Block, PageSnapshot } from '../snapshot/types';
import type { SegmentVerdict } from './types';

/** A line longer than this is a sentence of its own, not a lead-in, even when it ends in a colon. */
export const LEAD_IN_MAX_CHARS = 150;
/** What follows leads on only when less than this share of it is link text. */
export const LEAD_ON_MAX_LINK_SHARE = 0.5;

const ENDS_WITH_COLON = /[:：]\s*$/u;

export function isLeadIn(block: Pick<Block, 'kind' | 'text'>): boolean {
  const text = block.text.trim();
  if (text === '' || text.length > LEAD_IN_MAX_CHARS) return false;
  return block.kind === 'heading' || (block.kind !== 'list-item' && ENDS_WITH_COLON.test(text));
}

/** For every structurally kept block, the next kept block with text after it (document order), or -1. */
export function nextKeptBlocks(snapshot: PageSnapshot, record: DecisionRecord): Map<number, number> {
  const next = new Map<number, number>();
  let following = -1;
  for (let i = snapshot.blocks.length - 1; i >= 0; i--) {
    const block = snapshot.blocks[i];
    if (!block.visible || !isKept(record, block.id)) continue;
    next.set(block.id, following);
    if (block.text.trim() !== '' || block.kind !== 'text') following = block.id;
  }
  return next;
}

/**
 * The verdicts with every lead-in SORE removed whole kept again when what follows it stays; `distances[i]` is
 * verdict i's distance to the core. Later blocks are settled first, so a heading over a kept line ending in a
 * colon over kept text stays too.
 */
export function keepLeadIns(
  verdicts: SegmentVerdict[],
  distances: readonly number[],
  snapshot: PageSnapshot,
  next: ReadonlyMap<number, number>,
): SegmentVerdict[] {
  const byBlock = new Map<number, number[]>();
  verdicts.forEach((v, i) => {
    if (v.origin !== 'kept') return;
    const list = byBlock.get(v.block);
    if (list) list.push(i);
    else byBlock.set(v.block, [i]);
  });
  const removed = new Set<number>();
  for (const [block, list] of byBlock) if (list.every((i) => !verdicts[i].kept)) removed.add(block);
  if (removed.size === 0) return verdicts;
  const out = [...verdicts];
  let changed = false;
  // Block ids index the snapshot's blocks in document order: the latest first.
  for (const id of [...removed].sort((a, b) => b - a)) {
    const block = snapshot.blocks[id];
    const after = snapshot.blocks[next.get(id) ?? -1];
    if (!block || !after || !isLeadIn(block) || removed.has(after.id)) continue;
    if (after.text.length > 0 && after.linkTextLength / after.text.length >= LEAD_ON_MAX_LINK_SHARE) continue;
    removed.delete(id);
    changed = true;
    const what = block.kind === 'heading' ? 'A heading' : 'A line ending in a colon';
    for (const i of byBlock.get(id) ?? []) {
      out[i] = {
        ...verdicts[i],
        kept: true,
        rule: 'near-core',
        reason: `${what} that leads into text kept after it, so kept with that text (without it: ${lowerFirst(verdicts[i].reason)})`,
        evidence: { kind: 'near-core', distance: distances[i] },
        score: distances[i],
      };
    }
  }
  return changed ? out : verdicts;
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
