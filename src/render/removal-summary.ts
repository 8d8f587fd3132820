/**
 * "What was removed": the removed pieces of an extraction grouped by cause in the reader's words, with counts. A
 * piece is a run of consecutive removed blocks with the same cause (a menu of 14 links is one site menu). Blocks
 * without text or a visible image are not pieces (the reader does not draw them). Pure.
 */
import type { Decision, DecisionRecord } from '../decisions/types';
import type { Block } from '../snapshot/types';
import { causeEvidence, causeName, pieceFacts, readerCause, spacedText, type ReaderCause } from './vocabulary';

export interface RemovedPiece {
  /** The first block of the piece: where "show removed" jumps to. */
  block: number;
  blocks: number[];
  /** Its text, cut for a list ("Home · About · Contact…"), or the image's alt text. */
  preview: string;
  /** What it is and why, in the reader's words: "Site menu: 12 links". */
  words: string;
  /** The engine's reason for its first block (for "Details" and the JSON), never shown outside them. */
  reason: string;
}

export interface RemovalGroup {
  cause: ReaderCause;
  /** e.g. "Site menus". */
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

function preview(blocks: Block[]): string {
  const text = blocks.map((b) => spacedText(b) || b.images[0]?.alt || '').filter(Boolean).join(' · ') || (blocks.some((b) => b.images.length > 0) ? 'An image' : '');
  return text.length <= PREVIEW_CHARS ? text : `${text.slice(0, PREVIEW_CHARS - 1).trimEnd()}…`;
}

function piece(cause: ReaderCause, blocks: Block[], decision: Decision): RemovedPiece {
  return {
    block: blocks[0]!.id,
    blocks: blocks.map((b) => b.id),
    preview: preview(blocks),
    words: `${causeName(cause)}: ${causeEvidence(cause, pieceFacts(blocks))}`,
    reason: decision.reason,
  };
}

/**
 * The removed pieces in document order, each with its reader cause. `placeNames` (place-names.ts) names the pieces
 * the engine could name only by their place.
 */
export function removedPieces(blocks: readonly Block[], record: DecisionRecord, placeNames: ReadonlyMap<number, ReaderCause> = new Map()): { cause: ReaderCause; piece: RemovedPiece }[] {
  const out: { cause: ReaderCause; piece: RemovedPiece }[] = [];
  let run: { cause: ReaderCause; blocks: Block[]; decision: Decision } | null = null;
  const close = (): void => {
    if (run) out.push({ cause: run.cause, piece: piece(run.cause, run.blocks, run.decision) });
    run = null;
  };
  for (const block of blocks) {
    const decision = record.decisions[block.id];
    if (decision?.kept) {
      close();
      continue;
    }
    if (!decision || !isDrawable(block)) continue;
    const cause = readerCause(decision, [block], placeNames.get(block.id));
    if (run && run.cause === cause) run.blocks.push(block);
    else {
      close();
      run = { cause, blocks: [block], decision };
    }
  }
  close();
  return out;
}

export function removalSummary(blocks: readonly Block[], record: DecisionRecord, placeNames: ReadonlyMap<number, ReaderCause> = new Map()): RemovalGroup[] {
  const groups = new Map<ReaderCause, RemovedPiece[]>();
  for (const { cause, piece } of removedPieces(blocks, record, placeNames)) groups.set(cause, [...(groups.get(cause) ?? []), piece]);
  return [...groups]
    .map(([cause, pieces]) => ({ cause, label: causeName(cause, pieces.length), pieces }))
    .sort((a, b) => b.pieces.length - a.pieces.length);
}
