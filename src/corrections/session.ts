/**
 * One annotating session's pending corrections: flips grouped in undo steps (a click is one step, marking a
 * container as the main content is one step), the resulting verdict per block, and the rules they save as.
 */
import { isKept } from '../decisions/record';
import type { Extraction } from '../pipeline/types';
import type { PageSnapshot } from '../snapshot/types';
import { isoDay, type CorrectionRule } from './rules';
import { pageSignatures } from './signature';

type Step = { block: number; kept: boolean }[];

export class CorrectionSession {
  private steps: Step[] = [];

  constructor(private extraction: Extraction) {}

  /** The pipeline's verdict, before this session's corrections. */
  original(block: number): boolean {
    return isKept(this.extraction.record, block);
  }

  /** The verdict with this session's corrections. */
  verdict(block: number): boolean {
    for (let i = this.steps.length - 1; i >= 0; i--) {
      const change = this.steps[i].find((c) => c.block === block);
      if (change) return change.kept;
    }
    return this.original(block);
  }

  /** Blocks whose verdict this session changed, with the new verdict. */
  changes(): Map<number, boolean> {
    const out = new Map<number, boolean>();
    for (const step of this.steps) for (const c of step) out.set(c.block, c.kept);
    for (const [block, kept] of out) if (kept === this.original(block)) out.delete(block);
    return out;
  }

  get count(): number {
    return this.changes().size;
  }

  get canUndo(): boolean {
    return this.steps.length > 0;
  }

  flip(block: number): void {
    this.steps.push([{ block, kept: !this.verdict(block) }]);
  }

  /** Keeps every block under `container` (a snapshot node) and removes every other block with text, as one step. */
  markMainContainer(container: number): void {
    const { snapshot } = this.extraction;
    const inside = new Set(blocksUnder(snapshot, container));
    const step: Step = [];
    for (const block of snapshot.blocks) {
      const kept = inside.has(block.id);
      if (!kept && block.text.length === 0 && block.images.length === 0) continue;
      if (this.verdict(block.id) !== kept) step.push({ block: block.id, kept });
    }
    if (step.length > 0) this.steps.push(step);
  }

  /** Undoes the last step; returns the blocks it touched. */
  undo(): number[] {
    return (this.steps.pop() ?? []).map((c) => c.block);
  }

  undoAll(): void {
    this.steps = [];
  }

  /** The session's corrections as rules for the site. */
  rules(now = new Date()): CorrectionRule[] {
    const signatures = pageSignatures(this.extraction.snapshot);
    return [...this.changes()].map(([block, kept]) => ({ signature: signatures[block], kept, savedAt: isoDay(now) }));
  }
}

/** Ids of the blocks whose owning node is `container` or lies inside it. */
export function blocksUnder(snapshot: PageSnapshot, container: number): number[] {
  const inside = (node: number): boolean => {
    for (let id = node; id >= 0; id = snapshot.nodes[id]?.parent ?? -1) if (id === container) return true;
    return false;
  };
  return snapshot.blocks.filter((b) => inside(b.node)).map((b) => b.id);
}

/** The smallest container around a block that holds more than that block: what a modifier-click marks as main content. */
export function containerOf(snapshot: PageSnapshot, block: number): number {
  let node = snapshot.nodes[snapshot.blocks[block].node]?.parent ?? 0;
  while (node > 0 && blocksUnder(snapshot, node).length < 2) node = snapshot.nodes[node]?.parent ?? 0;
  return Math.max(0, node);
}
