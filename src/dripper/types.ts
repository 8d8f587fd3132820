/**
 * Deep clean (Dripper): the page's blocks, simplified and numbered, are labelled "main" or "other" by a small
 * language model whose output is constrained to a JSON object naming every given id exactly once.
 */

export type BlockLabel = 'main' | 'other';

/** One numbered block of the simplified page: `_item_id` in the prompt, snapshot block ids behind it. */
export interface SimplifiedItem {
  /** The `_item_id` the model sees (1, 2, 3, … in document order). */
  itemId: number;
  /** Snapshot blocks this item stands for (the outermost block element and any block nested in it). */
  blocks: number[];
  /** The block's simplified HTML (class/id only, text truncated), as the model sees it. */
  html: string;
}

/** Why a block never reached the model (the seed drops these subtrees before labelling). */
export interface DroppedBlock {
  block: number;
  why: string;
}

export interface SimplifiedPage {
  items: SimplifiedItem[];
  dropped: DroppedBlock[];
  /** The whole Simplified HTML (every item, with its ancestors' tags), whitespace collapsed. */
  html: string;
  /**
   * Renders the simplified page restricted to `items` (with `_item_id`) and `context` (the same blocks without
   * an id, so the model reads them but does not label them); other items and empty ancestors are left out.
   */
  render(items: readonly number[], context?: readonly number[]): string;
}

/** What the engine is asked: a prompt and the ids its JSON answer must cover, in this order. */
export interface LabelRequest {
  prompt: string;
  ids: readonly string[];
}

export interface LabelAnswer {
  /** The raw text the model produced (validated by the stage, never trusted). */
  text: string;
  /** Model forward passes (decoding steps that the model chose; forced syntax costs none). */
  steps: number;
  promptTokens: number;
  ms: number;
}

/**
 * A language model that labels blocks. Implementations: transformers.js text generation with the constrained
 * decoder (src/dripper/transformers-engine.ts) and WebLLM with its JSON-schema mode (src/dripper/webllm-engine.ts).
 */
export interface LabelEngine {
  /** Shown in reasons, e.g. "Qwen3-0.6B" or "synthetic-tiny-gpt2-smollm-vocab". */
  readonly model: string;
  readonly backend: string;
  /** Context window in tokens (prompt + answer). */
  readonly contextTokens: number;
  countTokens(texts: readonly string[]): Promise<number[]>;
  label(request: LabelRequest, signal?: AbortSignal): Promise<LabelAnswer>;
}
