/**
 * The perplexity stage's language-model route, with the random-weight GPT-2 fixture (plumbing only: its
 * perplexities mean nothing, so no test here says which text is better formed).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { decide, emptyRecord } from '../../../src/decisions/record';
import type { DecisionRecord } from '../../../src/decisions/types';
import { loadCausalLm, type CausalLm } from '../../../src/lm/causal-lm';
import { causalLmScorer, lmModelLoader, type LmScorer } from '../../../src/perplexity/lm-model';
import { applyPerplexity } from '../../../src/perplexity/stage';
import type { Block, PageSnapshot } from '../../../src/snapshot/types';
import { makeBlock } from '../../helpers/block';
import { MODELS_DIR } from '../../helpers/models';

const GPT2 = 'synthetic-tiny-gpt2-smollm-vocab';
const PARAGRAPHS = [
  'The council voted on Tuesday to build a new library in the town centre, because the old one is too small.',
  'Work is expected to begin next spring and to take about two years, the mayor said after the meeting.',
  'Home News Sport Weather Contact Login',
];

function setUp(): { blocks: Block[]; snapshot: PageSnapshot; record: DecisionRecord } {
  const blocks = PARAGRAPHS.map((t, i) => makeBlock(i, 'text', t));
  const record = emptyRecord();
  for (const b of blocks) decide(record, { block: b.id, kept: true, stage: 'gce', reason: 'Inside the main content', evidence: { kind: 'main-container', container: 0 } });
  return { blocks, snapshot: { url: 'http://127.0.0.1/', lang: 'en', dir: 'ltr', blocks } as unknown as PageSnapshot, record };
}

describe('perplexity through a causal language model (GPT-2 fixture)', () => {
  let lm: CausalLm;
  let scorer: LmScorer;
  beforeAll(async () => {
    lm = await loadCausalLm({ model: GPT2, root: MODELS_DIR });
    scorer = causalLmScorer(lm);
  }, 60_000);

  it('scores every subword token of a text, deterministically, with a finite perplexity', async () => {
    const text = PARAGRAPHS[0]!;
    const a = await scorer(text);
    const b = await scorer(text);
    expect(a.tokens).toBe(lm.tokenizer.encode(text, { add_special_tokens: false }).length);
    expect(a.unknown).toBe(0);
    expect(Number.isFinite(a.perplexity) && a.perplexity > 1).toBe(true);
    expect(b.perplexity).toBe(a.perplexity);
    expect(a.model).toBe(GPT2);
  });

  it('scores a long text on its first tokens only', async () => {
    const long = PARAGRAPHS[0]!.repeat(40);
    expect((await causalLmScorer(lm, 32)(long)).tokens).toBe(32);
  });

  it('runs the stage with the model at the LM cutoff, naming the model in the reason', async () => {
    const values = await Promise.all(PARAGRAPHS.map((t) => scorer(t)));
    const highest = Math.max(...values.map((v) => v.perplexity));
    const lowest = Math.min(...values.map((v) => v.perplexity));
    // A cutoff between the lowest and the highest score removes the highest-scoring block and keeps the lowest.
    const { snapshot, record } = setUp();
    const result = await applyPerplexity(snapshot, record, lmModelLoader(scorer, GPT2), { wordCutoff: 1, charCutoff: 1, lmCutoff: (highest + lowest) / 2, maxRemovedShare: 1 });
    const removed = record.decisions.filter((d) => !d.kept);
    expect(removed.length).toBeGreaterThan(0);
    expect(removed.length).toBeLessThan(PARAGRAPHS.length);
    expect(removed[0]!.reason).toMatch(new RegExp(`^Ill-formed text \\(perplexity [\\d,]+ > [\\d,]+, ${GPT2} on English text\\)$`));
    expect(result.verdicts.every((v) => v.status === 'scored' && v.level === 'lm')).toBe(true);
    // The word and character cutoffs do not apply to it: at 1 they would have removed everything.
    const { snapshot: s2, record: r2 } = setUp();
    await applyPerplexity(s2, r2, lmModelLoader(scorer, GPT2), { wordCutoff: 1, charCutoff: 1, lmCutoff: highest * 2, maxRemovedShare: 1 });
    expect(r2.decisions.every((d) => d.kept)).toBe(true);
  });

  it('runs the model once per block, however many candidate languages the block has', async () => {
    let calls = 0;
    const counting: LmScorer = (text) => {
      calls += 1;
      return scorer(text);
    };
    const load = lmModelLoader(counting, GPT2);
    const [en, fr] = await Promise.all([load('en'), load('fr')]);
    await en.score(PARAGRAPHS[0]!);
    await fr.score(PARAGRAPHS[0]!);
    expect(calls).toBe(1);
    expect(fr.name).toBe(`${GPT2} on French text`);
  });
});
