import { describe, expect, it } from 'vitest';
import { lmReason, runDeepClean } from '../../../src/dripper/stage';
import type { LabelAnswer, LabelEngine, LabelRequest } from '../../../src/dripper/types';
import { fixtureExtraction } from './fixtures';

const countTokens = async (texts: readonly string[]) => texts.map((t) => Math.ceil(t.length / 4));

function engine(answer: (request: LabelRequest, signal?: AbortSignal) => Promise<string>, contextTokens = 4096): LabelEngine {
  return {
    model: 'Test-LM',
    backend: 'fake',
    contextTokens,
    countTokens,
    async label(request, signal): Promise<LabelAnswer> {
      return { text: await answer(request, signal), steps: request.ids.length, promptTokens: 0, ms: 0 };
    },
  };
}

/** Labels the blocks whose text mentions comments or related links "other", the rest "main". */
const sensible = engine(async (request) => {
  const labels = request.ids.map((id) => {
    const el = new DOMParser().parseFromString(request.prompt, 'text/html').querySelector(`[_item_id="${id}"]`);
    return [id, /comments|Related/.test(el?.textContent ?? '') ? 'other' : 'main'];
  });
  return JSON.stringify(Object.fromEntries(labels));
});

function keptTexts(extraction: ReturnType<typeof fixtureExtraction>) {
  return extraction.snapshot.blocks.filter((b) => extraction.record.decisions[b.id].kept).map((b) => b.text);
}

describe('the deep-clean stage', () => {
  it('removes the kept blocks the model labels other, with stage lm, cause and reason', async () => {
    const extraction = await runDeepClean(fixtureExtraction(), sensible);
    const removed = extraction.record.decisions.filter((d) => d.stage === 'lm');
    expect(removed.map((d) => d.block)).toEqual([7, 8]);
    expect(removed[0]).toMatchObject({ kept: false, cause: 'lm-label', reason: lmReason('Test-LM'), evidence: { kind: 'lm-label', label: 'other', item: 5 } });
    expect(removed[0].reason).toBe('Labelled other by the language model (Test-LM, deep clean)');
    expect(keptTexts(extraction)).toContain('A river that remembers');
    expect(extraction.deepClean).toMatchObject({ status: 'applied', items: 6, chunks: 1, removed: 2 });
    expect(extraction.record.runs.at(-1)).toMatchObject({ stage: 'lm', path: 'lm' });
    // Blocks the simplification left out (nav, header) keep the earlier decision.
    expect(extraction.record.decisions[0].stage).toBe('gce');
  });

  const fallbacks: Array<[string, LabelEngine, RegExp]> = [
    ['timeout', engine((_, signal) => new Promise((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason)))), /ran out of time \(it took longer than the time limit of 300 ms\)/],
    ['overflow', engine(async () => '{}', 200), /does not fit the page in its context/],
    ['malformed', engine(async () => 'The main content is the article.'), /not a valid label map \(the answer is not JSON/],
    ['failed', engine(async () => { throw new Error('the model file is missing'); }), /failed \(the model file is missing\)/],
  ];
  it.each(fallbacks)('keeps the structural result on %s, and records why', async (kind, lm, reason) => {
    const before = fixtureExtraction();
    const extraction = await runDeepClean(fixtureExtraction(), lm, { timeoutMs: 300 });
    expect(keptTexts(extraction)).toEqual(keptTexts(before));
    expect(extraction.record.decisions.some((d) => d.stage === 'lm')).toBe(false);
    expect(extraction.deepClean?.status).toBe(kind);
    expect(extraction.deepClean?.reason).toMatch(reason);
    expect(extraction.deepClean?.reason).toMatch(/the structural result stands$/);
    expect(extraction.record.runs.at(-1)).toMatchObject({ stage: 'lm', path: `lm:fallback:${kind}` });
  });

  it('drops a whole page’s labels when one chunk’s answer is malformed', async () => {
    let calls = 0;
    const second = engine(async (request) => (++calls === 2 ? '{"1":"main"}' : JSON.stringify(Object.fromEntries(request.ids.map((id) => [id, 'other'])))), 520);
    const extraction = await runDeepClean(fixtureExtraction(), second, { timeoutMs: 5000 });
    expect(extraction.deepClean?.chunks).toBeGreaterThan(1);
    expect(extraction.deepClean?.status).toBe('malformed');
    expect(extraction.record.decisions.some((d) => d.stage === 'lm')).toBe(false);
  });
});
