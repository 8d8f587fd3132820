import type { BudgetLimit } from './types';

/**
 * How much of a page one reading may take. Every later stage works on what the snapshot read (its blocks, nodes and
 * copy), so bounding the snapshot bounds the whole extraction: GCE, Readability on the snapshot's copy, the named
 * rules, the page type and the reader all grow with the blocks read, not with the page.
 *
 * Pages below `timedAfter` elements are always read whole (the answer does not depend on the machine's load); past
 * it the walk also stops at `ms`, so a giant page on a slow or busy machine still answers in time.
 */
export interface ReadBudget {
  /** Elements whose style is read (the walk's unit of work). */
  elements: number;
  /** Blocks the snapshot makes. */
  blocks: number;
  /** Wall-clock limit of the walk, checked once `timedAfter` elements have been read. */
  ms: number;
  timedAfter: number;
}

/** The CLI and the benchmark: pages up to 20,000 elements read whole, so their answers do not depend on load. */
export const DEFAULT_READ_BUDGET: ReadBudget = { elements: 60_000, blocks: 20_000, ms: 1_000, timedAfter: 20_000 };

/**
 * The extension, where a person waits for the reader: the walk gets 700 ms once past 5,000 elements (on an idle
 * machine an ordinary page is read whole in well under that), leaving the rest of a 2 s reading to the later
 * stages, which grow with what was read, and to carrying the result to the reader.
 */
export const INTERACTIVE_READ_BUDGET: ReadBudget = { ...DEFAULT_READ_BUDGET, ms: 700, timedAfter: 5_000 };

/** Counts the walk's work against a budget; `over` is checked before each child and stays set once reached. */
export class BudgetMeter {
  private readonly deadline: number;
  private checks = 0;
  limit: BudgetLimit | null = null;

  constructor(readonly budget: ReadBudget, started = performance.now()) {
    this.deadline = started + budget.ms;
  }

  /**
   * Whether `more` elements still fit the element budget after `elements` (a unit read whole, such as a data table,
   * is read only when it fits; a larger one is walked into, so the budget cuts it where it runs out).
   */
  fits(elements: number, more: number): boolean {
    return elements + more <= this.budget.elements;
  }

  /** Whether reading must stop, given the elements and blocks read so far. */
  over(elements: number, blocks: number): boolean {
    if (this.limit) return true;
    if (elements > this.budget.elements) this.limit = 'elements';
    else if (blocks >= this.budget.blocks) this.limit = 'blocks';
    // performance.now() is cheap, but not free: once per 64 checks is often enough for a 1 s limit.
    else if (elements >= this.budget.timedAfter && (++this.checks & 63) === 0 && performance.now() > this.deadline) this.limit = 'time';
    return this.limit !== null;
  }
}
