/**
 * The only answers deep clean accepts, as a state machine: `{"<id1>":"main"|"other","<id2>":…}` with exactly the
 * given ids, in order, no whitespace. The text between two labels is fixed; the model chooses only the labels.
 */
import type { BlockLabel } from './types';

const LABELS: readonly BlockLabel[] = ['main', 'other'];

/** Where the answer stands: `pos` walks fixed text (even) and label choices (odd); `off` is the place inside. */
export interface GrammarState {
  readonly pos: number;
  readonly off: number;
  readonly label?: BlockLabel;
}

export class LabelGrammar {
  /** The fixed pieces: before the first label, between labels, after the last one. */
  readonly fixed: readonly string[];

  constructor(readonly ids: readonly string[]) {
    if (ids.length === 0) {
      this.fixed = ['{}'];
      return;
    }
    const key = (id: string) => JSON.stringify(id);
    this.fixed = [`{${key(ids[0])}:"`, ...ids.slice(1).map((id) => `",${key(id)}:"`), '"}'];
  }

  get start(): GrammarState {
    return { pos: 0, off: 0 };
  }

  get end(): number {
    return this.fixed.length * 2 - 1;
  }

  isComplete(state: GrammarState): boolean {
    return state.pos === this.end;
  }

  /** True when the next character is a label's first: the one place the model decides. */
  atChoice(state: GrammarState): boolean {
    return state.pos % 2 === 1 && state.off === 0;
  }

  /** Characters that may come next (none once complete). */
  nextChars(state: GrammarState): string[] {
    if (this.isComplete(state)) return [];
    if (state.pos % 2 === 0) return [this.fixed[state.pos / 2][state.off]];
    if (state.off === 0) return LABELS.map((l) => l[0]);
    return [state.label![state.off]];
  }

  /** The text the grammar fixes from here up to the next choice (empty at a choice or at the end). */
  forcedAhead(state: GrammarState): string {
    if (this.isComplete(state) || this.atChoice(state)) return '';
    if (state.pos % 2 === 0) return this.fixed[state.pos / 2].slice(state.off);
    return state.label!.slice(state.off) + this.fixed[(state.pos + 1) / 2];
  }

  /** The state after `text`, or null when `text` leaves the set of valid answers. */
  advance(state: GrammarState, text: string): GrammarState | null {
    let { pos, off, label } = state;
    for (const ch of text) {
      if (pos >= this.end) return null;
      if (pos % 2 === 0) {
        const piece = this.fixed[pos / 2];
        if (piece[off] !== ch) return null;
        off++;
        if (off === piece.length) {
          pos++;
          off = 0;
          label = undefined;
        }
      } else {
        if (off === 0) {
          label = LABELS.find((l) => l[0] === ch);
          if (!label) return null;
        }
        if (label![off] !== ch) return null;
        off++;
        if (off === label!.length) {
          pos++;
          off = 0;
        }
      }
    }
    return { pos, off, label };
  }
}
