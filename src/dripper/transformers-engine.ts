/**
 * Deep clean's transformers.js engine: a causal LM run step by step, its logits masked by the label grammar
 * (src/dripper/constrained-decoder.ts), greedy choice at each label. The grammar writes the fixed text itself, so
 * the model runs once per block. Each step runs the whole sequence (prompt + answer so far): the GPT-2 fixture has
 * no past-key-values inputs, and one code path serves every model (a KV cache would make long answers cheaper).
 * Node (onnxruntime-node, the CLI) and the browser (onnxruntime-web, the model host) load it the same way.
 */
import type { PreTrainedModel, PreTrainedTokenizer } from '@huggingface/transformers';
import { contextOf, loadCausalLm, type CausalLmOptions } from '../lm/causal-lm';
import { ANSWER_CHARS, decodeLabels, VocabIndex, type TokenVocab } from './constrained-decoder';
import type { LabelAnswer, LabelEngine, LabelRequest } from './types';

export interface TransformersEngineOptions extends CausalLmOptions {
  /** Override the context window read from the model's config. */
  contextTokens?: number;
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

export class TransformersLabelEngine implements LabelEngine {
  readonly backend: string;
  private readonly index: VocabIndex;

  constructor(
    readonly model: string,
    private readonly tokenizer: PreTrainedTokenizer,
    private readonly lm: PreTrainedModel,
    private readonly tensor: typeof import('@huggingface/transformers').Tensor,
    readonly contextTokens: number,
    device: string,
  ) {
    this.backend = `transformers.js, ${device}`;
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
    const result = await decodeLabels({
      index: this.index,
      ids: request.ids,
      encode: (text) => this.encode(text),
      signal,
      nextLogits: async (generated) => {
        const ids = [...prompt, ...generated];
        if (ids.length > this.contextTokens) throw new Error(`the answer ran past the model's ${this.contextTokens} tokens`);
        const input = new this.tensor('int64', BigInt64Array.from(ids, BigInt), [1, ids.length]);
        const mask = new this.tensor('int64', new BigInt64Array(ids.length).fill(1n), [1, ids.length]);
        const output = await this.lm({ input_ids: input, attention_mask: mask });
        const logits = output.logits as { data: Float32Array; dims: number[] };
        const vocab = logits.dims[logits.dims.length - 1];
        return Float32Array.from(logits.data.subarray((ids.length - 1) * vocab, ids.length * vocab));
      },
    });
    return { text: result.text, steps: result.steps, promptTokens: prompt.length, ms: performance.now() - started };
  }
}

export async function loadTransformersEngine(options: TransformersEngineOptions): Promise<TransformersLabelEngine> {
  const { name, device, tokenizer, lm, tensor, config } = await loadCausalLm(options);
  return new TransformersLabelEngine(name, tokenizer, lm, tensor, options.contextTokens ?? contextOf(config), device);
}
