/**
 * Cuts a page's items into chunks whose prompt and answer fit the model's context window. Every item lands in
 * exactly one chunk, in order; a chunk also shows its neighbours (one item before and after) without an id.
 */
import { buildPrompt } from './prompt';
import type { LabelRequest, SimplifiedPage } from './types';

export interface ChunkPlanInput {
  /** Tokens of each item's simplified HTML, in item order. */
  itemTokens: readonly number[];
  /** Tokens of each item's answer entry ("12":"other",). */
  answerTokens: readonly number[];
  /** Tokens of the prompt around the HTML (instructions, title, part line) plus a margin for ancestor tags. */
  fixedTokens: number;
  contextTokens: number;
}

export class ContextOverflowError extends Error {
  override name = 'ContextOverflowError';
}

/** Greedy ranges [start, end) over item indexes; throws when one item alone cannot fit. */
export function planChunks({ itemTokens, answerTokens, fixedTokens, contextTokens }: ChunkPlanInput): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  const budget = contextTokens - fixedTokens - 2; // the braces of the answer
  let start = 0;
  let used = 0;
  for (let i = 0; i < itemTokens.length; i++) {
    const cost = itemTokens[i] + answerTokens[i];
    if (cost > budget) {
      throw new ContextOverflowError(`block ${i + 1} needs ${cost + fixedTokens} tokens, more than the model's ${contextTokens}`);
    }
    if (used + cost > budget) {
      ranges.push([start, i]);
      start = i;
      used = 0;
    }
    used += cost;
  }
  if (itemTokens.length > start) ranges.push([start, itemTokens.length]);
  return ranges;
}

export interface Chunk extends LabelRequest {
  /** Item ids labelled in this chunk. */
  items: number[];
  promptTokens: number;
}

export interface ChunkOptions {
  title: string;
  contextTokens: number;
  countTokens(texts: readonly string[]): Promise<number[]>;
  /** Refuse pages that need more chunks than this (each chunk costs a model run). */
  maxChunks?: number;
}

const answerEntry = (id: number) => `"${id}":"other",`;

/**
 * Chunks whose real prompts (counted by the model's tokenizer) leave room for the answer. A chunk that comes out
 * over budget after rendering (its ancestors' tags cost more than the margin) is split in two.
 */
export async function chunkPage(page: SimplifiedPage, options: ChunkOptions): Promise<Chunk[]> {
  const { items } = page;
  if (items.length === 0) return [];
  const counts = await options.countTokens([
    buildPrompt('', { title: options.title, part: { index: 99, count: 99 } }),
    ...items.map((item) => item.html),
    ...items.map((item) => answerEntry(item.itemId)),
  ]);
  const fixed = counts[0];
  const itemTokens = counts.slice(1, 1 + items.length);
  const answerTokens = counts.slice(1 + items.length);
  // Ancestor tags and the neighbours shown as context: a share of the budget, checked below.
  const margin = Math.ceil(options.contextTokens * 0.15);
  let ranges = planChunks({ itemTokens, answerTokens, fixedTokens: fixed + margin, contextTokens: options.contextTokens });
  // Rendering only ever splits chunks, so the count is checked on the plan (before every chunk is rendered) and
  // after each split; the chunks returned are then within the limit.
  const checkLimit = () => {
    if (options.maxChunks !== undefined && ranges.length > options.maxChunks) {
      throw new ContextOverflowError(`the page needs at least ${ranges.length} chunks, more than the limit of ${options.maxChunks}`);
    }
  };
  checkLimit();

  const render = (range: [number, number], count: number, index: number) => {
    const ids = items.slice(range[0], range[1]).map((i) => i.itemId);
    const context = [items[range[0] - 1]?.itemId, items[range[1]]?.itemId].filter((v): v is number => v !== undefined);
    const prompt = buildPrompt(page.render(ids, context), { title: options.title, part: { index, count } });
    return { ids, prompt };
  };
  for (let pass = 0; pass < 8; pass++) {
    const rendered = ranges.map((r, i) => render(r, ranges.length, i + 1));
    const promptTokens = await options.countTokens(rendered.map((r) => r.prompt));
    const over = ranges.findIndex((r, i) => {
      const answer = answerTokens.slice(r[0], r[1]).reduce((a, b) => a + b, 2);
      return promptTokens[i] + answer > options.contextTokens;
    });
    if (over < 0) {
      return rendered.map((r, i) => ({ prompt: r.prompt, ids: r.ids.map(String), items: r.ids, promptTokens: promptTokens[i] }));
    }
    const [start, end] = ranges[over];
    if (end - start < 2) throw new ContextOverflowError(`block ${start + 1} with its surroundings does not fit in the model's ${options.contextTokens} tokens`);
    const middle = start + Math.floor((end - start) / 2);
    ranges = [...ranges.slice(0, over), [start, middle], [middle, end], ...ranges.slice(over + 1)];
    checkLimit();
  }
  throw new ContextOverflowError('the page could not be cut into chunks that fit the model');
}
