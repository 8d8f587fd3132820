import { describe, expect, it } from 'vitest';
import { runDeepClean } from '../../../src/dripper/stage';
import type { LabelEngine } from '../../../src/dripper/types';
import { checkAnswer, CheckingEngine } from '../../../tools/lib/dripper-validity';
import { fixtureExtraction } from './fixtures';

describe('the dripper-validity checker', () => {
  it('counts an answer valid only when it labels exactly the given ids', () => {
    expect(checkAnswer('{"1":"main","2":"other"}', ['1', '2'])).toEqual({ valid: true });
    for (const bad of ['{"1":"main"}', '{"1":"main","2":"other","3":"main"}', '{"1":"main","1":"main","2":"other"}', '{"1":"main","2":"maybe"}', '{"1":"main","2":"other"', 'main']) {
      expect(checkAnswer(bad, ['1', '2']).valid, bad).toBe(false);
    }
  });

  it('records a hand-made bad answer as an invalid chunk, and the stage falls back', async () => {
    const bad: LabelEngine = {
      model: 'Bad-LM',
      backend: 'fake',
      contextTokens: 4096,
      countTokens: async (texts) => texts.map((t) => Math.ceil(t.length / 4)),
      label: async (request) => ({ text: JSON.stringify({ [request.ids[0]]: 'main' }), steps: 1, promptTokens: 10, ms: 1 }),
    };
    const engine = new CheckingEngine(bad);
    const extraction = await runDeepClean(fixtureExtraction(), engine);
    expect(engine.chunks).toHaveLength(1);
    expect(engine.chunks[0].check).toMatchObject({ valid: false, reason: expect.stringContaining('missing ids') });
    expect(extraction.deepClean?.status).toBe('malformed');
  });
});
