/**
 * "What was removed": the removed pieces of an extraction grouped by cause, with counts. A piece is a run of
 * consecutive removed blocks with the same cause (a menu of 14 links is one navigation menu). Blocks without text
 * or a visible image are not pieces (the reader does not draw them). Pure.
 */
import { causeLabel, REMOVAL_CAUSES, type RemovalCause } from '../decisions/causes';
import type { Decision, DecisionRecord } from '../decisions/types';
import type { Block } from '../snapshot/types';

export interface RemovedPiece {
  /** The first block of the piece: where "show removed" jumps to. */
  block: number;
  blocks: number[];
  /** Its text, cut for a list ("Home About Contact…"), or the image's alt text. */
  preview: string;
  reason: string;
}

export interface RemovalGroup {
  cause: RemovalCause;
  /** e.g. "3 navigation menus". */
  label: string;
  pieces: RemovedPiece[];
}

/** Smallest side, in CSS px, of an image the reader draws as a removed piece (smaller ones are tracking pixels). */
const MIN_IMAGE_SIDE = 8;
const PREVIEW_CHARS = 80;

/** Whether a removed block is drawn in "show removed": it has text or an image large enough to see. */
export function isDrawable(block: Pick<Block, 'text' | 'images'>): boolean {
  return block.text.trim().length > 0 || block.images.some((i) => i.width >= MIN_IMAGE_SIDE && i.height >= MIN_IMAGE_SIDE);
}

export function causeOf(decision: Decision): RemovalCause {
  return decision.cause ?? 'stage-decided';
}

function preview(blocks: Block[]): string {
  const text = blocks.map((b) => b.text || b.images[0]?.alt || '').filter(Boolean).join(' · ') || 'an image';
  return text.length <= PREVIEW_CHARS ? text : `${text.slice(0, PREVIEW_CHARS - 1).trimEnd()}…`;
}

export function removalSummary(blocks: readonly Block[], record: DecisionRecord): RemovalGroup[] {
  const groups = new Map<RemovalCause, RemovedPiece[]>();
  let run: { cause: RemovalCause; blocks: Block[]; reason: string } | null = null;
  const close = (): void => {
    if (!run) return;
    const pieces = groups.get(run.cause) ?? [];
    pieces.push({ block: run.blocks[0]!.id, blocks: run.blocks.map((b) => b.id), preview: preview(run.blocks), reason: run.reason });
    groups.set(run.cause, pieces);
    run = null;
  };
  for (const block of blocks) {
    const decision = record.decisions[block.id];
    if (decision?.kept) {
      close();
      continue;
    }
    if (!decision || !isDrawable(block)) continue;
    const cause = causeOf(decision);
    if (run && run.cause === cause) run.blocks.push(block);
    else {
      close();
      run = { cause, blocks: [block], reason: decision.reason };
    }
  }
  close();
  const order = Object.keys(REMOVAL_CAUSES);
  return [...groups]
    .map(([cause, pieces]) => ({ cause, label: `${pieces.length} ${causeLabel(cause, pieces.length)}`, pieces }))
    .sort((a, b) => b.pieces.length - a.pieces.length || order.indexOf(a.cause) - order.indexOf(b.cause));
}

/** One line: "14 navigation menus, 2 login or sign-up prompts, 1 cookie or consent banner". */
export function summaryLine(groups: readonly RemovalGroup[]): string {
  return groups.length === 0 ? 'Nothing was removed.' : groups.map((g) => g.label).join(', ');
}
