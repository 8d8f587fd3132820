/**
 * Decoding speed of deep clean's transformers.js engine with and without the KV cache: ms per model step for
 * prompts of about 50 and 1,000 tokens, on random-weight GPT-2 fixtures of one shape (2 layers, 64 wide, SmolLM
 * vocabulary): the shared one (no cache inputs: every step runs the whole sequence) and the same shape with a KV
 * cache (test/helpers/kv-gpt2-fixture.ts, written on first use). Also checks that the labels agree with the cache
 * on and off. The sequence (prompt + answer) stays within the fixtures' 1,024 positions: prompts of about 50 and
 * 940 tokens, answers of 2 and 8 ids; a step's cost is the slope between the two (the first step, which reads the
 * whole prompt, is in both totals). Usage: npx tsx tools/dripper-steps.ts [--repeat 3]
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadTransformersEngine, type TransformersLabelEngine } from '../src/dripper/transformers-engine';
import { KV_FIXTURE, writeKvGpt2Fixture } from '../test/helpers/kv-gpt2-fixture';
import { PROJECT_ROOT } from '../vite.page.config';
import { sharedModelsDir } from '../scripts/lib/model-assets';

const { values } = parseArgs({ options: { repeat: { type: 'string', default: '3' } } });
const shared = sharedModelsDir();
const generated = join(PROJECT_ROOT, '.cache/models');
mkdirSync(generated, { recursive: true });
await writeKvGpt2Fixture(shared, generated);

const SHORT = ['1', '2'];
const LONG = ['1', '2', '3', '4', '5', '6', '7', '8'];
const WORDS = 'the lock keepers hang paper lanterns along the towpath one for each boat that passed the summer before'.split(' ');
/** A prompt of about `tokens` tokens for this engine's tokenizer. */
async function promptOf(engine: TransformersLabelEngine, tokens: number): Promise<string> {
  let words = Math.max(1, Math.round(tokens * 0.8));
  for (;;) {
    const text = Array.from({ length: words }, (_, i) => WORDS[i % WORDS.length]).join(' ');
    const [count] = await engine.countTokens([text]);
    if (count >= tokens) return text;
    words += Math.max(1, Math.round((tokens - count) * 0.8));
  }
}

async function medianMs(engine: TransformersLabelEngine, prompt: string, ids: string[]): Promise<{ ms: number; text: string; promptTokens: number }> {
  const times: number[] = [];
  let last = { text: '', promptTokens: 0 };
  for (let r = 0; r < Number(values.repeat); r++) {
    const answer = await engine.label({ prompt, ids });
    times.push(answer.ms);
    last = answer;
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)], ...last };
}

/** ms for an answer of 2 ids and of 8 ids, and per step after the first (the slope between them). */
async function measure(engine: TransformersLabelEngine, prompt: string) {
  await engine.label({ prompt, ids: SHORT }); // warm up
  const short = await medianMs(engine, prompt, SHORT);
  const long = await medianMs(engine, prompt, LONG);
  const perStep = (long.ms - short.ms) / (LONG.length - SHORT.length);
  return { perStep, short: short.ms, long: long.ms, promptTokens: long.promptTokens, text: long.text };
}

const rows: string[] = [];
const texts = new Map<string, string>();
for (const [label, root, folder, dtype, kvCache] of [
  ['shared fixture (no cache inputs)', shared, 'synthetic-tiny-gpt2-smollm-vocab', 'q8', false],
  ['KV fixture, cache off', generated, KV_FIXTURE, 'fp32', false],
  ['KV fixture, cache on', generated, KV_FIXTURE, 'fp32', true],
] as const) {
  const engine = await loadTransformersEngine({ model: folder, root, dtype, kvCache });
  for (const tokens of [50, 940]) {
    const result = await measure(engine, await promptOf(engine, tokens));
    rows.push(`| ${label} | ${result.promptTokens} | ${result.short.toFixed(0)} | ${result.long.toFixed(0)} | ${result.perStep.toFixed(1)} |`);
    if (root === generated) {
      const previous = texts.get(`${tokens}`);
      if (previous !== undefined && previous !== result.text) throw new Error(`labels differ with the cache on and off at ${tokens} tokens`);
      texts.set(`${tokens}`, result.text);
    }
  }
}
console.log(`| model | prompt tokens | 2 ids, ms | 8 ids, ms | ms per later step (medians of ${values.repeat}) |\n|---|---|---|---|---|\n${rows.join('\n')}`);
console.log('Labels with the KV cache on and off: identical at both prompt lengths.');
