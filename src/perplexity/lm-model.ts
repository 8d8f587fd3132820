/**
 * The perplexity stage's optional route: perplexity per subword token under a causal language model (through
 * transformers.js), behind the same `PerplexityModel` interface as the n-gram models. One model serves every
 * language it was trained on; its cutoff (`lmCutoff`) depends on the model and has to be measured for it.
 *
 * Where the model runs elsewhere (the CLI's Node process, reached from the page), `bridgeLmLoader` wraps the call.
 */
import type { CausalLm } from '../lm/causal-lm';
import { contextOf } from '../lm/causal-lm';
import { languageName, type ModelLanguage } from './languages';
import type { Perplexity, PerplexityModel } from './model';
import type { ModelLoader } from './stage';

/** Longer texts are scored on their first this-many tokens: enough to tell prose from a fragment. */
export const MAX_LM_TOKENS = 256;

/** A perplexity reply from wherever the model runs, with the model's name for reasons. */
export interface LmPerplexity extends Perplexity {
  model: string;
}

export type LmScorer = (text: string) => Promise<LmPerplexity>;

/** log Σ exp(x) over a slice of logits, stable. */
function logSumExp(values: Float32Array): number {
  let max = -Infinity;
  for (const v of values) if (v > max) max = v;
  let sum = 0;
  for (const v of values) sum += Math.exp(v - max);
  return max + Math.log(sum);
}

/**
 * Scores a text with one forward pass: the text's tokens after the model's beginning-of-text token, each token's
 * log-probability read from the logits at the position before it.
 */
export function causalLmScorer(model: CausalLm, maxTokens = MAX_LM_TOKENS): LmScorer {
  const { tokenizer, lm, tensor } = model;
  const start = tokenizer.bos_token_id ?? tokenizer.eos_token_id ?? 0;
  const limit = Math.min(maxTokens, contextOf(model.config) - 1);
  return async (text) => {
    const ids = tokenizer.encode(text, { add_special_tokens: false }).slice(0, limit);
    if (ids.length === 0) return { model: model.name, perplexity: 1, tokens: 0, unknown: 0, sentences: 0 };
    const input = [start, ...ids];
    const output = await lm({
      input_ids: new tensor('int64', BigInt64Array.from(input, BigInt), [1, input.length]),
      attention_mask: new tensor('int64', new BigInt64Array(input.length).fill(1n), [1, input.length]),
    });
    const logits = output.logits as { data: Float32Array; dims: number[] };
    const vocab = logits.dims[logits.dims.length - 1]!;
    let logProb = 0;
    for (let i = 0; i < ids.length; i++) {
      const row = logits.data.subarray(i * vocab, (i + 1) * vocab);
      logProb += row[ids[i]!]! - logSumExp(row);
    }
    // A subword vocabulary spells every word, so nothing is unknown; one "sentence" is the whole text.
    return { model: model.name, perplexity: Math.exp(-logProb / ids.length), tokens: ids.length, unknown: 0, sentences: 0 };
  };
}

/**
 * The stage's loader over a language model: the same model for every language, named in reasons by the name its
 * replies carry ("Ill-formed text (perplexity 1,204 > 1,000, SmolLM-135M on German text)"). The stage scores a block
 * with it once (level 'lm': no other language to try); the last text's score is kept all the same, so views of
 * several languages asked about one text run the model once.
 */
export function lmModelLoader(score: LmScorer, name: string): ModelLoader {
  let last: { text: string; result: Promise<LmPerplexity> } | null = null;
  const scoreOnce = (text: string) => {
    if (last?.text !== text) last = { text, result: score(text) };
    return last.result;
  };
  const models = new Map<ModelLanguage, PerplexityModel>();
  return async (lang) => {
    let model = models.get(lang);
    if (!model) {
      const view: PerplexityModel = {
        lang,
        level: 'lm',
        name: `${name} on ${languageName(lang)} text`,
        score: async (text) => {
          const reply = await scoreOnce(text);
          view.name = `${reply.model} on ${languageName(lang)} text`;
          return reply;
        },
      };
      models.set(lang, (model = view));
    }
    return model;
  };
}
