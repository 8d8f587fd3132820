/**
 * Deep clean's transformers.js engine: a causal LM run step by step, its logits masked by the label grammar
 * (src/dripper/constrained-decoder.ts), greedy choice at each label. The grammar writes the fixed text itself, so
 * the model runs once per block. With a model that has past-key-values inputs (every exported decoder LM, such as
 * Qwen3's ONNX build) each step feeds only the tokens added since the last step and reuses the cache of the prompt
 * and the answer so far; a model without them (the shared GPT-2 fixture) runs the whole sequence at every step.
 * Node (onnxruntime-node, the CLI) and the browser (onnxruntime-web, the model host) load it the same way.
 */
import type { PreTrainedModel, PreTrainedTokenizer } from '@huggingface/transformers';
import { contextOf, loadCausalLm, type CausalLmOptions } from '../lm/causal-lm';
import { ANSWER_CHARS, decodeLabels, VocabIndex, type TokenVocab } from './constrained-decoder';
import type { LabelAnswer, LabelEngine, LabelRequest } from './types';

export interface TransformersEngineOptions extends CausalLmOptions {
  /** Override the context window read from the model's config. */
  contextTokens?: number;
  /** Reuse past keys and values between steps when the model takes them (default true). */
  kvCache?: boolean;
}

/** Each token's text; special tokens and byte pieces that are not text on their own are ''. */
export function vocabStrings(tokenizer: PreTrainedTokenizer, size: number): string[] {
  const special = new Set(tokenizer.all_special_ids);
  const strings: string[] = [];
  for (let id = 0; id < size; id++) {
    if (special.has(id)) {
      strings.push('');
      continue;
    }
    const text = tokenizer.decode([id], { skip_special_tokens: false, clean_up_tokenization_spaces: false });
    strings.push(text.includes('\uFFFD') ? '' : text);
  }
  return strings;
}

function asPrompt(tokenizer: PreTrainedTokenizer, prompt: string): string {
  if (!tokenizer.chat_template) return prompt;
  return tokenizer.apply_chat_template([{ role: 'user', content: prompt }], { tokenize: false, add_generation_prompt: true }) as string;
}

type Tensor = import('@huggingface/transformers').Tensor;

/** Tokens kept free for text that tokenizes differently where prompt pieces and answer entries meet. */
const JOIN_SLACK_TOKENS = 8;

export class TransformersLabelEngine implements LabelEngine {
  readonly backend: string;
  /** Whether steps reuse the model's past keys and values (it has the inputs, and it was not turned off). */
  readonly kvCache: boolean;
  private readonly index: VocabIndex;
  /**
   * What chunking may fill with prompt text and answer: the model's window less the chat template and special
   * tokens wrapped around every prompt (countTokens counts bare text) and a few tokens for pieces that tokenize
   * differently side by side than alone.
   */
  readonly contextTokens: number;

  constructor(
    readonly model: string,
    private readonly tokenizer: PreTrainedTokenizer,
    private readonly lm: PreTrainedModel,
    private readonly tensor: typeof import('@huggingface/transformers').Tensor,
    /** The model's own window (prompt, template and answer), as the model's config gives it. */
    readonly modelContext: number,
    device: string,
    kvCache = true,
  ) {
    const wrapper = tokenizer.encode(asPrompt(tokenizer, ''), { add_special_tokens: true }).length;
    this.contextTokens = modelContext - wrapper - JOIN_SLACK_TOKENS;
    this.backend = `transformers.js, ${device}`;
    const inputs = (lm as unknown as { sessions: Record<string, { inputNames: string[] }> }).sessions.model?.inputNames ?? [];
    this.kvCache = kvCache && inputs.some((name) => name.startsWith('past_key_values.'));
    const vocabSize = (lm.config as unknown as { vocab_size: number }).vocab_size;
    const vocab: TokenVocab = { strings: vocabStrings(tokenizer, vocabSize), eos: tokenizer.eos_token_id ?? 0 };
    this.index = new VocabIndex(vocab);
    const missing = this.index.missingChars(ANSWER_CHARS);
    if (missing.length > 0) throw new Error(`${model}'s vocabulary has no token for ${missing.map((c) => JSON.stringify(c)).join(', ')}: it cannot spell every answer`);
  }

  private encode(text: string): number[] {
    return this.tokenizer.encode(text, { add_special_tokens: false });
  }

  async countTokens(texts: readonly string[]): Promise<number[]> {
    return texts.map((t) => this.encode(t).length);
  }

  async label(request: LabelRequest, signal?: AbortSignal): Promise<LabelAnswer> {
    const started = performance.now();
    const prompt = this.tokenizer.encode(asPrompt(this.tokenizer, request.prompt), { add_special_tokens: true });
    // The cache holds keys and values for the first `cached` tokens of the sequence (prompt, then answer).
    let past: Record<string, Tensor> | undefined;
    let cached = 0;
    const step = async (ids: number[]): Promise<Float32Array> => {
      if (ids.length > this.modelContext) throw new Error(`the answer ran past the model's ${this.modelContext} tokens`);
      const fresh = this.kvCache ? ids.slice(cached) : ids;
      const input = new this.tensor('int64', BigInt64Array.from(fresh, BigInt), [1, fresh.length]);
      const mask = new this.tensor('int64', new BigInt64Array(ids.length).fill(1n), [1, ids.length]);
      const output = (await this.lm({ input_ids: input, attention_mask: mask, ...(past ? { past_key_values: past } : {}) })) as Record<string, Tensor>;
      if (this.kvCache) {
        past = {};
        for (const [name, value] of Object.entries(output)) if (name.startsWith('present')) past[name.replace('present', 'past_key_values')] = value;
        cached = ids.length;
      }
      const logits = output.logits as unknown as { data: Float32Array; dims: number[] };
      const vocab = logits.dims[logits.dims.length - 1];
      return Float32Array.from(logits.data.subarray((fresh.length - 1) * vocab, fresh.length * vocab));
    };
    const result = await decodeLabels({
      index: this.index,
      ids: request.ids,
      encode: (text) => this.encode(text),
      signal,
      nextLogits: (generated) => step([...prompt, ...generated]),
    });
    return { text: result.text, steps: result.steps, promptTokens: prompt.length, ms: performance.now() - started };
  }
}

export { forgetHubModel, hubDownloadPlan, type DownloadPlan, type DownloadProgress } from '../lm/causal-lm';

export async function loadTransformersEngine(options: TransformersEngineOptions): Promise<TransformersLabelEngine> {
  const { name, device, tokenizer, lm, tensor, config } = await loadCausalLm(options);
  return new TransformersLabelEngine(name, tokenizer, lm, tensor, options.contextTokens ?? contextOf(config), device, options.kvCache ?? true);
}
